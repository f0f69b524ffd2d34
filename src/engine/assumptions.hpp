// Efficiency factors and overheads of the model, each with the low-high band the
// engine reports. `optimistic()` / `typical()` / `pessimistic()` are three full sets;
// the engine evaluates a configuration with each and reports the spread as the range.
//
// Where the numbers come from (stated so a reviewer can disagree with them):
//  * decode_bandwidth_eff: fraction of datasheet memory bandwidth reached by batched GEMV
//    decode kernels. vLLM / TensorRT-LLM decode at small batch reaches ~60-85 % of peak HBM
//    bandwidth (NVIDIA "Mastering LLM Techniques: Inference Optimization", 2023: "memory
//    bandwidth utilization"); 0.70 typical.
//  * prefill_compute_eff: fraction of dense tensor peak reached in prefill GEMMs; large GEMMs
//    reach 60-75 % of peak, whole-model prefill 40-60 %; 0.50 typical.
//  * decode_compute_eff: the same for the compute side of decode (small-M GEMMs): 0.40.
//  * runtime_overhead: CUDA context, cuBLAS/NCCL workspaces, CUDA graphs, allocator
//    fragmentation per GPU: vLLM logs show 0.5-2 GB beyond weights+KV; 1.2 GB typical.
//  * activation_factor: scales the inference activation estimate (peak of one prefill chunk).
//  * train_overhead_gb: per GPU CUDA context and kernels in training, measured: Hugging Face's
//    "Model training anatomy" (transformers docs) reads 1,343 MB after loading the kernels (1.3 GB
//    typical); 0.8 GB with lazy module loading (CUDA 11.7+), 2 GB with NCCL buffers of a multi-GPU run.
//  * fp8_train_speedup: FP8 training (wq=fp8 on a GPU with FP8 tensor cores) over the same run in
//    BF16. Measured end to end, not the 2x of the datasheet: Megatron-Bridge 25.11 (NVIDIA) trains
//    DeepSeek-V3 at 782 (BF16) vs 1003 (FP8) TFLOPS/GPU on GB200 = 1.28x, 961 vs 1088 on GB300 =
//    1.13x (docs/performance-summary.md). DeepSeek-V3's own report gives no factor. 1.3 typical
//    (1.15-1.45): the same run in FP8 is not twice as fast, GEMMs are only part of a step.
//  * mfu_scale: multiplies the user's MFU for the range (MFU of a real run varies ±20 %).
#pragma once

namespace gpusizer {

struct Assumptions {
    double decode_bandwidth_eff = 0.70;
    double prefill_compute_eff = 0.50;
    double decode_compute_eff = 0.40;
    double runtime_overhead_gb = 1.2;
    double activation_factor = 1.0;
    double train_overhead_gb = 1.3;
    double fp8_train_speedup = 1.3;
    double mfu_scale = 1.0;
    double nvlink_latency_us = 8.0;   // per all-reduce, small messages
    double pcie_latency_us = 25.0;

    static Assumptions typical() { return Assumptions{}; }
    static Assumptions optimistic() {
        Assumptions a;
        a.decode_bandwidth_eff = 0.85;
        a.prefill_compute_eff = 0.65;
        a.decode_compute_eff = 0.55;
        a.runtime_overhead_gb = 0.6;
        a.activation_factor = 0.6;
        a.train_overhead_gb = 0.8;
        a.fp8_train_speedup = 1.45;
        a.mfu_scale = 1.2;
        a.nvlink_latency_us = 5.0;
        a.pcie_latency_us = 15.0;
        return a;
    }
    static Assumptions pessimistic() {
        Assumptions a;
        a.decode_bandwidth_eff = 0.55;
        a.prefill_compute_eff = 0.35;
        a.decode_compute_eff = 0.25;
        a.runtime_overhead_gb = 2.0;
        a.activation_factor = 1.6;
        a.train_overhead_gb = 2.0;
        a.fp8_train_speedup = 1.15;
        a.mfu_scale = 0.8;
        a.nvlink_latency_us = 12.0;
        a.pcie_latency_us = 40.0;
        return a;
    }
};

}  // namespace gpusizer
