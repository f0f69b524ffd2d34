// The article's own AI services beside chat, each a preset of the inference task:
//   use=asr      speech-to-text ("meeting transcription and analytics")       speech.cpp
//   use=embed    embeddings for vector search over a knowledge base            embeddings.cpp
//   use=copilot  a code copilot for developers: completion-shaped LLM serving  copilot.cpp
// A preset has a default model and (copilot) load defaults; the link codec omits them from
// links and applies them to keys a link leaves out, the UI applies them when a chip is chosen.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/state.hpp"

namespace gpusizer {

bool is_service_use(Use use);  // asr, embed, copilot
// A use whose preset sets load keys or a model (the services, and rag, reason, agent: workload.hpp).
bool has_use_defaults(Use use);
// The model a service preset starts from ("" for other uses: the State's default).
std::string_view default_model_for(Use use);
// Sets the use's defaults (model, copilot's load) on every link key not in `given`.
void apply_use_defaults(State& s, const std::vector<std::string>& given);
// Switches to `use`: the old use's defaults go back to the plain ones, the new use's apply.
void switch_use(State& s, Use use);
// What a link of this use omits: State{} with the use's defaults, `use` itself left at chat.
State use_defaults_state(Use use);

}  // namespace gpusizer
