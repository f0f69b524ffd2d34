// Request lengths of four kinds of traffic, for sizing at a request rate (slo.hpp): the prompt and
// answer means and their spread (coefficient of variation, the `spread` key), each from a published
// trace or, where no trace is published, a published benchmark convention, with its source. The
// page's chips write in, out and spread; the link carries those keys (a preset is a starting point).
#pragma once

#include <cstddef>

namespace gpusizer {

struct LengthPreset {
    const char* key;     // chat, rag, code, summ
    const char* name;    // term code: the chip's words
    const char* basis;   // term code: where the figures come from
    double in, out;      // mean prompt and answer tokens
    double spread;       // the prompts' coefficient of variation (0: not published, fixed lengths)
    const char* source;  // where to read it
};

// The presets, in the order the page lists them.
const LengthPreset* length_presets(std::size_t* count);

}  // namespace gpusizer
