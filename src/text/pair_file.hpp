// Files of string pairs the page fetches beside its module: text-ru.bin (language_pack.hpp) and
// model-notes.bin (catalog_binary.hpp). One format and one bounds-checked reader for both.
//
// Format: a magic line, then each table's pair count as a 4-byte little-endian integer, then every
// pair's two strings, each ended by a NUL byte, table after table, then the FNV-1a 64-bit hash of
// everything before it (8 bytes, little-endian): the page fetches these files lazily and from
// caches, and a damaged or stale one is refused, not half-read.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpusizer {

using StringPairs = std::vector<std::pair<std::string_view, std::string_view>>;

// FNV-1a, 64 bits: the checksum of these files and of catalog.bin (catalog_binary.cpp).
std::uint64_t fnv1a64(std::string_view bytes);

std::string write_pair_file(std::string_view magic, const std::vector<StringPairs>& tables);

// The pairs point into `bytes` (each string is followed by its NUL there). On failure `error` is
// one of: "wrong magic", "checksum mismatch (a damaged or stale file)", "implausible table sizes",
// "the file ends inside its tables", "bytes after the tables".
struct PairFile {
    bool ok = false;
    std::string error;
    std::vector<StringPairs> tables;
};
PairFile read_pair_file(std::string_view bytes, std::string_view magic, std::size_t table_count);

}  // namespace gpusizer
