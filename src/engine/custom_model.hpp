// A model described by the link (model=custom) instead of the catalog: the mapping between the
// link's CustomModel and the engine's ModelSpec, both ways. An imported config.json becomes a
// ModelSpec (src/catalog/hf_config.hpp), then a CustomModel, and the link carries that; every
// page and the CLI rebuild the same ModelSpec from it, so the result does not need the file.
#pragma once

#include "engine/catalog_types.hpp"
#include "engine/state.hpp"

namespace gpusizer {

// The engine's model for a custom state. Figures the link does not give stay unknown: FFN width
// 4·hidden and no vocabulary (the original custom model), marked estimated.
ModelSpec custom_model(const CustomModel& c);

// Enough to size: parameters, layers, hidden size and heads.
bool custom_model_complete(const CustomModel& c);

// True when the link gives the FFN width and the vocabulary: nothing about the model is assumed.
bool custom_model_specified(const CustomModel& c);

// The link fields for a model (the inverse of custom_model for what the link can carry).
CustomModel custom_from_spec(const ModelSpec& m);

}  // namespace gpusizer
