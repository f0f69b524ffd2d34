// Partial offload (offload=1): one GPU too small for a model runs it with part of the weights in
// the host's RAM, the way llama.cpp does it. Internal to the engine.
//
// ASSUMPTIONS
//  * The server is llama-server (the only common engine that splits a model between a GPU and the
//    CPU per layer). A mixture of experts keeps attention, norms, router and output layer on the
//    GPU and puts the routed experts of its first N layers in host RAM (`--n-cpu-moe N`); a dense
//    model puts its first N whole layers there, KV cache and output layer included (`-ngl` =
//    layers - N; N = 0 with `-ngl` = layers moves the output layer alone). N is the smallest that
//    leaves the GPU room for the compute buffer and -c = ctx × slots KV cells. When even every
//    layer's experts in host RAM leave no room, a mixture of experts moves whole layers.
//  * llama.cpp keeps the token-embedding table in host RAM (a lookup, no bandwidth).
//  * Weight formats: llama.cpp runs GGUF. BF16/FP16 checkpoints convert as they are, MXFP4 keeps
//    its experts and stores the rest as Q8_0 (ggml-org's gpt-oss GGUFs); FP8 / INT8 become Q8_0
//    and INT4 / NVFP4 become Q4_K_M; a dense model's MXFP4 is Q8_0 (llama.cpp's MXFP4
//    type quantizes experts only). The option says so.
//  * `cpu_layers` pins N (the user's own -ngl / --n-cpu-moe); `ram_gbs` replaces the DDR type's rate.
//  * Decode: GPU layers read their weights from VRAM as in serving_model.hpp; CPU layers read
//    theirs (a mixture: the experts a step's tokens touch) from host RAM at its theoretical rate
//    (dual-channel DDR4-3200 51.2 GB/s, DDR5-5600 89.6 GB/s) × host_bandwidth_eff; GPU and CPU
//    work in turn, plus a hand-over per switch (assumptions.hpp).
//  * Prompt batches of 32 tokens or more run on the GPU: llama.cpp copies every host-held weight
//    over PCIe (x16, the GPU's generation) once per 512-token ubatch.
//  * Host RAM needed = the host-held weights + their KV cache + 4 GB for the OS and other programs.
#pragma once

#include <optional>
#include <vector>

#include "engine/model_math.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {

// Theoretical rate of the host RAM: two channels × 8 bytes × transfers per second.
int host_ram_mts(HostRam r);       // DDR4-3200, DDR5-5600
double host_ram_gbs(HostRam r);    // 51.2, 89.6
double host_ram_gbs(const State& s);  // the state's ram_gbs, else its type's
// Per-direction rate of a PCIe x16 link (128b/130b): 3.0 15.75, 4.0 31.5, 5.0 63 GB/s.
double pcie_x16_gbs(int generation);
constexpr double kHostReservedGB = 4;  // host RAM the OS and other programs keep

// llama.cpp runs GGUF: the file format an offloaded model is served in (see ASSUMPTIONS).
WeightFormat offload_format(const ModelSpec& m, WeightFormat wq);
// Its bytes: as weight_bytes(), except that an MXFP4 GGUF stores the non-expert tensors as Q8_0.
WeightBytes gguf_weight_bytes(const ModelSpec& m, WeightFormat wq);

// Where the weights go with `host_layers` layers (experts_only: those layers' routed experts) in
// host RAM.
struct OffloadSplit {
    bool experts_only = false;
    bool output_on_host = false;     // dense splits: the output layer in host RAM too (-ngl <= layers)
    int host_layers = 0, layers = 0;
    Bytes gpu_dense, gpu_experts;    // in VRAM: always read / routed experts (read as touched)
    Bytes host_dense, host_experts;  // in host RAM, token embeddings included in host_dense
    Bytes host_lookup;               // of which the token-embedding table (never streamed)
    double host_kv_share = 0;        // share of each sequence's KV cache in host RAM
    Bytes gpu_weights() const { return gpu_dense + gpu_experts; }
    Bytes host_weights() const { return host_dense + host_experts; }
};
OffloadSplit offload_split(const ModelSpec& m, WeightFormat wq, int host_layers, bool experts_only,
                           bool output_on_host = false);

// The one-GPU offload option of a GPU, sized for the state's load; nullopt when the plain options
// already hold the model on one such GPU, or (GPU not pinned) when the offload option does not fit.
std::optional<Option> offload_option(const Job& job, const GpuSpec& g);

}  // namespace gpusizer
