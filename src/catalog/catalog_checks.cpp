// The plausibility checks of catalog entries: the envelope every figure must lie in, whichever
// way it arrived (catalog JSON, the packed catalog.bin, a provider override merged over a bundled
// entry), and the rules of ids, currencies, order links, names and notes. Worded once, here.
#include <algorithm>
#include <cstdio>

#include "catalog/catalog_detail.hpp"
#include "engine/codes.hpp"
#include "engine/custom_model.hpp"
#include "link/link.hpp"
#include "text/hidden_chars.hpp"

namespace gpusizer {
namespace catalog_detail {
namespace {

// C0 controls and DEL: never part of a name, a note or a URL (they would reach a terminal or a CSV).
bool has_control(std::string_view s) {
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7f) return true;
    return false;
}

}  // namespace

bool valid_order_url(const std::string& url) {
    if (url.size() > limits::kUrlChars || url.rfind("https://", 0) != 0 || url.size() == 8) return false;
    return std::none_of(url.begin(), url.end(), [](unsigned char c) { return c <= 0x20 || c == 0x7f; });
}

std::string range_message(double min, double max, double got) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "expected %g–%g, got %g", min, max, got);
    return buf;
}

const char* characters_problem(std::string_view s) {
    if (has_control(s)) return "contains control characters";
    if (text::has_hidden_chars(s)) return "contains invisible or text-direction characters (U+200B, U+202E, ...)";
    return nullptr;
}

std::string id_rule(std::string_view id) {
    if (id.find("//") != std::string_view::npos) return "a web address (//) is not an id";
    return "expected 1-" + std::to_string(limits::kIdChars) + " letters, digits or - _ . / : +";
}

namespace {

void derive_architecture(ModelSpec& m) {
    if (m.kv_heads == 0) m.kv_heads = m.heads;
    if (m.head_dim == 0 && m.heads > 0) m.head_dim = m.hidden / m.heads;
}

}  // namespace

void check_envelope(GpuSpec& g, const std::string& file, const std::string& entry, std::vector<CatalogError>& errors) {
    check_gpu_envelope(g, file, entry, errors);
}
void check_envelope(ModelSpec& m, const std::string& file, const std::string& entry, std::vector<CatalogError>& errors) {
    derive_architecture(m);
    check_model_envelope(m, file, entry, errors);
}

namespace {

// Appends "field: expected min–max, got v" when v lies outside [min, max].
struct Envelope {
    const std::string& file;
    const std::string& entry;
    std::vector<CatalogError>& errors;

    void fail(const std::string& field, const std::string& message) { errors.push_back({file, entry, field, message}); }
    void range(const std::string& field, double v, double min, double max) {
        if (!(v >= min && v <= max)) fail(field, range_message(min, max, v));
    }
    void optional(const std::string& field, const std::optional<double>& v, double min, double max) {
        if (v) range(field, *v, min, max);
    }
    void id(const std::string& v) {
        if (!valid_catalog_id(v)) fail("id", id_rule(v));
    }
    void text(const char* field, const std::string& v, std::size_t max) {
        if (v.size() > max) fail(field, "longer than " + std::to_string(max) + " bytes");
        else if (const char* bad = characters_problem(v)) fail(field, bad);
    }
};

}  // namespace
}  // namespace catalog_detail

using namespace catalog_detail;

bool valid_catalog_id(std::string_view id) { return id.size() <= limits::kIdChars && valid_link_id(id); }

bool valid_currency(std::string_view code) {
    return code.size() == 3 && std::all_of(code.begin(), code.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; });
}

