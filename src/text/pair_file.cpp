// See pair_file.hpp.
#include "text/pair_file.hpp"

#include <cstdint>

namespace gpusizer {
namespace {

// Far above the real tables (a few hundred pairs): a count beyond it is a broken file.
constexpr std::uint32_t kMaxPairs = 100000;

constexpr std::size_t kSumBytes = 8;

}  // namespace

std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
    return h;
}

std::string write_pair_file(std::string_view magic, const std::vector<StringPairs>& tables) {
    std::string out(magic);
    for (const StringPairs& t : tables)
        for (int i = 0; i < 4; ++i) out += char((std::uint32_t(t.size()) >> (8 * i)) & 0xFF);
    for (const StringPairs& t : tables)
        for (const auto& [a, b] : t) {
            out.append(a).push_back('\0');
            out.append(b).push_back('\0');
        }
    const std::uint64_t sum = fnv1a64(out);
    for (std::size_t i = 0; i < kSumBytes; ++i) out += char((sum >> (8 * i)) & 0xFF);
    return out;
}

PairFile read_pair_file(std::string_view file, std::string_view magic, std::size_t table_count) {
    PairFile f;
    std::size_t at = magic.size() + 4 * table_count;
    if (file.size() < at + kSumBytes || file.substr(0, magic.size()) != magic) {
        f.error = "wrong magic";
        return f;
    }
    // The tables are the bytes before the checksum.
    const std::string_view b = file.substr(0, file.size() - kSumBytes);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < kSumBytes; ++i)
        sum |= std::uint64_t(static_cast<unsigned char>(file[b.size() + i])) << (8 * i);
    if (fnv1a64(b) != sum) {
        f.error = "checksum mismatch (a damaged or stale file)";
        return f;
    }
    std::vector<std::uint32_t> counts(table_count, 0);
    for (std::size_t t = 0; t < table_count; ++t) {
        for (int i = 0; i < 4; ++i)
            counts[t] |= std::uint32_t(static_cast<unsigned char>(b[magic.size() + 4 * t + i])) << (8 * i);
        if (counts[t] > kMaxPairs) {
            f.error = "implausible table sizes";
            return f;
        }
    }
    auto next = [&](std::string_view* s) {
        const std::size_t nul = b.find('\0', at);
        if (nul == std::string_view::npos) return false;
        *s = b.substr(at, nul - at);
        at = nul + 1;
        return true;
    };
    for (std::uint32_t count : counts) {
        StringPairs& pairs = f.tables.emplace_back();
        pairs.reserve(count);
        for (std::uint32_t i = 0; i < count; ++i) {
            std::string_view first, second;
            if (!next(&first) || !next(&second)) {
                f.error = "the file ends inside its tables";
                f.tables.clear();
                return f;
            }
            pairs.emplace_back(first, second);
        }
    }
    if (at != b.size()) {
        f.error = "bytes after the tables";
        f.tables.clear();
        return f;
    }
    f.ok = true;
    return f;
}

}  // namespace gpusizer
