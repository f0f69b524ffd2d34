// Turns an engine Result into the CLI's JSON (the schema documented in the README), a
// readable table, Markdown and CSV. Shared by the CLI and the browser (export, test hooks).
#pragma once

#include <string>
#include <vector>

#include "engine/sizing.hpp"

namespace gpusizer {

// `extra_warnings` (link decoding, catalog loading) are listed before the engine's own.
std::string result_json(const Result& r, const std::vector<Warning>& extra_warnings, int indent = 2);
std::string result_table(const Result& r, const std::vector<Warning>& extra_warnings);
std::string result_markdown(const Result& r);
std::string result_csv(const Result& r);

}  // namespace gpusizer
