// The tables of engine/vocabulary.hpp. Each row's key is public: links in the wild carry it, the
// CLI's JSON and the exports print it, data/catalog.json's presets name it. Never rename a key;
// a new spelling goes in as an alias (or as an upgrade step of the link, link.cpp).
#include "engine/vocabulary.hpp"

#include "engine/codes.hpp"

namespace gpusizer {
namespace {

template <class E, std::size_t N> Terms<E> table(const Term<E> (&rows)[N]) { return {rows, N}; }

// The aliases are the words a person types for the same task (the link is written with the key).
constexpr Term<Task> kTasks[] = {{Task::infer, "infer", nullptr, "inference"},
                                 {Task::tune, "tune", nullptr, "finetune"},
                                 {Task::train, "train", nullptr, "pretrain"},
                                 {Task::other, "other"}};

constexpr Term<Use> kUses[] = {
    {Use::chat, "chat", code::term_use_chat},
    {Use::rag, "rag", code::term_use_rag},
    {Use::ocr, "ocr", code::term_use_ocr},
    {Use::general, "general", code::term_use_general},
    {Use::asr, "asr", code::term_use_asr},
    {Use::embed, "embed", code::term_use_embed},
    {Use::copilot, "copilot", code::term_use_copilot},
    {Use::reason, "reason", code::term_use_reason},
    {Use::agent, "agent", code::term_use_agent},
    {Use::render, "render", code::term_use_render},
    {Use::transcode, "transcode", code::term_use_transcode},
    {Use::image, "image", code::term_use_image},
    {Use::hpc, "hpc", code::term_use_hpc},
};

// "models" first: the warning has always listed it so.
constexpr Term<View> kViews[] = {{View::models, "models"}, {View::options, "options"}};

constexpr Term<TuneMethod> kMethods[] = {{TuneMethod::full, "full", code::term_full_finetune},
                                         {TuneMethod::lora, "lora", code::term_lora},
                                         {TuneMethod::qlora, "qlora", code::term_qlora}};

constexpr Term<Trainer> kTrainers[] = {{Trainer::hf, "hf"}, {Trainer::fused, "fused"}, {Trainer::nemo, "nemo"}};

constexpr Term<Optimizer> kOptimizers[] = {{Optimizer::adamw, "adamw", code::term_optim_adamw},
                                           {Optimizer::bf16, "bf16", code::term_optim_bf16},
                                           {Optimizer::adam8, "adam8", code::term_optim_adam8}};

constexpr Term<RankBy> kRankings[] = {
    {RankBy::cost, "cost"}, {RankBy::speed, "speed", code::term_rank_speed}, {RankBy::gpus, "gpus", code::term_rank_gpus}};

constexpr Term<AsrRuntime> kAsrRuntimes[] = {{AsrRuntime::hf, "hf", code::term_asr_hf},
                                             {AsrRuntime::ct2, "ct2", code::term_asr_ct2},
                                             {AsrRuntime::cpp, "cpp", code::term_asr_cpp},
                                             {AsrRuntime::trt, "trt", code::term_asr_trt}};

constexpr Term<AsrMode> kAsrModes[] = {{AsrMode::chunked, "chunk", code::term_asr_mode_chunk},
                                       {AsrMode::sequential, "seq", code::term_asr_mode_seq}};

// The link writes the digit; "ddr4" / "ddr5" are read too (the JSON prints those).
constexpr Term<Scheduler> kSchedulers[] = {{Scheduler::mixed, "mixed", code::term_sched_mixed},
                                           {Scheduler::separate, "separate", code::term_sched_separate}};
constexpr Term<HostRam> kHostRams[] = {{HostRam::ddr4, "4", nullptr, "ddr4"}, {HostRam::ddr5, "5", nullptr, "ddr5"}};

// "any" last: the warning has always listed it so.
constexpr Term<VendorFilter> kVendors[] = {
    {VendorFilter::nvidia, "nvidia"}, {VendorFilter::amd, "amd"}, {VendorFilter::any, "any"}};

constexpr Term<Resolution> kResolutions[] = {{Resolution::p720, "720p"},
                                             {Resolution::p1080, "1080p"},
                                             {Resolution::p1440, "1440p"},
                                             {Resolution::k4, "4k"},
                                             {Resolution::k8, "8k"}};

constexpr Term<VideoCodec> kCodecs[] = {{VideoCodec::h264, "h264"}, {VideoCodec::hevc, "hevc"}, {VideoCodec::av1, "av1"}};

// "none" is never written: a link without think= has none; think=0 reads as none too.
constexpr Term<ThinkLevel> kThinkLevels[] = {{ThinkLevel::low, "low", code::term_think_low},
                                             {ThinkLevel::med, "med", code::term_think_med},
                                             {ThinkLevel::high, "high", code::term_think_high},
                                             {ThinkLevel::none, "none"}};

constexpr Term<KvTier> kKvTiers[] = {{KvTier::gpu, "gpu", code::term_tier_gpu},
                                     {KvTier::host, "host", code::term_tier_host},
                                     {KvTier::nvme, "nvme", code::term_tier_nvme},
                                     {KvTier::recompute, "recompute", code::term_tier_recompute}};

}  // namespace

template <> Terms<Task> terms<Task>() { return table(kTasks); }
template <> Terms<Use> terms<Use>() { return table(kUses); }
template <> Terms<View> terms<View>() { return table(kViews); }
template <> Terms<TuneMethod> terms<TuneMethod>() { return table(kMethods); }
template <> Terms<Trainer> terms<Trainer>() { return table(kTrainers); }
template <> Terms<Optimizer> terms<Optimizer>() { return table(kOptimizers); }
template <> Terms<RankBy> terms<RankBy>() { return table(kRankings); }
template <> Terms<AsrRuntime> terms<AsrRuntime>() { return table(kAsrRuntimes); }
template <> Terms<AsrMode> terms<AsrMode>() { return table(kAsrModes); }
template <> Terms<Scheduler> terms<Scheduler>() { return table(kSchedulers); }
template <> Terms<HostRam> terms<HostRam>() { return table(kHostRams); }
template <> Terms<VendorFilter> terms<VendorFilter>() { return table(kVendors); }
template <> Terms<Resolution> terms<Resolution>() { return table(kResolutions); }
template <> Terms<VideoCodec> terms<VideoCodec>() { return table(kCodecs); }
template <> Terms<ThinkLevel> terms<ThinkLevel>() { return table(kThinkLevels); }
template <> Terms<KvTier> terms<KvTier>() { return table(kKvTiers); }

Task use_task(Use u) {
    switch (u) {
        case Use::render: case Use::transcode: case Use::image: case Use::hpc: return Task::other;
        default: return Task::infer;
    }
}

const char* method_term(const State& s) { return s.task == Task::train ? code::term_pretrain : text_of(s.method); }

}  // namespace gpusizer
