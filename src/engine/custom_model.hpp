// A model described by the link (model=custom) instead of the catalog: the mapping between the
// link's CustomModel and the engine's ModelSpec, both ways. An imported config.json becomes a
// ModelSpec (src/catalog/hf_config.hpp), then a CustomModel, and the link carries that; every
// page and the CLI rebuild the same ModelSpec from it, so the result does not need the file.
#pragma once

#include <vector>

#include "engine/catalog_types.hpp"
#include "engine/message.hpp"
#include "engine/state.hpp"

namespace gpusizer {

// The name of a custom model the link does not name (or whose name it may not use: check_custom_model).
inline constexpr const char* kUnnamedCustomModel = "Custom model";

// The engine's model for a custom state. Figures the link does not give stay unknown: FFN width
// 4·hidden and no vocabulary (the original custom model), marked estimated.
ModelSpec custom_model(const CustomModel& c);

// Enough to size: parameters, layers, hidden size and heads.
bool custom_model_complete(const CustomModel& c);

// True when the link gives the FFN width and the vocabulary: nothing about the model is assumed.
bool custom_model_specified(const CustomModel& c);

// The link fields for a model (the inverse of custom_model for what the link can carry).
CustomModel custom_from_spec(const ModelSpec& m);

// Fewest parameters a model may have (billions): 1 M. A link, a config.json import and a catalog
// entry are all held to it (below it nothing is sized).
constexpr double kMinModelParamsB = 0.001;

// The rules every model's figures obey, as coded problems (model.check_*: the link key and the
// catalog field, the value and its range); empty when they hold. The catalog's envelope
// (check_model_envelope, catalog_json.hpp) words them for catalog entries and imported
// config.json files; a link's custom model with any is not evaluated (check_custom_model).
std::vector<Message> model_envelope_problems(const ModelSpec& m);

// Parameters the architecture holds (attention, FFN or experts, embeddings when the vocabulary is
// known), as a config.json import counts them, roughly: to check a count a link gives.
double architecture_params(const ModelSpec& m);

// A link's custom model as the engine sizes it, with what its figures say: the envelope's problems
// (then `usable` is false: an import with them is refused, a link's model is not evaluated); a
// parameter count over 3× away from what its architecture holds; a name that is a catalog model's
// while its count is not (the name is not used: the model shows as a custom one).
struct CustomModelCheck {
    ModelSpec model;
    std::vector<Message> warnings;
    bool usable = true;
};
CustomModelCheck check_custom_model(const CustomModel& c, const Catalog& catalog);

}  // namespace gpusizer
