// What the engine reads off a GPU entry: peak rates per arithmetic, link speeds, capacity.
#pragma once

#include "engine/catalog_types.hpp"
#include "engine/formats.hpp"
#include "engine/units.hpp"

namespace gpusizer {

struct Assumptions;

// Dense tensor peak in FLOP/s for an arithmetic, falling back to the next wider one the GPU
// has (e.g. FP8 weights on an Ampere GPU run BF16 math after dequantization; FP4 weights on a GPU
// without FP4 tensor cores run BF16 math, weight-only, even where FP8 cores exist). 0 = unknown.
double peak_flops(const GpuSpec& g, ComputeKind k);
// Which arithmetic the peak above actually used (for explanations).
ComputeKind effective_compute(const GpuSpec& g, ComputeKind k);
const char* compute_label(ComputeKind k);

// Unidirectional bytes/s between GPUs of one server for collectives: NVLink if present,
// else PCIe x16 at its generation's practical rate (gen3 12, gen4 25, gen5 50 GB/s).
double interconnect_bytes_per_s(const GpuSpec& g, int group = 2);
// True when `group` GPUs of one server talk over NVLink (bridged cards: pairs only).
bool nvlink_within(const GpuSpec& g, int group);

// AMD GPUs run ROCm's libraries; their measured shares of the datasheet are lower (assumptions.hpp).
bool runs_rocm(const GpuSpec& g);
// The share of a GPU's datasheet its software stack reaches against CUDA's on NVIDIA: ROCm's
// measured shares on AMD (assumptions.hpp), 1 elsewhere. Every GEMM / bandwidth efficiency scales by it.
double vendor_gemm_share(const GpuSpec& g, const Assumptions& a);
double vendor_bandwidth_share(const GpuSpec& g, const Assumptions& a);
// AMD's Infinity Fabric joins GPUs point to point (a full mesh), not through a switch.
bool xgmi_mesh(const GpuSpec& g);
// Seconds of one all-reduce over `group` GPUs of `bytes` per GPU: the fabric's latency for two
// GPUs, a step per further GPU on each phase, and the bytes at the fabric's bus bandwidth
// (ring: 2(n-1)/n of the message crosses each link).
double allreduce_seconds(const GpuSpec& g, int group, double bytes, const Assumptions& a);

Bytes gpu_memory(const GpuSpec& g);
// Share of memory a runtime may use with `reserve_pct` % kept free (vLLM --gpu-memory-utilization).
double memory_utilization(double reserve_pct);
Bytes usable_memory(const GpuSpec& g, double reserve_pct);
double memory_bandwidth_bytes_per_s(const GpuSpec& g);

// The guide's rule: ML wants at least 500 GB/s of memory bandwidth.
constexpr double kGuideMinBandwidthGBs = 500.0;

}  // namespace gpusizer
