// The catalog layer: JSON text → engine value types, with precise errors.
// Never throws and never aborts: a file with errors is rejected with the full list, and the
// caller keeps using the catalog it had (the bundled one).
#pragma once

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

// Parse a complete catalog (the bundled file, or a provider file with "mode": "replace").
CatalogLoad load_catalog(std::string_view json_text, const std::string& file_name);

// Apply a provider file to a base catalog. A provider file has "mode": "replace" (a complete
// catalog) or "extend" (the default): add or override GPUs and models by id (overrides may be
// partial), set "currency", "prices" {gpu id: price per GPU-hour}, "order_urls" {gpu id: url
// template with {gpu} and {count}}, and "hide" [ids]. On any error the result is not ok and
// `catalog` is the untouched base.
CatalogLoad apply_provider_catalog(const Catalog& base, std::string_view json_text, const std::string& file_name);

}  // namespace gpusizer
