// "Check it yourself" for training options: the layout line, and the command that runs it.
//   Pre-training: Megatron-LM's pretrain_gpt.py under torchrun, with the model's dimensions and the
//     option's layout (flags as Megatron-LM core_v0.15.3 megatron/training/arguments.py defines them).
//   Fine-tuning: LLaMA-Factory's `llamafactory-cli train` with its arguments as --key value (v0.9.5:
//     src/llamafactory/hparams, launcher.py for the FORCE_TORCHRUN / NNODES / ... variables) and, for
//     ZeRO and tensor parallelism, an inline DeepSpeed config (transformers' TrainingArguments reads a
//     --deepspeed value starting with "{" as JSON; DeepSpeed AutoTP trains with ZeRO-0 to 2).
// What a command cannot know is a <placeholder>, and the note before it says what to fill in.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "engine/tasks.hpp"
#include "engine/vocabulary.hpp"

namespace gpusizer {
namespace {

constexpr const char* kFirstServer = "<first-server>";
constexpr const char* kNodeRank = "<node-rank>";
constexpr const char* kMasterPort = "29500";  // torchrun's default --master-port

std::string n(long long v) { return std::to_string(v); }

// A number as a command line writes it: whole numbers without decimals, else up to 2 decimals.
std::string number(double v) {
    if (std::abs(v - std::round(v)) < 1e-9) return n(std::llround(v));
    std::string s = fmt(v, 2);
    while (s.back() == '0') s.pop_back();
    return s;
}

// A command built word by word on lines that end in " \" (continued), the later ones indented; a
// line that would grow past kWidth characters continues on the next.
class ShellLines {
public:
    static constexpr size_t kWidth = 100;
    ShellLines& line() { lines_.emplace_back(); return *this; }
    ShellLines& add(const std::string& word) {
        if (lines_.empty() || (!lines_.back().empty() && lines_.back().size() + 1 + word.size() > kWidth)) line();
        std::string& l = lines_.back();
        if (!l.empty()) l += ' ';
        l += word;
        return *this;
    }
    ShellLines& flag(const std::string& name, const std::string& value) { return add(name + " " + value); }
    ShellLines& flag(const std::string& name, long long value) { return flag(name, n(value)); }
    void append_to(std::vector<CommandLine>& out) const {
        std::vector<std::string> lines;
        for (const auto& l : lines_)
            if (!l.empty()) lines.push_back(l);
        for (size_t i = 0; i < lines.size(); ++i)
            out.push_back({(i ? "  " : "") + lines[i] + (i + 1 == lines.size() ? "" : " \\"), Message()});
    }

private:
    std::vector<std::string> lines_;
};

// Servers and processes per server: torchrun starts the same number on every server.
struct Launch {
    int nodes = 1, per_node = 1;
};

Launch launch_of(const Job& job, const Option& o) {
    const GpuSpec* gpu = job.catalog.find_gpu(o.gpu_id);
    const int server = std::max(1, gpu ? gpu->max_server_size() : 8);
    const int count = std::max(1, o.count);
    for (int nodes = std::max(1, o.servers); nodes <= count; ++nodes)
        if (count % nodes == 0 && count / nodes <= server) return {nodes, count / nodes};
    return {count, 1};
}


// ---- pre-training: Megatron-LM ------------------------------------------------------------

// torchrun on every server; TP and sequence parallelism without Megatron-FSDP need
// CUDA_DEVICE_MAX_CONNECTIONS=1 before Blackwell (arguments.py asserts it), Megatron-FSDP needs it unset.
void megatron_launcher(ShellLines& c, const Launch& l, const Option& o) {
    if (o.tp > 1 && o.zero < 2) c.add("CUDA_DEVICE_MAX_CONNECTIONS=1");
    c.add("torchrun").flag("--nnodes", l.nodes).flag("--nproc-per-node", l.per_node);
    if (l.nodes > 1)
        c.flag("--node-rank", kNodeRank).flag("--master-addr", kFirstServer).flag("--master-port", kMasterPort);
    c.add("pretrain_gpt.py");
}

// Attention and MLP shapes: Megatron's GPT with SwiGLU, RMSNorm and RoPE for a gated MLP, its GELU
// defaults otherwise; GQA groups or MLA ranks; MoE experts, router top-k and dense layers.
void megatron_model(ShellLines& c, const ModelSpec& m, const State& s) {
    // A custom model without its MLP width is sized with 4 × hidden (ffn_active_width); the note says so.
    const long long ffn = m.intermediate > 0 ? m.intermediate : 4LL * m.hidden;
    c.line().flag("--num-layers", m.layers).flag("--hidden-size", m.hidden).flag("--ffn-hidden-size", ffn)
        .flag("--num-attention-heads", m.heads);
    if (m.mla) {
        c.add("--multi-latent-attention").flag("--kv-lora-rank", m.mla->kv_lora_rank);
        if (m.mla->q_lora_rank > 0) c.flag("--q-lora-rank", m.mla->q_lora_rank);
        c.flag("--qk-head-dim", m.mla->qk_nope_head_dim).flag("--qk-pos-emb-head-dim", m.mla->qk_rope_head_dim)
            .flag("--v-head-dim", m.mla->v_head_dim);
    } else {
        if (m.kv_heads > 0 && m.kv_heads < m.heads)
            c.add("--group-query-attention").flag("--num-query-groups", m.kv_heads);
        if (m.head_dim > 0) c.flag("--kv-channels", m.head_dim);
    }
    const long long seq = std::llround(std::max(1.0, s.seq));
    c.line().flag("--seq-length", seq).flag("--max-position-embeddings", std::max<long long>(seq, m.max_context));
    // A GELU MLP (BLOOM, Falcon, GPT-3) is Megatron's default with its LayerNorm and biases; its
    // positions differ by family (rotary, learned, ALiBi), so the note asks for them.
    if (m.gated_mlp)
        c.add("--swiglu").flag("--normalization", "RMSNorm").flag("--position-embedding-type", "rope").add("--disable-bias-linear");
    else
        c.flag("--position-embedding-type", "<positions>");
    if (!m.tied_embeddings) c.add("--untie-embeddings-and-output-weights");
    if (!m.moe || m.moe->experts <= 1) return;
    const MoeSpec& e = *m.moe;
    c.line().flag("--num-experts", e.experts).flag("--moe-router-topk", e.experts_per_token)
        .flag("--moe-ffn-hidden-size", e.expert_intermediate);
    if (e.shared_experts > 0)
        c.flag("--moe-shared-expert-intermediate-size", (long long)e.shared_experts * e.expert_intermediate);
    const int step = e.interleave_step;
    if (step > 1 && step <= m.layers) {  // Megatron's integer N puts experts in layers 0, N, 2N…: a list
        const std::string tail = m.layers % step ? "+[0]*" + n(m.layers % step) : "";
        c.flag("--moe-layer-freq", "'([0]*" + n(step - 1) + "+[1])*" + n(m.layers / step) + tail + "'");
    } else if (e.dense_layers > 0 && e.dense_layers < m.layers && !m.linear) {
        // (A hybrid's MoE blocks sit among its recurrent ones: its own pattern places them, not this list.)
        c.flag("--moe-layer-freq", "'([0]*" + n(e.dense_layers) + "+[1]*" + n(m.layers - e.dense_layers) + ")'");
    }
}

// Layers per stage: Megatron splits them evenly, or is told the first and last stages' share.
void megatron_pipeline(ShellLines& c, const ModelSpec& m, int pp) {
    c.flag("--pipeline-model-parallel-size", pp);
    if (pp <= 1 || m.layers % pp == 0) return;
    const int middle = m.layers / pp;                 // layers on each of the pp - 2 middle stages
    const int ends = m.layers - (pp - 2) * middle;    // the first and last stages share the rest
    c.flag("--decoder-first-pipeline-num-layers", (ends + 1) / 2).flag("--decoder-last-pipeline-num-layers", ends / 2);
}

// The option's layout: TP (with sequence parallelism), PP, EP, ZeRO as Megatron names it, full
// activation recomputation for checkpointing, BF16 (with FP8 compute when the option trains in FP8).
void megatron_layout(ShellLines& c, const Job& job, const Option& o) {
    c.line().flag("--tensor-model-parallel-size", o.tp);
    if (o.tp > 1) c.add("--sequence-parallel");
    megatron_pipeline(c, job.model, o.pp);
    if (o.ep > 1) c.flag("--expert-model-parallel-size", o.ep);
    // The distributed optimizer is ZeRO-1; ZeRO-2 and -3 are Megatron-FSDP's optim_grads and
    // optim_grads_params, which save checkpoints as fsdp_dtensor only (arguments.py asserts it).
    if (o.zero >= 1) c.add("--use-distributed-optimizer");
    if (o.zero >= 2)
        c.add("--use-megatron-fsdp")
            .flag("--data-parallel-sharding-strategy", o.zero >= 3 ? "optim_grads_params" : "optim_grads")
            .flag("--ckpt-format", "fsdp_dtensor");
    if (job.state.ckpt) c.flag("--recompute-granularity", "full").flag("--recompute-method", "uniform")
                            .flag("--recompute-num-layers", 1);
    c.add("--bf16");
    if (job.wq == WeightFormat::fp8) c.flag("--fp8-format", "hybrid");
}

// Micro-batch, the ~16 M-token global batch in whole micro-batches × DP, the run's length in
// sequences; tokenizer, data and checkpoints.
void megatron_run(ShellLines& c, const Job& job, const Option& o, double tokens) {
    const State& s = job.state;
    const double seq = std::max(1.0, s.seq);
    c.line().flag("--micro-batch-size", std::llround(std::max(1.0, s.batch)))
        .flag("--global-batch-size", global_batch_sequences(s, o))
        .flag("--train-samples", std::llround(std::ceil(tokens / seq - 1e-6)))
        .flag("--lr", "<peak-lr>");
    c.line().flag("--tokenizer-type", "HuggingFaceTokenizer")
        .flag("--tokenizer-model", job.model.custom ? "<your-tokenizer>" : job.model.id)
        .flag("--data-path", "<data-prefix>");
    c.line().flag("--save", "<checkpoint-dir>").flag("--load", "<checkpoint-dir>").flag("--save-interval", 1000);
}

void pretraining_command(const Job& job, const Option& o, double tokens, std::vector<CommandLine>& lines) {
    const Launch l = launch_of(job, o);
    const ModelSpec& m = job.model;
    lines.push_back({"", Message(code::cmd_train_megatron).term("method", method_term(job.state))
                             .num("nodes", l.nodes > 1 ? l.nodes : 0)
                             .num("custom", m.custom ? 1 : 0).num("linear", m.linear ? 1 : 0)
                             .num("window", m.sliding_window > 0 ? 1 : 0).num("ffn", m.intermediate > 0 ? 0 : 1)
                             .num("gelu", m.gated_mlp || m.linear ? 0 : 1)  // a hybrid's MLP: its recipe's
                             .num("positions", !m.gated_mlp && m.linear ? 1 : 0)});
    ShellLines c;
    megatron_launcher(c, l, o);
    megatron_model(c, m, job.state);
    megatron_layout(c, job, o);
    megatron_run(c, job, o, tokens);
    c.append_to(lines);
}

// ---- fine-tuning: LLaMA-Factory -------------------------------------------------------------

// How LLaMA-Factory runs the option: one GPU, DDP, DeepSpeed ZeRO, DeepSpeed AutoTP (tensor
// parallel, full fine-tuning with ZeRO-0 to 2), or — for a layout it has no setting for — ZeRO-3
// over all the GPUs instead, which the note says.
struct TuneRun {
    int zero = 0, tp = 1;
    bool deepspeed = false, stand_in = false;
};

TuneRun tune_run_of(const State& s, const Option& o) {
    TuneRun r;
    if (o.count <= 1) return r;
    if (o.tp * o.pp == 1) return {std::max(0, o.zero), 1, o.zero > 0, false};
    if (o.pp == 1 && s.method == TuneMethod::full && o.zero <= 2) return {std::max(0, o.zero), o.tp, true, false};
    return {3, 1, true, true};
}

// The DeepSpeed config, inline: HF Trainer fills the "auto" values from the command's own flags. No
// blanks: LLaMA-Factory's launcher joins its arguments and splits them again at blanks for torchrun.
std::string deepspeed_config(const TuneRun& r) {
    std::string zero = "\"zero_optimization\":{\"stage\":" + n(r.zero);
    if (r.zero >= 3) zero += ",\"stage3_gather_16bit_weights_on_model_save\":true";  // a usable model is saved
    zero += "}";
    std::string c = "{\"train_batch_size\":\"auto\",\"train_micro_batch_size_per_gpu\":\"auto\","
                    "\"gradient_accumulation_steps\":\"auto\",\"gradient_clipping\":\"auto\","
                    "\"zero_allow_untested_optimizer\":true,\"bf16\":{\"enabled\":\"auto\"}," + zero;
    if (r.tp > 1) c += ",\"tensor_parallel\":{\"autotp_size\":" + n(r.tp) + "}";
    return "'" + c + "}'";
}

// One GPU: that GPU only (LLaMA-Factory starts torchrun on every visible GPU). More: torchrun
// through LLaMA-Factory's own variables, on every server.
void llamafactory_launcher(ShellLines& c, const Launch& l, const Option& o) {
    if (o.count <= 1) {
        c.add("CUDA_VISIBLE_DEVICES=0");
    } else {
        c.add("FORCE_TORCHRUN=1").add("NPROC_PER_NODE=" + n(l.per_node));
        if (l.nodes > 1)
            c.add("NNODES=" + n(l.nodes)).add(std::string("NODE_RANK=") + kNodeRank)
                .add(std::string("MASTER_ADDR=") + kFirstServer).add(std::string("MASTER_PORT=") + kMasterPort);
    }
    c.add("llamafactory-cli").add("train");
}

// A folder name for the output: the repository's name and the method.
std::string output_dir(const ModelSpec& m, const State& s) {
    std::string name = m.custom ? "custom" : m.id.substr(m.id.find('/') + 1);
    for (char& ch : name)
        if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-' || ch == '_')) ch = '-';
    return "saves/" + name + "-" + std::string(key_of(s.method));
}

void llamafactory_args(ShellLines& c, const Job& job, const TuneRun& r) {
    const State& s = job.state;
    c.line().flag("--model_name_or_path", job.model.custom ? "<your-model>" : job.model.id)
        .flag("--stage", "sft").add("--do_train");
    c.line().flag("--finetuning_type", s.method == TuneMethod::full ? "full" : "lora");
    if (s.method != TuneMethod::full)
        c.flag("--lora_rank", std::llround(std::max(1.0, s.rank))).flag("--lora_target", "all");
    if (s.method == TuneMethod::qlora) c.flag("--quantization_bit", 4);
    c.line().flag("--dataset", "<your-dataset>").flag("--cutoff_len", std::llround(std::max(1.0, s.seq)))
        .flag("--per_device_train_batch_size", std::llround(std::max(1.0, s.batch)))
        .flag("--num_train_epochs", number(std::max(0.0, s.epochs)));
    // Pure BF16 (no AMP, no FP32 master copy) for the BF16 and 8-bit optimizers; 8-bit moments by bitsandbytes.
    c.line().add(s.optim == Optimizer::adamw ? "--bf16" : "--pure_bf16");
    if (s.optim == Optimizer::adam8) c.flag("--optim", "adamw_bnb_8bit");
    if (s.method == TuneMethod::full && job.wq == WeightFormat::fp8) c.add("--fp8");
    // trainer=fused: the fused, chunked loss (Liger) and checkpoints offloaded to host RAM.
    if (s.trainer == Trainer::fused) c.add("--enable_liger_kernel");
    if (s.trainer == Trainer::fused && s.ckpt) c.add("--use_unsloth_gc");
    if (!s.ckpt) c.add("--disable_gradient_checkpointing");
    c.flag("--output_dir", output_dir(job.model, s));
    if (r.deepspeed) c.line().flag("--deepspeed", deepspeed_config(r));
}

void tuning_command(const Job& job, const Option& o, std::vector<CommandLine>& lines) {
    const Launch l = launch_of(job, o);
    const TuneRun r = tune_run_of(job.state, o);
    lines.push_back({"", Message(code::cmd_tune_llamafactory).term("method", method_term(job.state))
                             .num("gpus", o.count).num("ddp", o.count > 1 && !r.deepspeed ? 1 : 0)
                             .num("ds", r.deepspeed ? 1 : 0).num("zero", r.zero).num("tp", r.tp > 1 ? r.tp : 0)
                             .num("nodes", l.nodes > 1 ? l.nodes : 0)
                             .num("custom", job.model.custom ? 1 : 0)});
    if (r.stand_in)
        lines.push_back({"", Message(code::cmd_tune_no_split).term("method", method_term(job.state)).num("tp", o.tp)
                                 .num("pp", o.pp > 1 ? o.pp : 0).num("gpus", o.count)});
    if (r.deepspeed && job.state.optim != Optimizer::adamw)
        lines.push_back({"", Message(code::cmd_tune_optim_zero).term("optim", text_of(job.state.optim))});
    ShellLines c;
    llamafactory_launcher(c, l, o);
    llamafactory_args(c, job, r);
    c.append_to(lines);
}

// ---- NeMo 2.0: nemo llm pretrain / finetune ------------------------------------------------------

// NeMo's CLI (nemo/collections/llm/api.py entry points; overrides as in docs/source/features/
// parallelisms.rst): a recipe of the model's family, the option's servers, GPUs and layout, the
// sequence and micro-batch. The recipe is the user's to pick: the note says so.
void nemo_command(const Job& job, const Option& o, double tokens, std::vector<CommandLine>& lines) {
    const State& s = job.state;
    const Launch l = launch_of(job, o);
    const bool tune = s.task == Task::tune;
    lines.push_back({"", Message(code::cmd_nemo).term("method", method_term(s)).num("tune", tune ? 1 : 0)
                             .num("full", tune && s.method == TuneMethod::full ? 1 : 0)
                             .num("fp8", job.wq == WeightFormat::fp8 ? 1 : 0).num("nodes", l.nodes > 1 ? l.nodes : 0)});
    ShellLines c;
    c.add(std::string("nemo llm ") + (tune ? "finetune" : "pretrain")).flag("--factory", "<recipe>");
    c.line().add("trainer.num_nodes=" + n(l.nodes)).add("trainer.devices=" + n(l.per_node));
    c.line().add("trainer.strategy.tensor_model_parallel_size=" + n(std::max(1, o.tp)))
        .add("trainer.strategy.pipeline_model_parallel_size=" + n(std::max(1, o.pp)));
    if (o.ep > 1) c.add("trainer.strategy.expert_model_parallel_size=" + n(o.ep));
    const double seq = std::max(1.0, s.seq), batch = double(std::max(1LL, global_batch_sequences(s, o)));
    c.line().add("data.seq_length=" + n(std::llround(seq)))
        .add("data.micro_batch_size=" + n(std::llround(std::max(1.0, s.batch))))
        .add("data.global_batch_size=" + n(std::llround(batch)));
    c.line().add("trainer.max_steps=" + n(std::llround(std::ceil(tokens / seq / batch - 1e-6))));
    c.append_to(lines);
}

}  // namespace

std::vector<CommandLine> training_layout(const Job& job, const Option& o, double tokens) {
    const State& s = job.state;
    Message layout = Message(code::cmd_layout).num("tp", o.tp).num("pp", o.pp).num("dp", o.dp)
                         .num("zero", std::max(0, o.zero)).num("ep", o.ep > 1 ? o.ep : 0).num("ckpt", s.ckpt ? 1 : 0)
                         .num("batch", s.batch).num("seq", s.seq).term("method", method_term(s))
                         .num("rank", s.task == Task::tune && s.method != TuneMethod::full ? s.rank : 0);
    std::vector<CommandLine> lines{{"", layout}};
    if (s.trainer == Trainer::nemo) nemo_command(job, o, tokens, lines);
    else if (s.task == Task::train) pretraining_command(job, o, tokens, lines);
    else tuning_command(job, o, lines);
    const TrainingComm comm = training_comm(job, o);
    if (comm.tp_pct + comm.pp_pct + comm.dp_pct + comm.ep_pct > 0)
        lines.push_back({"", Message(code::cmd_train_comm).num("tp", comm.tp_pct).num("pp", comm.pp_pct)
                                 .num("dp", comm.dp_pct).num("ep", comm.ep_pct).num("net", comm.network_gbs)
                                 .num("batch_m", comm.global_batch_tokens / 1e6)});
    return lines;
}

}  // namespace gpusizer
