// Efficiency factors and overheads of the model, each with the low-high band the
// engine reports. `optimistic()` / `typical()` / `pessimistic()` are three full sets;
// the engine evaluates a configuration with each and reports the spread as the range.
//
// Where the numbers come from (stated so a reviewer can disagree with them):
//  * decode_bandwidth_eff: fraction of datasheet memory bandwidth reached by batched GEMV
//    decode kernels. vLLM / TensorRT-LLM decode at small batch reaches ~60-85 % of peak HBM
//    bandwidth (NVIDIA "Mastering LLM Techniques: Inference Optimization", 2023: "memory
//    bandwidth utilization"); 0.70 typical.
//  * prefill_compute_eff: fraction of the dense BF16 tensor peak reached by large serving GEMMs:
//    60-80 % (vLLM on H100 ran Qwen3-8B's mixed prefill steps at ~780 TFLOPS); 0.65 typical.
//  * lowp_compute_factor: FP8/INT8/FP4 GEMMs reach a smaller share of their doubled peak
//    (activation quantization and scales; the same vLLM/H100 pair ran FP8 steps at ~650 TFLOPS of
//    1979): that share × 0.75. Attention runs on the BF16 peak. vLLM's B200 kernel benchmark agrees
//    (PR #19566: FP8 with per-token activation quantization 2,249 of 4,500 TFLOPS at M = 16,384, BF16
//    1,513 of 2,250: 0.74 of BF16's share).
//  * fp4_compute_factor: FP4 GEMMs (NVFP4, MXFP4 on Blackwell) keep less of their quadrupled peak:
//    vLLM PR #20646 measured Llama-3.1-8B's QKV product (N 6,144, K 4,096) on a B200 at M = 8,192 and
//    16,384: NVFP4 with activation quantization 3,025-3,039 of 9,000 TFLOPS (33.7 %), BF16 1,360-1,421
//    of 2,250 (61.9 %): 0.55 of BF16's share (0.44-0.66). Calibration on that kernel benchmark.
//  * decode_compute_eff: the same for the compute side of decode (small-M GEMMs): 0.40.
//  * runtime_overhead: memory a serving process uses outside PyTorch's tensors (cuBLAS and
//    attention workspaces, allocator slack); vLLM counts it inside --gpu-memory-utilization: 0.5 GB.
//  * cuda_graph_gb: the CUDA-graph pool vLLM reserves (it logs "Estimated CUDA graph memory",
//    0.52 GiB for an 8 B model); nccl_gb: NCCL / custom all-reduce buffers when TP > 1.
//  * serve_activation_factor: scales vLLM's profiled activation peak (see serving_model.hpp).
//  * layer_overhead_us: time per decoder layer per engine step that streams no bytes (kernel
//    launch gaps and tails of ~10-15 kernels per layer, even under CUDA graphs); MoE layers twice
//    that (router, permutes). It is why measured decode falls short of bandwidth on small models.
//  * request_overhead_ms: API server time in every time to first token (HTTP, chat template,
//    tokenization, scheduling, first detokenization). vLLM 0.30 on one H100 answers a 128-token
//    prompt of Qwen3-8B in 14.4 ms (p95 TTFT at one user, silybench, BF16 and FP8), of which the
//    prompt's step is ~4 ms: 10 ms typical. Engines of 2025 spent more (the gpustack lab measured
//    28 ms for SGLang, 52 ms for TensorRT-LLM and 64 ms for vLLM 0.11 at ~230-token prompts):
//    5-30 ms.
//  * activation_factor: scales the training activation estimate.
//  * train_overhead_gb: per GPU CUDA context and kernels in training, measured: Hugging Face's
//    "Model training anatomy" (transformers docs) reads 1,343 MB after loading the kernels (1.3 GB
//    typical); 0.8 GB with lazy module loading (CUDA 11.7+), 2 GB with NCCL buffers of a multi-GPU run.
//  * fp8_train_speedup: FP8 training (wq=fp8 on a GPU with FP8 tensor cores) over the same run in
//    BF16. Measured end to end, not the 2x of the datasheet: Megatron-Bridge 25.11 (NVIDIA) trains
//    DeepSeek-V3 at 782 (BF16) vs 1003 (FP8) TFLOPS/GPU on GB200 = 1.28x, 961 vs 1088 on GB300 =
//    1.13x (docs/performance-summary.md). DeepSeek-V3's own report gives no factor. 1.3 typical
//    (1.15-1.45): the same run in FP8 is not twice as fast, GEMMs are only part of a step.
//  * host_bandwidth_eff: partial offload (offload.hpp): share of the host RAM's theoretical
//    bandwidth that llama.cpp's CPU expert / layer products reach in token generation. From
//    published hybrid runs (llama.cpp discussion #15396, llmfit PR #755; the GPU side taken off
//    with the engine's own GPU model): gpt-oss-20b on dual-channel DDR4-3200 49-58 %, on a
//    DDR5-5200 laptop ~75 %, Qwen3-30B-A3B on quad-channel DDR4 ~42 %. 0.55 typical, 0.40-0.75.
//  * pcie_eff: share of the PCIe link's per-direction rate llama.cpp reaches copying host weights
//    to the GPU for a prompt batch (pageable, mmap-ed memory): the same published runs' prompt
//    rates give 30-60 %: 0.50 typical, 0.30-0.65.
//  * offload_switch_us: each hand-over between GPU and CPU in a token's graph (a synchronisation
//    and a copy of the hidden state): 30 µs typical, 15-60.
//  * rocm_bandwidth_share, rocm_gemm_share: AMD GPUs run ROCm's kernels (hipBLASLt, RCCL), which reach
//    a smaller share of their datasheet than CUDA's reach of NVIDIA's. Measured with one suite on
//    both (Microsoft Azure AI-benchmarking-guide, ND MI300X v5 against ND H100 v5): STREAM copy
//    4.11 of 5.3 TB/s (77.5 %) against 2.90 of 3.35 (86.6 %): 0.895 of NVIDIA's share; the best FP8
//    GEMM 1,159 of 2,615 TFLOPS (44.3 %) against 1,382 of 1,979 (69.8 %): 0.635 of NVIDIA's share.
//    Applied to every bandwidth and GEMM efficiency of an AMD GPU (serving, training, services).
//  * allreduce_hop_us, xgmi_bus_eff: a tensor-parallel all-reduce of the small messages of decode
//    costs the fabric's latency for two GPUs (nvlink_latency_us / pcie_latency_us) plus a step per
//    further GPU on each of its two phases: ~1.4 µs a step on NVLink/Infinity Fabric, from a one-shot
//    kernel's 5.4 µs floor (mscclpp PR #736/#507, 8 GPUs, 1 KB) and NCCL's 25.6 µs for the same
//    message through 14 ring steps (Azure ND H100 v5 nccl-tests). Large messages move at the
//    fabric's bus bandwidth: NVSwitch reaches its per-direction NVLink rate (479 of 450 GB/s
//    measured with in-switch reduction), AMD's point-to-point xGMI mesh 0.71 of its 448 GB/s
//    (RCCL peak bus bandwidth 317 GB/s, same guide).
//  * mfu_scale: multiplies the user's MFU for the range (MFU of a real run varies ±20 %).
#pragma once

