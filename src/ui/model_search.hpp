// Model search as people spell names ("DeepSeek V3.2", "qwen3 30b", "gpt oss 120b"): no ImGui,
// so it is unit-tested against the bundled catalog.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/catalog_types.hpp"

namespace gpusizer::ui {

// Lower-case ASCII letters and digits only: case, spaces, '-', '.', '_' and '/' do not count.
std::string search_key(std::string_view s);
// The query's words (split on spaces), each as a search_key; empty words dropped.
std::vector<std::string> search_tokens(std::string_view query);
// Every word is inside one of the model's id, name, family, size ("30b") or an alias of its id.
bool model_matches(const Catalog& c, const ModelSpec& m, const std::vector<std::string>& tokens);
// Matching models, best first: the whole query inside the name, then shorter names; catalog order
// otherwise. An empty query returns every model in catalog order.
std::vector<const ModelSpec*> search_models(const Catalog& c, std::string_view query);

}  // namespace gpusizer::ui
