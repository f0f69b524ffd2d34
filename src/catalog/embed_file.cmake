# Turns a file into a C++ source defining `std::string_view <FUNC>()` over its bytes.
# Usage: cmake -DIN=file -DOUT=file.cpp -DFUNC=name -DHEADER=include.hpp -P embed_file.cmake
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" hex_len)
math(EXPR size "${hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "// Generated from ${IN} by embed_file.cmake. Do not edit.\n#include \"${HEADER}\"\n\nnamespace gpusizer {\nnamespace {\nconst unsigned char kData[] = {\n${bytes}0};\n}\nstd::string_view ${FUNC}() { return std::string_view(reinterpret_cast<const char*>(kData), ${size}); }\n}  // namespace gpusizer\n")
