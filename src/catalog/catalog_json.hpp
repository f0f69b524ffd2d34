// The catalog layer: JSON text → engine value types, with precise errors.
// Never throws and never aborts: a file with errors is rejected with the full list, and the
// caller keeps using the catalog it had (the bundled one).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/catalog_types.hpp"

namespace gpusizer {

struct CatalogError {
    std::string file;   // which file
    std::string entry;  // "gpus[h100-sxm]", "models[3]", "" for the top level
    std::string field;  // "memory_gib"
    std::string message;  // "expected a positive number, got a string"
    std::string to_string() const;
};

struct CatalogLoad {
    bool ok = false;
    Catalog catalog;
    std::vector<CatalogError> errors;
};

// Limits on what a catalog or provider file may hold. A provider file comes from a URL
// (`?catalog=`) or the command line, so it is hostile until read: sizes are checked before the
// JSON is parsed and counts before any entry is read, so a huge file is refused in milliseconds.
namespace limits {
inline constexpr std::size_t kProviderFileBytes = 2 * 1024 * 1024;  // provider files and --catalog
inline constexpr std::size_t kJsonDepth = 32;     // nesting; the schema needs 5
inline constexpr std::size_t kGpus = 500;         // entries in "gpus"
inline constexpr std::size_t kModels = 500;       // entries in "models"
inline constexpr std::size_t kOtherEntries = 1000;  // servers, presets, aliases, prices, order_urls, hide
inline constexpr std::size_t kIdChars = 100;      // GPU / model / server ids
inline constexpr std::size_t kNameChars = 200;    // names
inline constexpr std::size_t kUrlChars = 2000;    // order URLs
inline constexpr std::size_t kTextChars = 4000;   // notes, sources and other free text
inline constexpr std::size_t kUnknownReasons = 100;  // entries in one GPU's "unknown" (it has ~30 fields)
inline constexpr std::size_t kErrorsShown = 20;   // then one "and N more problems"
// A Hugging Face config.json (a few KB) is held to kProviderFileBytes; its optional
// model.safetensors.index.json lists every tensor (9 MB for DeepSeek-V3) and is only scanned for
// its metadata, never held as a document.
inline constexpr std::size_t kIndexFileBytes = 32 * 1024 * 1024;
// The lists and maps whose entries are counted before any is read, and the most each may hold
// (the page's worker checks the same counts: app/web_main.cpp gs_file_limits, web/catalog-check.js).
inline constexpr const char* kCountedLists[] = {"gpus",   "models", "servers",    "presets", "aliases",
                                                 "prices", "rates",  "order_urls", "hide"};
inline constexpr std::size_t max_entries(std::string_view list) {
    return list == "gpus" ? kGpus : list == "models" ? kModels : kOtherEntries;
}
}  // namespace limits

// The envelope every figure of a catalog entry must lie in, whichever way it arrived (catalog
// JSON, packed catalog.bin, provider override merged over a bundled entry). Appends one error per
// figure outside it, naming the field ("tflops_dense.bf16: expected 0.01–100000, got 1e-300").
void check_gpu_envelope(const GpuSpec& g, const std::string& file, const std::string& entry,
                        std::vector<CatalogError>& errors);
void check_model_envelope(const ModelSpec& m, const std::string& file, const std::string& entry,
                          std::vector<CatalogError>& errors);
// The checks every JSON file gets before it is parsed: at most `max_bytes` and kJsonDepth levels of
// nesting (a cheap scan). Appends the error and returns false otherwise.
bool within_json_limits(std::string_view text, const std::string& file, std::vector<CatalogError>& errors,
                        std::size_t max_bytes = limits::kProviderFileBytes);
// Ids: the link codec's character set (letters, digits, - _ . / : +), 1 to limits::kIdChars long.
bool valid_catalog_id(std::string_view id);
// A currency: three letters A-Z ("USD", "RUB").
bool valid_currency(std::string_view code);

// Parse a complete catalog (the bundled file, or a provider file with "mode": "replace").
CatalogLoad load_catalog(std::string_view json_text, const std::string& file_name);

// Apply a provider file to a base catalog. A provider file has "mode": "replace" (a complete
// catalog) or "extend" (the default): add or override GPUs and models by id (overrides may be
// partial), set "currency", "prices" {gpu id: price per GPU-hour}, "order_urls" {gpu id: url
// template with {gpu} and {count}}, and "hide" [ids]. On any error the result is not ok and
// `catalog` is the untouched base.
CatalogLoad apply_provider_catalog(const Catalog& base, std::string_view json_text, const std::string& file_name);

}  // namespace gpusizer
