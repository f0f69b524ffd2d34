#include "catalog/catalog_binary.hpp"
#include "text/pair_file.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace gpusizer {
namespace {

constexpr char kMagic[4] = {'G', 'S', 'C', 'B'};
constexpr std::size_t kHeaderBytes = 4 + 4 + 4 + 8;

// ---- the field lists: every field of every catalog type, once -----------------------------------
// Packing and unpacking both walk these; a field missing here would be lost between the JSON and
// the browser, which the round-trip test (tests/unit/test_catalog_binary.cpp) catches.

template <class V> void fields(V& v, DenseTflops& t) {
    v(t.fp64); v(t.fp64_tensor); v(t.fp32); v(t.tf32); v(t.bf16); v(t.fp16); v(t.fp8); v(t.fp4); v(t.int8);
}
template <class V> void fields(V& v, PriceConversion& c) { v(c.original); v(c.from); v(c.rate); }
template <class V> void fields(V& v, Price& p) { v(p.per_gpu_hour); v(p.currency); v(p.source); v(p.date); v(p.converted); }
template <class V> void fields(V& v, GpuSpec& g) {
    v(g.id); v(g.name); v(g.vendor); v(g.architecture); v(g.form_factor); v(g.memory_type); v(g.segment);
    v(g.memory_gib); v(g.cuda_memory_gib); v(g.memory_bandwidth_gbs); v(g.tflops); v(g.datasheet_prints_sparse);
    v(g.nvlink_generation); v(g.nvlink_gbs); v(g.nvlink_pairs_only); v(g.pcie_gen); v(g.tdp_w);
    v(g.nvenc); v(g.nvdec); v(g.av1_encode); v(g.graphics); v(g.rt_cores); v(g.server_sizes);
    v(g.price); v(g.price_unknown_reason); v(g.order_url); v(g.notes); v(g.source); v(g.estimated);
}
template <class V> void fields(V& v, MlaSpec& m) {
    v(m.kv_lora_rank); v(m.qk_rope_head_dim); v(m.qk_nope_head_dim); v(m.v_head_dim); v(m.q_lora_rank);
}
template <class V> void fields(V& v, LinearAttentionSpec& l) {
    v(l.layers); v(l.num_key_heads); v(l.num_value_heads); v(l.key_head_dim); v(l.value_head_dim); v(l.conv_kernel);
    v(l.state_bytes);
}
template <class V> void fields(V& v, CompressedAttentionSpec& c) {
    v(c.csa_layers); v(c.hca_layers); v(c.csa_ratio); v(c.hca_ratio); v(c.rope_dim); v(c.index_topk); v(c.index_heads);
}
template <class V> void fields(V& v, MoeSpec& m) {
    v(m.experts); v(m.experts_per_token); v(m.shared_experts); v(m.expert_intermediate); v(m.dense_layers);
    v(m.interleave_step);
}
template <class V> void fields(V& v, SpeechSpec& s) {
    v(s.decoder); v(s.encoder_params_b); v(s.encoder_layers); v(s.encoder_hidden); v(s.frames_per_second);
    v(s.window_seconds); v(s.decoder_layers);
}
template <class V> void fields(V& v, EmbeddingSpec& e) { v(e.dimensions); v(e.bidirectional); }
template <class V> void fields(V& v, ModelSpec& m) {
    v(m.id); v(m.name); v(m.family); v(m.modality); v(m.license); v(m.gguf_repo); v(m.notes); v(m.notes_ru); v(m.source);
    v(m.params_b); v(m.active_params_b); v(m.layers); v(m.hidden); v(m.intermediate); v(m.heads);
    v(m.kv_heads); v(m.head_dim); v(m.vocab); v(m.tied_embeddings); v(m.max_context); v(m.mtp_layers);
    v(m.native_format); v(m.native_quantizes_experts_only); v(m.attention); v(m.sliding_window);
    v(m.sliding_layers); v(m.attention_layers); v(m.v_head_dim); v(m.window_kv_heads); v(m.window_head_dim);
    v(m.gated_mlp); v(m.native_gb); v(m.mla); v(m.linear); v(m.indexer_head_dim); v(m.compressed); v(m.moe);
    v(m.estimated);
    v(m.estimated_fields); v(m.custom);
    v(m.speech); v(m.embedding);
}
template <class V> void fields(V& v, ServerSpec& s) { v(s.id); v(s.name); v(s.gpu_id); v(s.notes); v(s.source); v(s.gpus); }
template <class V> void fields(V& v, TaskPreset& p) {
    v(p.id); v(p.task); v(p.use); v(p.title_en); v(p.title_ru); v(p.models); v(p.params_min_b);
    v(p.params_max_b); v(p.vram_min_gb); v(p.vram_max_gb); v(p.gpus); v(p.source); v(p.source_ru);
}
template <class V> void fields(V& v, std::pair<std::string, std::string>& a) { v(a.first); v(a.second); }
template <class V> void fields(V& v, ModelVariant& m) { v(m.id); v(m.model); v(m.source); v(m.max_context); }
template <class V> void fields(V& v, Catalog& c) {
    v(c.schema); v(c.version); v(c.currency); v(c.gpus); v(c.servers); v(c.models); v(c.presets); v(c.aliases);
    v(c.variants);
}

// Enumerations and their number of values (an out-of-range value is a corrupt file).
template <class E> constexpr int enum_count();
template <> constexpr int enum_count<WeightFormat>() { return kWeightFormatCount; }
template <> constexpr int enum_count<AttentionKind>() { return 4; }
template <> constexpr int enum_count<Task>() { return int(Task::other) + 1; }
template <> constexpr int enum_count<Use>() { return int(Use::hpc) + 1; }

template <class T> struct is_vector : std::false_type {};
template <class T> struct is_vector<std::vector<T>> : std::true_type {};
template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};

