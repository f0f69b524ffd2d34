// The bundled catalog (data/catalog.json), compiled into the binary by CMake so the CLI and
// the tests read the very same bytes the site ships.
#pragma once

#include <string_view>

namespace gpusizer {

std::string_view bundled_catalog_json();

}  // namespace gpusizer