void check_gpu_envelope(const GpuSpec& g, const std::string& file, const std::string& entry,
                        std::vector<CatalogError>& errors) {
    Envelope e{file, entry, errors};
    e.id(g.id);
    e.text("name", g.name, limits::kNameChars);
    for (const auto* t : {&g.vendor, &g.architecture, &g.form_factor, &g.memory_type, &g.notes, &g.source,
                          &g.price_unknown_reason})
        e.text("text", *t, limits::kTextChars);
    if (!g.segment.empty() && g.segment != "consumer" && g.segment != "workstation" && g.segment != "datacenter")
        e.fail("segment", "expected consumer, workstation or datacenter");
    e.range("memory_gib", g.memory_gib, 0.5, 100000);
    e.range("memory_bandwidth_gbs", g.memory_bandwidth_gbs, 1, 1e6);
    const std::pair<const char*, const std::optional<double>*> rates[] = {
        {"fp64", &g.tflops.fp64}, {"fp64_tensor", &g.tflops.fp64_tensor}, {"fp32", &g.tflops.fp32},
        {"tf32", &g.tflops.tf32}, {"bf16", &g.tflops.bf16}, {"fp16", &g.tflops.fp16},
        {"fp8", &g.tflops.fp8}, {"fp4", &g.tflops.fp4}, {"int8", &g.tflops.int8}};
    for (const auto& [name, rate] : rates) e.optional(std::string("tflops_dense.") + name, *rate, kTflopsMin, kTflopsMax);
    e.range("nvlink.generation", g.nvlink_generation, 0, 20);
    if (g.nvlink_generation > 0) e.range("nvlink.gbs_per_gpu", g.nvlink_gbs, 1, 1e6);
    e.range("pcie_gen", g.pcie_gen, 1, 10);
    e.range("tdp_w", g.tdp_w, 0, 100000);
    e.optional("cuda_memory_gib", g.cuda_memory_gib, 0.5, g.memory_gib);
    e.range("video.nvenc", g.nvenc, 0, 64);
    e.range("video.nvdec", g.nvdec, 0, 64);
    if (g.server_sizes.empty()) e.fail("server_sizes", "expected a non-empty array of GPU counts");
    for (int n : g.server_sizes) e.range("server_sizes", n, 1, 1024);
    if (g.price) e.range("price_per_gpu_hour", g.price->per_gpu_hour, 0, kPriceMax);
    // Empty while a provider override is merged; settle_currencies() then names the file's.
    if (g.price && !g.price->currency.empty() && !valid_currency(g.price->currency))
        e.fail("price_per_gpu_hour.currency", "expected a three-letter code A-Z");
    if (g.price) e.text("price_per_gpu_hour.source", g.price->source, limits::kTextChars);
    if (!g.order_url.empty() && !valid_order_url(g.order_url)) e.fail("order_url", kOrderUrlRule);
}

void check_model_envelope(const ModelSpec& m, const std::string& file, const std::string& entry,
                          std::vector<CatalogError>& errors) {
    Envelope e{file, entry, errors};
    e.id(m.id);
    e.text("name", m.name, limits::kNameChars);
    for (const auto* t : {&m.family, &m.modality, &m.license, &m.notes, &m.source}) e.text("text", *t, limits::kTextChars);
    // The figures' rules are the engine's (custom_model.hpp: a link's model obeys the same), worded here.
    for (const Message& p : model_envelope_problems(m)) {
        auto num = [&p](const char* name) { const Param* x = p.find(name); return x ? x->number : 0.0; };
        if (p.code == code::model_check_kv_heads)
            e.fail("kv_heads", "heads (" + std::to_string(int(num("heads"))) + ") must be a multiple of kv_heads (" +
                                   std::to_string(int(num("kv_heads"))) + ")");
        else if (p.code == code::model_check_heads)
            e.fail("heads", "kv_heads or head_dim given without heads");
        else if (p.code == code::model_check_moe_step)
            e.fail("moe.dense_layers", "experts in one layer of every " + std::to_string(int(num("step"))) +
                                           ", over " + std::to_string(int(num("layers"))) + " layers, leave " +
                                           std::to_string(int(num("expected"))) + " dense layers");
        else if (p.find("field")->text == "params_b" && num("value") > 0 && num("value") < kMinModelParamsB)
            e.fail("params_b", range_message(num("min"), num("max"), num("value")) +
                                   " billion: models under 1 M parameters are not sized");
        else
            e.range(p.find("field")->text, num("value"), num("min"), num("max"));
    }
}

}  // namespace gpusizer
