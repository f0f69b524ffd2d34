// How right a figure is: the error band of its family of published runs.
//
// Every speed, capacity, time and cost figure belongs to a family (serving decode, serving
// throughput, time to first token, training time, speech-to-text, …). Its band is the median and
// worst error of the family's checks in tests/validation/validation.json: published runs on which
// no constant of the engine was set. Calibration points never make a band. The table is generated
// (accuracy_data.cpp) by tests/validation/table.mjs from the engine's own output on those runs, and
// `./dev.sh test` fails when it is stale. A family without checks says so instead of a band.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/message.hpp"
#include "engine/sizing.hpp"

namespace gpusizer {

// One family's checks: how many, their median absolute and worst (signed) error, the tolerance the
// family states and how many checks fall outside it.
struct FamilyBand {
    const char* family;
    int n_checks;
    double median_abs_error_pct;
    double worst_error_pct;
    double tolerance_pct;
    int misses;
};
// One published run a family was checked on: what it ran (catalog model and GPU ids, "" when the
// case used none) and the engine's error on it, with its source.
struct CheckRun {
    const char* family;
    const char* id;
    const char* model;
    const char* gpu;
    double error_pct;
    const char* source;
};

namespace accuracy_data {
extern const FamilyBand kFamilies[];
extern const CheckRun kChecks[];
extern const std::size_t kFamilyCount, kCheckCount;
}  // namespace accuracy_data

// A figure of an option (named as in the JSON: "decode_tps_per_user", "cost_per_month", …) with
// its family's band and the family's check nearest to this configuration (same model and GPU
// first); `nearest` is null when the family has no checks.
struct FigureAccuracy {
    std::string figure;
    const FamilyBand* band = nullptr;
    const CheckRun* nearest = nullptr;
};

const FamilyBand* family_band(std::string_view family);  // null for an unknown family
// The family a figure of `o` belongs to in result `r`; empty when the figure is a catalog fact or
// a price (not an estimate) or does not apply.
std::string_view figure_family(const Result& r, const Option& o, std::string_view figure);
// The band of one figure of one option; band is null when the figure has no family.
FigureAccuracy figure_accuracy(const Result& r, const Option& o, std::string_view figure);
// Whether the option has a value for the figure (no cost without a price, no run cost for serving).
bool figure_applies(const Option& o, std::string_view figure);
// Every estimated figure the option the result recommends (or its first option) has.
std::vector<FigureAccuracy> result_accuracy(const Result& r);
// "±X % median on N published runs (worst Y %)" or "no independent check yet", as a message.
Message accuracy_message(const FigureAccuracy& a);
Message accuracy_nearest_message(const FigureAccuracy& a);  // empty code when there is none

}  // namespace gpusizer
