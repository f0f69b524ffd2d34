// Embeddings for vector search over a knowledge base (use=embed). A corpus of passages is
// embedded once (index_hours), then every search query is embedded (qps_capacity); the vectors
// live in the vector database beside the GPUs (vector_index_gb).
//   FLOPs per token   = 2 × parameters without the embedding table + attention over the passage
//                       (bidirectional encoders attend to all of it, causal LLM embedders to half)
//   tokens/s per GPU  = dense peak × encoder efficiency / FLOPs per token   (compute-bound)
//   index hours       = passages × tokens / (tokens/s × GPUs) / 3600
//   GPU time a query  = its FLOPs / (peak × eff) + one weight read / (bandwidth × eff) / batch
//   GPUs              = QPS / queries per second per GPU, at least one
//   vector index      = vectors × dimensions × 4 B (float32), plus HNSW links
#include <algorithm>
#include <cmath>
#include <string>

#include "engine/hardware.hpp"
#include "engine/model_math.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

constexpr double kQueryTokens = 32;        // a search query, with its instruction prefix
constexpr double kQueryBatch = 32;         // queries the server batches into one forward pass
constexpr double kBatchTokens = 16384;     // tokens per forward pass (TEI --max-batch-tokens)
constexpr double kActivationBytesPerToken = 24;  // × hidden: one batch's live activations (FP16)
constexpr double kVectorBytes = 4;         // float32 per dimension
constexpr double kHnswLinkBytes = 2 * 16 * 4;    // HNSW M = 16: 2M neighbour ids of 4 B at layer 0

// Forward FLOPs per token of a passage of `tokens` tokens (no lm_head: an embedder pools).
double flops_per_token(const ModelSpec& m, double tokens) {
    const double table = double(m.vocab) * m.hidden;
    const double body = std::max(0.0, m.params_b * 1e9 - table);
    const double context = m.embedding->bidirectional ? tokens : tokens / 2;
    return 2.0 * body + 4.0 * attention_width(m) * context * m.layers;
}

struct Rates {
    double tokens_per_s;  // passage tokens per second, one GPU
    double qps;           // queries per second, one GPU
};

Rates rates(const ModelSpec& m, const GpuSpec& g, ComputeKind arithmetic, const Assumptions& a, double passage_tokens, Bytes weights) {
    // ROCm's measured shares on AMD GPUs (assumptions.hpp), 1 elsewhere.
    const double peak = peak_flops(g, arithmetic) * encoder_eff_on(a, m.hidden, g, arithmetic) * vendor_gemm_share(g, a);
    const double bandwidth = memory_bandwidth_bytes_per_s(g) * a.decode_bandwidth_eff * vendor_bandwidth_share(g, a);
    const double query = kQueryTokens * flops_per_token(m, kQueryTokens) / peak +
                         weights.value / bandwidth / kQueryBatch;
    return {peak / flops_per_token(m, passage_tokens), 1.0 / query};
}

std::vector<CommandLine> embed_command(const Job& job, const Option& o) {
    // (std::string, not a stream: no iostreams in the page's module)
    // TEI runs FP16 on a GPU unless told otherwise: FP32 figures come with --dtype float32.
    const bool fp32 = encoder_arithmetic(job.state) == ComputeKind::fp32;
    const std::string c = "text-embeddings-router --model-id " + job.model.id + (fp32 ? " --dtype float32" : "") + " --max-batch-tokens " +
                          std::to_string(static_cast<long long>(kBatchTokens)) + " --max-client-batch-size " +
                          std::to_string(static_cast<long long>(kQueryBatch));
    std::vector<CommandLine> lines{{c, Message(code::cmd_embed_tei).num("hours", o.index_hours.mid)}};
    if (o.count > 1) lines.push_back({"", Message(code::cmd_replicas).num("replicas", o.count)});
    return lines;
}

// How the figures are obtained (explanations) and what is assumed, for the whole result.
void explain_embeddings(const ModelSpec& m, const State& st, double piece_tokens, double corpus_tokens,
                        double qps, double vectors, double vector_gb, Result& out) {
    const Assumptions typ = Assumptions::typical(), lo = Assumptions::optimistic(), hi = Assumptions::pessimistic();
    const int dims = m.embedding->dimensions;
    const double fpt = flops_per_token(m, piece_tokens);
    out.explanations.push_back({"embed.flops",
        Message(code::formula_embed_flops).num("params_b", m.params_b).num("tokens", piece_tokens)
            .num("causal", m.embedding->bidirectional ? 0 : 1).num("mflops", fpt / 1e6), {}});
    out.explanations.push_back({"embed.index",
        Message(code::formula_embed_index).num("docs", st.docs).num("tokens", st.doc_tokens).num("total", corpus_tokens)
            .num("tflops", corpus_tokens * fpt / 1e12), {}});
    out.explanations.push_back({"embed.qps",
        Message(code::formula_embed_qps).num("tokens", kQueryTokens).num("batch", kQueryBatch).num("qps", qps), {}});
    out.explanations.push_back({"embed.vector_index",
        Message(code::formula_vector_index).num("vectors", vectors).num("dims", dims).num("gb", vector_gb)
            .num("hnsw_gb", vectors * kHnswLinkBytes / kBytesPerGB),
        {vector_gb, vector_gb, vector_gb + vectors * kHnswLinkBytes / kBytesPerGB}});
    const int h = m.hidden;
    out.assumptions.push_back(Message(code::assume_encoder_eff).num("eff", encoder_compute_eff(typ, h) * 100).num("hidden", h)
                                  .num("low", encoder_compute_eff(hi, h) * 100).num("high", encoder_compute_eff(lo, h) * 100)
                                  .num("fp32", encoder_arithmetic(st) == ComputeKind::fp32).num("gemm", kEncoderGemmEff * 100));
    out.assumptions.push_back(Message(code::assume_embed_query).num("tokens", kQueryTokens).num("batch", kQueryBatch));
    out.assumptions.push_back(Message(code::assume_embed_vectors).num("links", kHnswLinkBytes));
    out.assumptions.push_back(Message(code::assume_serve_overhead).num("gb", typ.runtime_overhead_gb)
                                  .num("low", lo.runtime_overhead_gb).num("high", hi.runtime_overhead_gb));

}

}  // namespace

