// The article's "other GPU work": 3D rendering, video transcoding, image processing, HPC.
// Not a model of the workload — rules over the catalog's facts, each stated in its message:
//  * render:    needs a graphics pipeline with RT cores and the scene in memory (scenes do not
//               split across GPUs); its figure is the FP32 rate.
//  * transcode: needs NVENC engines (AV1 needs an AV1-capable encoder); streams per engine are
//               an assumption (see kStreamsPerEngine1080p); as many GPUs as the streams need.
//               No memory figure: a stream needs little and the workload input is not asked.
//  * image:     FP32 rate and memory for the batch; its figure is the FP32 rate.
// Ranked as the table shows it: by cost per hour (the fitting GPUs' own price, transcoding's for
// the streams), by the figure (speed), or by fewest GPUs; never by a figure the table leaves out.
//  * hpc:       needs a real FP64 part: a vector FP64 rate of at least 1/4 of its FP32 rate (HPC GPUs
//               run FP64 at 1/2: A100, H100, B200, MI300X; GPUs built for low precision at 1/32-1/64:
//               B300, H800, GeForce). Ranked by the vector FP64 rate, which every FP64 code uses; the
//               FP64 tensor-core rate speeds up dense matrix math (DGEMM) only.
#include <algorithm>
#include <cmath>

#include "engine/hardware.hpp"
#include "engine/tasks.hpp"

namespace gpusizer {
namespace {

// 1080p30 streams one NVENC engine sustains at a medium preset (P4). NVIDIA Video Codec SDK
// performance tables put one Ada/Ampere engine at ~400 fps H.264 1080p P4: ≈ 13 streams.
// This is an assumption of ours, not a catalog fact: the range is ±50 %.
constexpr double kStreamsPerEngine1080p = 13.0;
// A real FP64 part runs FP64 at 1/2 of FP32 (1/4 allowed); low-precision parts run it at 1/32-1/64.
constexpr double kMinFp64ToFp32 = 0.25;

double resolution_factor(Resolution res) {
    switch (res) {
        case Resolution::p720: return 2.25;
        case Resolution::p1080: return 1.0;
        case Resolution::p1440: return 0.5625;
        case Resolution::k4: return 0.25;
        case Resolution::k8: return 0.0625;
    }
    return 1.0;
}

double val(const std::optional<double>& v) { return v ? *v : 0.0; }

}  // namespace

void evaluate_other_work(const Job& job, Result& out) {
    const State& s = job.state;
    const Use work = s.use;
    const double need_gb = work == Use::transcode ? 0.0 : std::max(0.0, s.vram);
    out.memory.weights = Bytes::from_gb(need_gb);
    out.memory_total_gb = {need_gb, need_gb, need_gb};
    for (const GpuSpec* gp : job.gpus) {
        const GpuSpec& g = *gp;
        Option o = option_on(g, s, 1);
        o.per_gpu.weights = Bytes::from_gb(need_gb);
        o.per_gpu_gb = {need_gb, need_gb, need_gb};
        const bool mem_ok = need_gb <= o.capacity_gb;
        const Message mem_reason = Message(code::reason_needs_memory).num("need", need_gb).num("have", o.capacity_gb);
        if (work == Use::render) {
            o.score = val(g.tflops.fp32);
            o.score_label = Message(code::score_fp32);
            if (!g.graphics || !g.rt_cores) o.reason = Message(code::reason_no_graphics);
            else if (!mem_ok) o.reason = Message(code::reason_scene_memory).num("need", need_gb).num("have", o.capacity_gb);
            else o.fits = true;
        } else if (work == Use::transcode) {
            const double per_gpu = g.nvenc * kStreamsPerEngine1080p * resolution_factor(s.res);
            o.score = per_gpu;
            o.score_label = Message(code::score_streams).str("res", std::string(key_of(s.res)));
            if (g.nvenc <= 0) o.reason = Message(code::reason_no_nvenc);
            else if (s.codec == VideoCodec::av1 && !g.av1_encode) o.reason = Message(code::reason_no_av1);
            else {
                o.count = int(std::max(1.0, std::ceil(std::max(1.0, s.streams) / std::max(0.01, per_gpu))));
                o.servers = servers_for_gpus(o.count, g.max_server_size());
                o.users_served = per_gpu * o.count;
                o.fits = true;
                o.warnings.push_back(Message(code::assumption_nvenc).num("streams", kStreamsPerEngine1080p).num("spread", 50));
            }
        } else if (work == Use::hpc) {
            const double fp64 = val(g.tflops.fp64), fp32 = val(g.tflops.fp32);
            o.score = fp64;
            o.score_label = Message(code::score_fp64);
            if (fp64 <= 0) o.reason = Message(code::reason_no_fp64).num("fp64", fp64);
            else if (fp64 < kMinFp64ToFp32 * fp32)
                o.reason = Message(code::reason_fp64_fraction).num("fp64", fp64).num("fp32", fp32).num("ratio", fp32 / fp64);
            else if (!mem_ok) o.reason = mem_reason;
            else o.fits = true;
        } else {  // image processing
            o.score = val(g.tflops.fp32);
            o.score_label = Message(code::score_fp32);
            if (o.score <= 0) o.reason = Message(code::reason_no_fp32);
            else if (!mem_ok) o.reason = mem_reason;
            else o.fits = true;
            warn_low_bandwidth(g, o);
        }
        add_cost(o, g, job.catalog.currency);
        out.options.push_back(o);
    }
}

}  // namespace gpusizer