// ---- writing --------------------------------------------------------------------------------------
struct Writer {
    std::string out;

    void raw(const void* p, std::size_t n) { out.append(static_cast<const char*>(p), n); }
    void u32(std::uint32_t x) {
        unsigned char b[4] = {std::uint8_t(x), std::uint8_t(x >> 8), std::uint8_t(x >> 16), std::uint8_t(x >> 24)};
        raw(b, 4);
    }
    template <class T> void operator()(T& x) {
        if constexpr (std::is_same_v<T, bool>) {
            out.push_back(x ? 1 : 0);
        } else if constexpr (std::is_same_v<T, int>) {
            u32(std::uint32_t(x));
        } else if constexpr (std::is_enum_v<T>) {
            u32(std::uint32_t(x));
        } else if constexpr (std::is_same_v<T, double>) {
            std::uint64_t bits;
            std::memcpy(&bits, &x, 8);
            u32(std::uint32_t(bits));
            u32(std::uint32_t(bits >> 32));
        } else if constexpr (std::is_same_v<T, std::string>) {
            u32(std::uint32_t(x.size()));
            raw(x.data(), x.size());
        } else if constexpr (is_optional<T>::value) {
            out.push_back(x ? 1 : 0);
            if (x) (*this)(*x);
        } else if constexpr (is_vector<T>::value) {
            u32(std::uint32_t(x.size()));
            for (auto& item : x) (*this)(item);
        } else {
            fields(*this, x);
        }
    }
};

// ---- reading --------------------------------------------------------------------------------------
// Every read is bounds-checked; the first failure stops reading and names the offset.
struct Reader {
    std::string_view in;
    std::size_t pos = 0;
    std::string error;