void evaluate_embeddings(const Job& job, Result& out) {
    const State& st = job.state;
    const ModelSpec& m = job.model;
    const ComputeKind math = encoder_arithmetic(st);
    if (!m.embedding) {
        out.warnings.push_back(Message(code::service_not_embedding_model).str("model", m.name));
        return;
    }
    // A passage longer than the model reads is split: one vector per piece.
    const double max_tokens = m.max_context > 0 ? m.max_context : st.doc_tokens;
    const double pieces = std::max(1.0, std::ceil(st.doc_tokens / max_tokens - 1e-9));
    if (pieces > 1)
        out.warnings.push_back(Message(code::service_passage_split).num("tokens", st.doc_tokens).str("model", m.name)
                                   .num("max", max_tokens).num("pieces", pieces));
    const double piece_tokens = std::max(1.0, st.doc_tokens / pieces);
    const double vectors = std::max(0.0, st.docs) * pieces;
    const double corpus_tokens = std::max(0.0, st.docs) * st.doc_tokens;
    const double qps = std::max(0.0, st.qps) * (1.0 + std::max(0.0, st.growth) / 100.0);
    const Assumptions typ = Assumptions::typical(), lo = Assumptions::optimistic(), hi = Assumptions::pessimistic();
    const Bytes weights = weight_bytes(m, job.wq).total();
    const Bytes activations{kBatchTokens * m.hidden * kActivationBytesPerToken};
    out.memory.weights = weights;
    out.memory.activations = activations;
    out.memory.overhead = Bytes::from_gb(typ.runtime_overhead_gb);
    out.memory_total_gb = {(weights + activations * lo.activation_factor).gb() + lo.runtime_overhead_gb,
                           out.memory.total().gb(),
                           (weights + activations * hi.activation_factor).gb() + hi.runtime_overhead_gb};
    const int dims = m.embedding->dimensions;
    const double vector_gb = vectors * dims * kVectorBytes / kBytesPerGB;
    out.vector_index_gb = vector_gb;

    explain_embeddings(m, st, piece_tokens, corpus_tokens, qps, vectors, vector_gb, out);

    const int pinned = st.n ? *st.n : 0;
    for (const GpuSpec* gp : job.gpus) {
        const GpuSpec& g = *gp;
        Option o = option_on(g, st, std::max(1, pinned));
        o.per_gpu.weights = weights;
        o.per_gpu.activations = activations;
        o.per_gpu.overhead = out.memory.overhead;
        o.per_gpu_gb = {out.memory_total_gb.low, out.memory_total_gb.mid, out.memory_total_gb.high};
        if (peak_flops(g, math) <= 0) {
            o.reason = Message(code::reason_no_tensor_figure);
            out.options.push_back(o);
            continue;
        }
        if (o.per_gpu_gb.mid > o.capacity_gb) {
            o.reason = Message(code::reason_needs_memory).num("need", o.per_gpu_gb.mid).num("have", o.capacity_gb);
            out.options.push_back(o);
            continue;
        }
        const Rates r_lo = rates(m, g, math, lo, piece_tokens, weights), r_mid = rates(m, g, math, typ, piece_tokens, weights),
                    r_hi = rates(m, g, math, hi, piece_tokens, weights);
        const int needed = int(std::min(1e6, std::max(1.0, std::ceil(qps / r_mid.qps - 1e-9))));
        const bool short_of_load = scale_to_load(o, g, needed, pinned);
        o.batch_per_replica = int(kQueryBatch);
        o.qps_capacity = {r_hi.qps * o.count, r_mid.qps * o.count, r_lo.qps * o.count};
        auto hours = [&](const Rates& r) { return corpus_tokens / (r.tokens_per_s * o.count) / kSecondsPerHour; };
        o.index_hours = {hours(r_lo), hours(r_mid), hours(r_hi)};
        if (short_of_load)
            o.reason = Message(code::reason_embed_short).num("qps", o.qps_capacity.mid).num("need", qps);
        else
            o.fits = true;
        add_cost(o, g, job.catalog.currency);
        if (o.fits) o.command = embed_command(job, o);
        out.options.push_back(std::move(o));
    }
}

}  // namespace gpusizer
