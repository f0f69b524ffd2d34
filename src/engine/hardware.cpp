#include "engine/hardware.hpp"

#include <algorithm>

#include "engine/assumptions.hpp"

namespace gpusizer {
namespace {

double tf(const std::optional<double>& v) { return v && *v > 0 ? *v : 0.0; }

double bf16_or_fp16(const GpuSpec& g) {
    if (tf(g.tflops.bf16) > 0) return tf(g.tflops.bf16);
    return tf(g.tflops.fp16);
}

}  // namespace

ComputeKind effective_compute(const GpuSpec& g, ComputeKind k) {
    switch (k) {
        case ComputeKind::fp4:
            // Without FP4 tensor cores the FP4 kernels are weight-only: Marlin / Triton upcast the weights
            // and multiply 16-bit activations (vLLM: "Weight-only FP4 compression will be used").
            if (tf(g.tflops.fp4) > 0) return ComputeKind::fp4;
            return bf16_or_fp16(g) > 0 ? ComputeKind::bf16 : ComputeKind::fp32;
        case ComputeKind::fp8:
            if (tf(g.tflops.fp8) > 0) return ComputeKind::fp8;
            return bf16_or_fp16(g) > 0 ? ComputeKind::bf16 : ComputeKind::fp32;
        case ComputeKind::int8:
            if (tf(g.tflops.int8) > 0) return ComputeKind::int8;
            return bf16_or_fp16(g) > 0 ? ComputeKind::bf16 : ComputeKind::fp32;
        case ComputeKind::bf16:
            return bf16_or_fp16(g) > 0 ? ComputeKind::bf16 : ComputeKind::fp32;
        case ComputeKind::fp32:
            return ComputeKind::fp32;
    }
    return ComputeKind::bf16;
}

double peak_flops(const GpuSpec& g, ComputeKind k) {
    switch (effective_compute(g, k)) {
        case ComputeKind::fp4: return tf(g.tflops.fp4) * kFlopsPerTflop;
        case ComputeKind::fp8: return tf(g.tflops.fp8) * kFlopsPerTflop;
        case ComputeKind::int8: return tf(g.tflops.int8) * kFlopsPerTflop;
        case ComputeKind::bf16: return bf16_or_fp16(g) * kFlopsPerTflop;
        case ComputeKind::fp32: return tf(g.tflops.fp32) * kFlopsPerTflop;
    }
    return 0.0;
}

const char* compute_label(ComputeKind k) {
    switch (k) {
        case ComputeKind::fp4: return "FP4";
        case ComputeKind::fp8: return "FP8";
        case ComputeKind::int8: return "INT8";
        case ComputeKind::bf16: return "BF16/FP16";
        case ComputeKind::fp32: return "FP32";
    }
    return "?";
}

bool nvlink_within(const GpuSpec& g, int group) {
    return g.nvlink_generation > 0 && g.nvlink_gbs > 0 && (!g.nvlink_pairs_only || group <= 2);
}

double interconnect_bytes_per_s(const GpuSpec& g, int group) {
    if (nvlink_within(g, group)) return g.nvlink_gbs / 2.0 * 1e9;
    if (g.pcie_gen >= 5) return 50e9;
    if (g.pcie_gen == 4) return 25e9;
    return 12e9;
}

bool runs_rocm(const GpuSpec& g) { return g.vendor == "AMD"; }
double vendor_gemm_share(const GpuSpec& g, const Assumptions& a) { return runs_rocm(g) ? a.rocm_gemm_share : 1.0; }
double vendor_bandwidth_share(const GpuSpec& g, const Assumptions& a) {
    return runs_rocm(g) ? a.rocm_bandwidth_share : 1.0;
}

bool xgmi_mesh(const GpuSpec& g) { return runs_rocm(g) && g.nvlink_generation > 0; }

double allreduce_seconds(const GpuSpec& g, int group, double bytes, const Assumptions& a) {
    if (group < 2) return 0;
    const bool fabric = nvlink_within(g, group);
    const double latency = (fabric ? a.nvlink_latency_us : a.pcie_latency_us) + a.allreduce_hop_us * 2.0 * (group - 2);
    const double bus = interconnect_bytes_per_s(g, group) * (xgmi_mesh(g) ? a.xgmi_bus_eff : 1.0);
    return latency * 1e-6 + bytes * 2.0 * (group - 1) / group / bus;
}

Bytes gpu_memory(const GpuSpec& g) { return Bytes::from_gib(g.cuda_memory_gib.value_or(g.memory_gib)); }

double memory_utilization(double reserve_pct) { return 1.0 - std::clamp(reserve_pct, 0.0, 90.0) / 100.0; }

Bytes usable_memory(const GpuSpec& g, double reserve_pct) { return gpu_memory(g) * memory_utilization(reserve_pct); }

double memory_bandwidth_bytes_per_s(const GpuSpec& g) { return g.memory_bandwidth_gbs * 1e9; }

}  // namespace gpusizer