    bool take(void* dst, std::size_t n) {
        if (!error.empty()) return false;
        if (n > in.size() - pos) {
            error = "truncated at byte " + std::to_string(pos);
            return false;
        }
        std::memcpy(dst, in.data() + pos, n);
        pos += n;
        return true;
    }
    std::uint32_t u32() {
        unsigned char b[4] = {0, 0, 0, 0};
        take(b, 4);
        return std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 | std::uint32_t(b[2]) << 16 | std::uint32_t(b[3]) << 24;
    }
    bool flag() {
        unsigned char b = 0;
        take(&b, 1);
        if (b > 1 && error.empty()) error = "bad flag at byte " + std::to_string(pos - 1);
        return b == 1;
    }
    // A count can never exceed the bytes left (every item takes at least one): no huge allocation.
    std::uint32_t count() {
        const std::uint32_t n = u32();
        if (error.empty() && n > in.size() - pos) error = "impossible count at byte " + std::to_string(pos - 4);
        return error.empty() ? n : 0;
    }
    template <class T> void operator()(T& x) {
        if (!error.empty()) return;
        if constexpr (std::is_same_v<T, bool>) {
            x = flag();
        } else if constexpr (std::is_same_v<T, int>) {
            x = int(std::int32_t(u32()));
        } else if constexpr (std::is_enum_v<T>) {
            const std::uint32_t v = u32();
            if (v >= std::uint32_t(enum_count<T>())) {
                if (error.empty()) error = "bad enumeration value at byte " + std::to_string(pos - 4);
                return;
            }
            x = T(v);
        } else if constexpr (std::is_same_v<T, double>) {
            const std::uint64_t lo = u32(), hi = u32();
            const std::uint64_t bits = lo | hi << 32;
            std::memcpy(&x, &bits, 8);
            if (!std::isfinite(x) && error.empty()) error = "non-finite number at byte " + std::to_string(pos - 8);
        } else if constexpr (std::is_same_v<T, std::string>) {
            const std::uint32_t n = count();
            x.assign(n, '\0');
            if (n) take(&x[0], n);
        } else if constexpr (is_optional<T>::value) {
            if (flag()) {
                x.emplace();
                (*this)(*x);
            } else {
                x.reset();
            }
        } else if constexpr (is_vector<T>::value) {
            const std::uint32_t n = count();
            x.clear();
            x.reserve(n);
            for (std::uint32_t i = 0; i < n && error.empty(); ++i) (*this)(x.emplace_back());
        } else {
            fields(*this, x);
        }
    }
};

// The envelope every number of a catalog lies in once the JSON loader accepted it (its per-field
// ranges are narrower): a packed file that passes the checksum but holds numbers outside it was not
// made by the packer, and is refused rather than handed to the engine.
struct Envelope {
    std::string error;
    template <class T> void operator()(T& x) {
        if (!error.empty()) return;
        if constexpr (std::is_same_v<T, int>) {
            if (x < 0 || x > 16777216) error = "whole number " + std::to_string(x) + " outside 0-16777216";
        } else if constexpr (std::is_same_v<T, double>) {
            if (!(x >= 0 && x <= 1e7)) error = "number outside 0-1e7";
        } else if constexpr (is_optional<T>::value) {
            if (x) (*this)(*x);
        } else if constexpr (is_vector<T>::value) {
            for (auto& item : x) (*this)(item);
        } else if constexpr (std::is_class_v<T> && !std::is_same_v<T, std::string>) {
            fields(*this, x);
        }
    }
};

std::string envelope_error(Catalog& c) {
    Envelope e;
    e(c);
    if (!e.error.empty()) return e.error;
    for (const auto& g : c.gpus) {
        if (g.memory_gib < 0.5 || g.memory_bandwidth_gbs < 1) return "GPU " + g.id + " without memory or bandwidth";
        for (int n : g.server_sizes)
            if (n < 1 || n > 1024) return "GPU " + g.id + " server size outside 1-1024";
        if (g.price && !valid_currency(g.price->currency)) return "GPU " + g.id + " price without a currency";
    }
    for (const auto& s : c.servers)
        if (s.gpus < 1 || s.gpus > 1024) return "server " + s.id + " size outside 1-1024";
    // Then the JSON loader's own envelope, field by field (catalog_json.hpp).
    std::vector<CatalogError> errors;
    for (const auto& g : c.gpus) check_gpu_envelope(g, "", "gpus[" + g.id + "]", errors);
    for (const auto& m : c.models) check_model_envelope(m, "", "models[" + m.id + "]", errors);
    if (!valid_currency(c.currency)) errors.push_back({"", "", "currency", "expected a three-letter code A-Z"});
    if (!errors.empty()) return errors.front().to_string().substr(2);  // without the empty file name
    return "";
}

}  // namespace

std::string seal_packed_body(std::string_view body, unsigned version) {
    Writer head;
    head.raw(kMagic, 4);
    head.u32(version);
    head.u32(std::uint32_t(body.size()));
    const std::uint64_t sum = fnv1a64(body);
    head.u32(std::uint32_t(sum));
    head.u32(std::uint32_t(sum >> 32));
    head.out.append(body.data(), body.size());
    return head.out;
}

