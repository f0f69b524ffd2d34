// "Bring your own model": a Hugging Face config.json (optionally with its
// model.safetensors.index.json) read into the same ModelSpec a catalog entry gives, with precise
// errors and the catalog's hostile-input limits. The page (web/app/ → the JSON module, app/json_main.cpp: gsj_import) and the
// CLI (--config FILE) call it; the model then travels in the link as model=custom and its keys
// (engine/custom_model.hpp), so the shared link reproduces the result without the file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog_json.hpp"
#include "engine/message.hpp"
#include "engine/state.hpp"

namespace gpusizer {

struct ConfigImport {
    bool ok = false;
    ModelSpec model;                  // custom = true; params from the architecture or the index
    std::vector<Message> notes;       // how it was read (coded: config.* in engine/codes.hpp)
    std::vector<Message> refusals;    // why it was not imported, what the file is and what to do (coded)
    std::vector<CatalogError> errors; // "config.json: num_attention_heads: expected …"
};

// `index_json` (model.safetensors.index.json) and `quant_json` (ModelOpt's hf_quant_config.json)
// may be empty. Names the files as given in errors. A file that is not a model's config.json (a
// LoRA adapter, a tokenizer config, the index itself…) or a family gpusizer does not size yet is
// refused with a coded note (config.is_* / config.family_unsupported) that says what it is and
// what to do, and an error line with the same text in English.
ConfigImport import_hf_config(std::string_view config_json, std::string_view index_json = {},
                              const std::string& config_file = "config.json",
                              const std::string& index_file = "model.safetensors.index.json",
                              std::string_view quant_json = {}, const std::string& quant_file = "hf_quant_config.json");

// `s` with the imported model as its custom model (model=custom), canonical: exactly what its link
// decodes to, so the page, the CLI and a fresh page all size the same numbers. The weight format
// and the rest of the state (load, GPU, view) are kept.
State state_with_import(const State& s, const ModelSpec& m);

}  // namespace gpusizer