namespace gpusizer {

struct Assumptions {
    double decode_bandwidth_eff = 0.70;
    double prefill_compute_eff = 0.65;
    // Encoder GEMMs of speech and embedding models (small, batched, PyTorch/ONNX/TensorRT runtimes):
    // half the dense peak, 0.35-0.65, from the services' validation cases (README caveats).
    double encoder_compute_eff = 0.50;
    double decode_compute_eff = 0.40;
    double lowp_compute_factor = 0.75;
    double fp4_compute_factor = 0.55;
    double runtime_overhead_gb = 0.5;
    double activation_factor = 1.0;
    double train_overhead_gb = 1.3;
    double fp8_train_speedup = 1.3;
    double mfu_scale = 1.0;
    double nvlink_latency_us = 8.0;   // per all-reduce, small messages
    double pcie_latency_us = 25.0;
    double allreduce_hop_us = 1.4;
    double xgmi_bus_eff = 0.71;
    double rocm_bandwidth_share = 0.895;
    double rocm_gemm_share = 0.635;
    // Serving engine (inference only)
    double cuda_graph_gb = 0.5;
    double nccl_gb = 0.4;
    double serve_activation_factor = 1.0;
    double layer_overhead_us = 25.0;
    double request_overhead_ms = 10.0;
    // Partial offload to host RAM (offload.hpp)
    double host_bandwidth_eff = 0.55;
    double pcie_eff = 0.50;
    double offload_switch_us = 30.0;

    static Assumptions typical() { return Assumptions{}; }
    static Assumptions optimistic() {
        Assumptions a;
        a.decode_bandwidth_eff = 0.85;
        a.prefill_compute_eff = 0.80;
        a.encoder_compute_eff = 0.65;
        a.lowp_compute_factor = 0.9;
        a.fp4_compute_factor = 0.66;
        a.decode_compute_eff = 0.55;
        a.runtime_overhead_gb = 0.3;
        a.activation_factor = 0.6;
        a.train_overhead_gb = 0.8;
        a.fp8_train_speedup = 1.45;
        a.mfu_scale = 1.2;
        a.nvlink_latency_us = 5.0;
        a.pcie_latency_us = 15.0;
        a.allreduce_hop_us = 1.0;
        a.xgmi_bus_eff = 0.8;
        a.rocm_bandwidth_share = 0.95;
        a.rocm_gemm_share = 0.75;
        a.cuda_graph_gb = 0.3;
        a.nccl_gb = 0.2;
        a.serve_activation_factor = 0.8;
        a.layer_overhead_us = 12.0;
        a.request_overhead_ms = 5.0;
        a.host_bandwidth_eff = 0.75;
        a.pcie_eff = 0.65;
        a.offload_switch_us = 15.0;
        return a;
    }
    static Assumptions pessimistic() {
        Assumptions a;
        a.decode_bandwidth_eff = 0.55;
        a.prefill_compute_eff = 0.50;
        a.encoder_compute_eff = 0.35;
        a.lowp_compute_factor = 0.6;
        a.fp4_compute_factor = 0.44;
        a.decode_compute_eff = 0.25;
        a.runtime_overhead_gb = 1.0;
        a.activation_factor = 1.6;
        a.train_overhead_gb = 2.0;
        a.fp8_train_speedup = 1.15;
        a.mfu_scale = 0.8;
        a.nvlink_latency_us = 12.0;
        a.pcie_latency_us = 40.0;
        a.allreduce_hop_us = 2.0;
        a.xgmi_bus_eff = 0.6;
        a.rocm_bandwidth_share = 0.85;
        a.rocm_gemm_share = 0.55;
        a.cuda_graph_gb = 1.0;
        a.nccl_gb = 0.8;
        a.serve_activation_factor = 1.3;
        a.layer_overhead_us = 45.0;
        a.request_overhead_ms = 30.0;
        a.host_bandwidth_eff = 0.40;
        a.pcie_eff = 0.30;
        a.offload_switch_us = 60.0;
        return a;
    }
};

}  // namespace gpusizer
