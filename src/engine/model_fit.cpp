#include "engine/model_fit.hpp"

#include "engine/custom_model.hpp"

namespace gpusizer {
namespace {

// The state one model is sized with: inference on the pinned GPU and count, the load as given.
State single_model_state(const State& s, const std::string& model_id) {
    State one = s;
    one.task = Task::infer;
    one.view = View::options;  // no recursion into the models view
    one.model = model_id;
    one.n = s.n.value_or(1);
    one.wq.reset();
    return one;
}

ModelFit fit_one(const State& base, const ModelSpec& m, const GpuSpec& g, const Catalog& catalog) {
    ModelFit fit;
    fit.id = m.id;
    fit.name = m.name;
    fit.params_b = m.params_b;
    fit.count = base.n.value_or(1);
    State s = base;
    for (WeightFormat f : formats_to_try(m, g)) {
        s.wq = f == m.native_format ? std::nullopt : std::optional<WeightFormat>(f);
        const Result r = evaluate(s, catalog);
        fit.wq = f;
        fit.native = f == m.native_format;
        if (!r.model_found || r.options.empty()) {
            // Nothing sized (an incomplete catalog entry): the model-level warning is the reason.
            fit.reason = r.warnings.empty() ? Message(code::model_incomplete) : r.warnings.back();
            return fit;
        }
        // Options are ranked: fitting first, else the one closest to fitting.
        const Option& best = r.options.front();
        fit.per_gpu_gb = best.per_gpu_gb;
        fit.decode_tps_per_user = best.decode_tps_per_user;
        fit.fits = best.fits;
        fit.reason = best.fits ? Message() : best.reason;
        if (best.fits) return fit;
    }
    return fit;
}

}  // namespace

std::vector<WeightFormat> formats_to_try(const ModelSpec& m, const GpuSpec& g) {
    std::vector<WeightFormat> out{m.native_format};
    const double bits = weight_format_info(m.native_format).bits_per_weight;
    const bool fp8_cores = g.tflops.fp8 && *g.tflops.fp8 > 0;
    if (bits > 8.5) out.push_back(fp8_cores ? WeightFormat::fp8 : WeightFormat::int8);
    if (bits > 4.5) out.push_back(WeightFormat::int4);
    return out;
}

std::vector<ModelFit> fit_models(const State& s, const Catalog& catalog) {
    std::vector<ModelFit> out;
    const GpuSpec* g = s.gpu.empty() ? nullptr : catalog.find_gpu(s.gpu);
    if (!g) return out;
    for (const ModelSpec& m : catalog.models) {
        State one = single_model_state(s, m.id);
        // Speech and embedding models run in their own service preset (services.hpp); a chat
        // model is sized as one even when the page shows a speech or an embedding preset.
        if (m.speech) one.use = Use::asr;
        else if (m.embedding) one.use = Use::embed;
        else if (one.use == Use::asr || one.use == Use::embed) one.use = State{}.use;
        out.push_back(fit_one(one, m, *g, catalog));
    }
    // The link's own model, as evaluate() takes it (checked, named as it may be).
    if (s.model == "custom" && custom_model_complete(s.custom)) {
        const CustomModelCheck c = check_custom_model(s.custom, catalog);
        if (c.usable) out.push_back(fit_one(single_model_state(s, "custom"), c.model, *g, catalog));
    }
    return out;
}

}  // namespace gpusizer
