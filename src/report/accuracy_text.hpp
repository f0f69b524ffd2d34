// The error bands of a result in words, in English or Russian (report/accuracy.hpp has the
// numbers): the page's tooltips and its "How right are these figures" section, the exports'
// "Accuracy" section and the DOM summary all read them from here.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/sizing.hpp"
#include "report/accuracy.hpp"
#include "text/text.hpp"

namespace gpusizer {

// One estimated figure of an option, in words.
struct AccuracyLine {
    FigureAccuracy numbers;  // the figure's JSON name, its family's band and nearest run
    std::string label;       // the figure as the page names it: "Tokens/s per user"
    std::string band;        // "accuracy: ±10 % median error on 3 published runs of this kind (worst -18 %)"
    std::string run;         // the nearest published run: "Qwen3-8B, NVIDIA H100 SXM 80GB"; "" when none
    std::string nearest;     // "nearest published run: Qwen3-8B, NVIDIA H100 SXM 80GB (error -66 %)"; "" when none
    std::string url;         // that run's source; "" when none
};

// The figures of one family: one band and one nearest run for all of them.
struct AccuracyGroup {
    std::string family;
    std::string labels;  // "Tokens/s per user · Time per output token"
    std::string band, nearest, url;
};

// A figure's name as the page shows it ("per_gpu_gb" → "Memory per GPU"); "" for an unknown name.
std::string figure_label(std::string_view figure, text::Lang lang);
AccuracyLine accuracy_line(const Result& r, const Option& o, std::string_view figure, text::Lang lang);
// Every estimated figure of the recommended option (result_accuracy), in words.
std::vector<AccuracyLine> accuracy_lines(const Result& r, text::Lang lang);
// The same lines by family, in the order the families first appear.
std::vector<AccuracyGroup> accuracy_groups(const std::vector<AccuracyLine>& lines);
// One figure's band as a line for its tooltip; "" when the figure is not an estimate.
std::string figure_band_text(const Result& r, const Option& o, std::string_view figure, text::Lang lang);
// The sentence every "Accuracy" section starts with: what the error is, and which runs count.
const char* accuracy_note(text::Lang lang);

}  // namespace gpusizer
