// Files of string pairs the page fetches beside its module: text-ru.bin (language_pack.hpp) and
// model-notes.bin (catalog_binary.hpp). One format and one bounds-checked reader for both.
//
// Format: a magic line, then each table's pair count as a 4-byte little-endian integer, then every
// pair's two strings, each ended by a NUL byte, table after table.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpusizer {

using StringPairs = std::vector<std::pair<std::string_view, std::string_view>>;

std::string write_pair_file(std::string_view magic, const std::vector<StringPairs>& tables);

// The pairs point into `bytes` (each string is followed by its NUL there). On failure `error` is
// one of: "wrong magic", "implausible table sizes", "the file ends inside its tables",
// "bytes after the tables".
struct PairFile {
    bool ok = false;
    std::string error;
    std::vector<StringPairs> tables;
};
PairFile read_pair_file(std::string_view bytes, std::string_view magic, std::size_t table_count);

}  // namespace gpusizer