std::string pack_catalog(const Catalog& catalog) {
    Writer body;
    body(const_cast<Catalog&>(catalog));  // the writer only reads
    return seal_packed_body(body.out);
}

bool looks_packed(std::string_view bytes) { return bytes.size() >= 4 && std::memcmp(bytes.data(), kMagic, 4) == 0; }

CatalogLoad unpack_catalog(std::string_view bytes, const std::string& file) {
    CatalogLoad out;
    auto fail = [&](const std::string& message) {
        out.errors.push_back({file, "", "", message});
        out.catalog = Catalog{};
        return out;
    };
    if (!looks_packed(bytes)) return fail("not a packed catalog (no GSCB header)");
    if (bytes.size() < kHeaderBytes) return fail("packed catalog truncated in its header");
    Reader head{bytes.substr(4, kHeaderBytes - 4)};
    const std::uint32_t version = head.u32(), size = head.u32();
    const std::uint64_t sum = std::uint64_t(head.u32()) | std::uint64_t(head.u32()) << 32;
    if (version != kPackedCatalogVersion)
        return fail("packed catalog format " + std::to_string(version) + ", this calculator reads format " +
                    std::to_string(kPackedCatalogVersion) + " (a stale cached file? reload the page)");
    const std::string_view body = bytes.substr(kHeaderBytes);
    if (body.size() != size)
        return fail("packed catalog is " + std::to_string(body.size()) + " bytes, its header says " + std::to_string(size));
    if (fnv1a64(body) != sum) return fail("packed catalog is corrupt (checksum mismatch)");
    Reader r{body};
    r(out.catalog);
    if (r.error.empty() && r.pos != body.size()) r.error = "unread bytes after the catalog";
    if (!r.error.empty()) return fail("packed catalog unreadable: " + r.error);
    if (const std::string e = envelope_error(out.catalog); !e.empty()) return fail("packed catalog holds impossible figures: " + e);
    if (out.catalog.gpus.empty()) return fail("packed catalog has no GPU");
    out.ok = true;
    return out;
}

bool same_catalog(const Catalog& a, const Catalog& b) { return pack_catalog(a) == pack_catalog(b); }

Catalog page_catalog(Catalog catalog) {
    for (GpuSpec& g : catalog.gpus) {
        g.notes.clear();
        g.source.clear();
    }
    for (ServerSpec& v : catalog.servers) {
        v.notes.clear();
        v.source.clear();
    }
    for (ModelSpec& m : catalog.models) {
        m.notes.clear();
        m.notes_ru.clear();
    }
    for (ModelVariant& v : catalog.variants) v.source.clear();  // the page names the model, not the file
    return catalog;
}

namespace {
constexpr std::string_view kNotesMagic = "gpusizer-model-notes 2\n";  // 2: with a checksum
constexpr std::string_view kNotesRuMagic = "gpusizer-model-notes ru 1\n";
}  // namespace

std::string pack_model_notes(const Catalog& catalog, bool russian) {
    StringPairs notes;
    for (const ModelSpec& m : catalog.models) {
        const std::string& text = russian ? m.notes_ru : m.notes;
        if (!text.empty()) notes.emplace_back(m.id, text);
    }
    return write_pair_file(russian ? kNotesRuMagic : kNotesMagic, {notes});
}

bool model_notes_russian(std::string_view bytes) { return bytes.substr(0, kNotesRuMagic.size()) == kNotesRuMagic; }

int apply_model_notes(std::string_view bytes, Catalog* catalog) {
    // Which language the file holds is in its magic line.
    const bool russian = model_notes_russian(bytes);
    const PairFile f = read_pair_file(bytes, russian ? kNotesRuMagic : kNotesMagic, 1);
    if (!f.ok) return -1;
    int filled = 0;
    for (const auto& [id, notes] : f.tables[0])
        for (ModelSpec& m : catalog->models) {
            std::string& into = russian ? m.notes_ru : m.notes;
            if (m.id == id && into.empty()) {
                into = std::string(notes);
                ++filled;
            }
        }
    return filled;
}

}  // namespace gpusizer
