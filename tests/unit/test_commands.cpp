// Training and fine-tuning commands run as printed: a real entry point (Megatron-LM's pretrain_gpt.py,
// LLaMA-Factory's llamafactory-cli), the model's own dimensions, the option's parallel sizes, only
// flags the frameworks define, and a note that names every <placeholder> left to fill in.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "helpers.hpp"
#include "engine/codes.hpp"
#include "engine/tasks.hpp"
#include "text/text.hpp"

using namespace gpusizer;
using test::option_for;
using test::run;

namespace {

// ---- allow-lists, from each framework's own source ----------------------------------------------

// torch/distributed/run.py (torchrun).
const std::set<std::string> kTorchrunFlags = {"--nnodes", "--nproc-per-node", "--node-rank", "--master-addr",
                                              "--master-port"};

// Megatron-LM core_v0.15.3, megatron/training/arguments.py (add_argument names; later versions keep
// them through ArgumentGroupFactory's arg_names).
const std::set<std::string> kMegatronFlags = {
    "--num-layers", "--hidden-size", "--ffn-hidden-size", "--num-attention-heads", "--group-query-attention",
    "--num-query-groups", "--kv-channels", "--seq-length", "--max-position-embeddings", "--swiglu", "--normalization",
    "--position-embedding-type", "--disable-bias-linear", "--untie-embeddings-and-output-weights",
    "--multi-latent-attention", "--kv-lora-rank", "--q-lora-rank", "--qk-head-dim", "--qk-pos-emb-head-dim",
    "--v-head-dim", "--num-experts", "--moe-router-topk", "--moe-ffn-hidden-size",
    "--moe-shared-expert-intermediate-size", "--moe-layer-freq", "--tensor-model-parallel-size", "--sequence-parallel",
    "--pipeline-model-parallel-size",
    "--decoder-first-pipeline-num-layers", "--decoder-last-pipeline-num-layers", "--expert-model-parallel-size",
    "--use-distributed-optimizer", "--use-megatron-fsdp", "--data-parallel-sharding-strategy", "--ckpt-format",
    "--recompute-granularity", "--recompute-method", "--recompute-num-layers", "--bf16", "--fp8-format",
    "--micro-batch-size", "--global-batch-size", "--train-samples", "--lr", "--tokenizer-type", "--tokenizer-model",
    "--data-path", "--save", "--load", "--save-interval"};

// LLaMA-Factory v0.9.5, src/llamafactory/hparams (model_args, data_args, finetuning_args,
// training_args: Fp8Arguments + transformers' Seq2SeqTrainingArguments), parsed by HfArgumentParser
// from `llamafactory-cli train --key value`.
const std::set<std::string> kLlamaFactoryFlags = {
    "--model_name_or_path", "--stage", "--do_train", "--finetuning_type", "--lora_rank", "--lora_target",
    "--quantization_bit", "--dataset", "--cutoff_len", "--per_device_train_batch_size", "--num_train_epochs", "--bf16",
    "--fp8", "--enable_liger_kernel", "--use_unsloth_gc", "--disable_gradient_checkpointing", "--output_dir",
    "--deepspeed", "--pure_bf16", "--optim"};

// Variables: LLaMA-Factory's launcher.py reads FORCE_TORCHRUN, NPROC_PER_NODE, NNODES, NODE_RANK,
// MASTER_ADDR, MASTER_PORT; CUDA's CUDA_VISIBLE_DEVICES; Megatron-LM's arguments.py asserts
// CUDA_DEVICE_MAX_CONNECTIONS=1 for tensor parallelism before Blackwell.
const std::set<std::string> kVariables = {"FORCE_TORCHRUN", "NPROC_PER_NODE", "NNODES", "NODE_RANK", "MASTER_ADDR",
                                          "MASTER_PORT", "CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_MAX_CONNECTIONS"};

// DeepSpeed config keys, as LLaMA-Factory's examples/deepspeed/ds_z*_config.json and
// ds_z2_autotp_config.json write them (dotted paths).
const std::set<std::string> kDeepSpeedKeys = {
    "train_batch_size", "train_micro_batch_size_per_gpu", "gradient_accumulation_steps", "gradient_clipping",
    "zero_allow_untested_optimizer", "bf16.enabled", "zero_optimization.stage",
    "zero_optimization.stage3_gather_16bit_weights_on_model_save", "tensor_parallel.autotp_size"};

// ---- the command as a shell reads it ------------------------------------------------------------

struct Command {
    std::vector<std::string> variables;        // NAME=value before the program
    std::vector<std::string> program;          // e.g. {"torchrun", ...} up to the first flag
    std::vector<std::pair<std::string, std::string>> flags;  // in order; value "" for a switch
    std::string script;                        // pretrain_gpt.py (torchrun's script) or "train"
    std::vector<std::string> notes;            // the comment lines, rendered in English
    std::string text;                          // all shell lines joined
};

// Shell words: blanks separate them, '…' quotes (the DeepSpeed JSON).
std::vector<std::string> words_of(const std::string& s) {
    std::vector<std::string> out;
    std::string w;
    bool quoted = false, any = false;
    for (char c : s) {
        if (c == '\'') { quoted = !quoted; any = true; continue; }
        if (!quoted && (c == ' ' || c == '\n')) {
            if (any) out.push_back(w);
            w.clear();
            any = false;
            continue;
        }
        w += c;
        any = true;
    }
    REQUIRE_MESSAGE(!quoted, "unbalanced quote in: " << s);
    if (any) out.push_back(w);
    return out;
}

// The shell lines of a training option (continued with " \"), and its flags.
Command command_of(const Option& o) {
    Command c;
    std::vector<std::string> shell;
    for (const auto& l : o.command) {
        if (!l.note.empty()) c.notes.push_back(text::render(l.note, text::Lang::en));
        if (!l.shell.empty()) shell.push_back(l.shell);
    }
    REQUIRE_FALSE(shell.empty());
    for (size_t i = 0; i < shell.size(); ++i) {
        const bool last = i + 1 == shell.size();
        const bool continued = shell[i].size() >= 2 && shell[i].compare(shell[i].size() - 2, 2, " \\") == 0;
        INFO(shell[i]);
        CHECK(continued == !last);  // every line but the last continues the command
        c.text += (continued ? shell[i].substr(0, shell[i].size() - 2) : shell[i]) + " ";
    }
    const std::vector<std::string> words = words_of(c.text);
    size_t i = 0;
    for (; i < words.size() && words[i].find('=') != std::string::npos && words[i][0] != '-'; ++i)
        c.variables.push_back(words[i]);
    for (; i < words.size() && words[i].rfind("--", 0) != 0; ++i) c.program.push_back(words[i]);
    for (; i < words.size(); ++i) {
        if (c.program.size() == 1 && c.script.empty() && words[i].rfind("--", 0) != 0) {
            c.script = words[i];  // torchrun's flags end at its script
            continue;
        }
        REQUIRE_MESSAGE(words[i].rfind("--", 0) == 0, "a value without a flag: " << words[i]);
        const bool before_script = c.program.size() == 1 && c.script.empty();
        const bool has_value = i + 1 < words.size() && words[i + 1].rfind("--", 0) != 0 &&
                               !(before_script && words[i + 1].find(".py") != std::string::npos);
        c.flags.push_back({words[i], has_value ? words[i + 1] : ""});
        if (has_value) ++i;
    }
    if (c.program.size() >= 2 && c.program[0] == "llamafactory-cli") c.script = c.program[1];
    return c;
}

// The flag's value; fails the test when the flag is absent.
std::string flag(const Command& c, const std::string& name) {
    for (const auto& [f, v] : c.flags)
        if (f == name) return v;
    FAIL_CHECK("no " << name << " in: " << c.text);
    return "";
}
long long flag_number(const Command& c, const std::string& name) { return std::stoll(flag(c, name)); }
bool has_flag(const Command& c, const std::string& name) {
    return std::any_of(c.flags.begin(), c.flags.end(), [&](const auto& f) { return f.first == name; });
}
std::string variable(const Command& c, const std::string& name) {
    for (const auto& v : c.variables)
        if (v.rfind(name + "=", 0) == 0) return v.substr(name.size() + 1);
    return "";
}

// torchrun's own flags come before its script; the script's after it.
bool torchrun_flag(const Command& c, size_t index) {
    const std::string before_script = c.text.substr(0, c.text.find(" pretrain_gpt.py"));
    return before_script.find(c.flags[index].first + " ") != std::string::npos;
}

void check_allowed(const Command& c) {
    INFO(c.text);
    for (const auto& v : c.variables) CHECK_MESSAGE(kVariables.count(v.substr(0, v.find('='))), "variable " << v);
    const bool megatron = c.script == "pretrain_gpt.py";
    if (megatron) CHECK(c.program == std::vector<std::string>{"torchrun"});
    else CHECK(c.program == std::vector<std::string>{"llamafactory-cli", "train"});
    for (size_t i = 0; i < c.flags.size(); ++i) {
        const std::string& f = c.flags[i].first;
        const bool ok = megatron ? (torchrun_flag(c, i) ? kTorchrunFlags.count(f) : kMegatronFlags.count(f))
                                 : kLlamaFactoryFlags.count(f);
        const std::string list = megatron ? "torchrun / Megatron-LM" : "LLaMA-Factory";
        CHECK_MESSAGE(ok, "flag " << f << " is not in the " << list << " allow-list");
    }
}

// Keys of a JSON object as dotted paths.
void json_keys(const nlohmann::json& j, const std::string& prefix, std::set<std::string>& out) {
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string key = prefix.empty() ? it.key() : prefix + "." + it.key();
        if (it->is_object()) json_keys(*it, key, out);
        else out.insert(key);
    }
}

nlohmann::json deepspeed_of(const Command& c) {
    const std::string value = flag(c, "--deepspeed");
    // LLaMA-Factory's launcher joins its arguments and splits them again at blanks for torchrun.
    CHECK(value.find_first_of(" \t") == std::string::npos);
    const nlohmann::json j = nlohmann::json::parse(value, nullptr, false);
    REQUIRE_MESSAGE(j.is_object(), "the --deepspeed value is a JSON object: " << c.text);
    std::set<std::string> keys;
    json_keys(j, "", keys);
    for (const auto& k : keys) CHECK_MESSAGE(kDeepSpeedKeys.count(k), "DeepSpeed key " << k);
    return j;
}

// Every <placeholder> in the shell text, and that the notes name each one, in both languages.
void check_placeholders_named(const Option& o, const Command& c) {
    std::set<std::string> placeholders;
    for (size_t at = c.text.find('<'); at != std::string::npos; at = c.text.find('<', at + 1))
        placeholders.insert(c.text.substr(at, c.text.find('>', at) - at + 1));
    for (text::Lang lang : {text::Lang::en, text::Lang::ru}) {
        std::string notes;
        for (const auto& l : o.command) notes += text::render(l.note, lang) + "\n";
        CHECK(notes.find(lang == text::Lang::en ? "A template: " : "Это шаблон: ") != std::string::npos);
        for (const auto& p : placeholders) CHECK_MESSAGE(notes.find(p) != std::string::npos, p << " is explained");
    }
}

// The option's parallel sizes in the command: Megatron's flags, or LLaMA-Factory's DeepSpeed config
// (ZeRO-3 without TP where LLaMA-Factory has no setting for the layout: the note says so).
void check_layout(const Option& o, const Command& c) {
    INFO(c.text);
    if (c.script == "pretrain_gpt.py") {
        CHECK(flag_number(c, "--tensor-model-parallel-size") == o.tp);
        CHECK(flag_number(c, "--pipeline-model-parallel-size") == o.pp);
        CHECK(has_flag(c, "--expert-model-parallel-size") == (o.ep > 1));
        if (o.ep > 1) CHECK(flag_number(c, "--expert-model-parallel-size") == o.ep);
        CHECK(has_flag(c, "--use-distributed-optimizer") == (o.zero >= 1));
        CHECK(has_flag(c, "--use-megatron-fsdp") == (o.zero >= 2));
        CHECK(flag_number(c, "--global-batch-size") % (flag_number(c, "--micro-batch-size") * o.dp) == 0);
        return;
    }
    const bool stand_in = std::any_of(o.command.begin(), o.command.end(),
                                      [](const CommandLine& l) { return l.note.code == code::cmd_tune_no_split; });
    CHECK(stand_in == (o.tp * o.pp > 1 && !(o.pp == 1 && o.zero <= 2 && has_flag(c, "--deepspeed") &&
                                             flag(c, "--finetuning_type") == "full")));
    if (!has_flag(c, "--deepspeed")) {
        CHECK((o.count == 1 || o.zero <= 0));
        CHECK(o.tp * o.pp == 1);
        return;
    }
    const nlohmann::json ds = deepspeed_of(c);
    CHECK(ds["zero_optimization"]["stage"] == (stand_in ? 3 : o.zero));
    CHECK(ds.contains("tensor_parallel") == (o.tp > 1 && !stand_in));
    if (o.tp > 1 && !stand_in) CHECK(ds["tensor_parallel"]["autotp_size"] == o.tp);
}

const Option& fitting(const Result& r, const char* gpu) {
    const Option* o = option_for(r, gpu);
    REQUIRE_MESSAGE(o, gpu);
    REQUIRE_MESSAGE(o->fits, gpu);
    return *o;
}

// Processes: torchrun's servers × processes per server, or LLaMA-Factory's variables.
long long processes(const Command& c) {
    if (c.script == "pretrain_gpt.py") return flag_number(c, "--nnodes") * flag_number(c, "--nproc-per-node");
    if (!variable(c, "CUDA_VISIBLE_DEVICES").empty()) return 1;
    const std::string nodes = variable(c, "NNODES");
    return (nodes.empty() ? 1 : std::stoll(nodes)) * std::stoll(variable(c, "NPROC_PER_NODE"));
}

// An option's command, its flags allowed by the framework and its placeholders explained.
Command checked_command(const Option& o) {
    const Command c = command_of(o);
    check_allowed(c);
    check_placeholders_named(o, c);
    return c;
}

}  // namespace

TEST_CASE("pre-training: Megatron-LM's pretrain_gpt.py with Llama 3.1 8B's dimensions and the option's layout") {
    const Result r = run("v=1&task=train&model=meta-llama/Llama-3.1-8B-Instruct&tokens=1T&gpu=h100-sxm&n=64");
    const Option& o = fitting(r, "h100-sxm");
    const Command c = checked_command(o);
    CHECK(c.script == "pretrain_gpt.py");
    // config.json of Llama 3.1 8B: 32 layers, hidden 4096, 32 heads, 8 KV heads, FFN 14336, head 128.
    CHECK(flag_number(c, "--num-layers") == 32);
    CHECK(flag_number(c, "--hidden-size") == 4096);
    CHECK(flag_number(c, "--num-attention-heads") == 32);
    CHECK(has_flag(c, "--group-query-attention"));  // Megatron ignores --num-query-groups without it
    CHECK(flag_number(c, "--num-query-groups") == 8);
    CHECK(flag_number(c, "--ffn-hidden-size") == 14336);
    CHECK(flag_number(c, "--kv-channels") == 128);
    CHECK(flag_number(c, "--max-position-embeddings") == 131072);
    CHECK(has_flag(c, "--untie-embeddings-and-output-weights"));
    CHECK(has_flag(c, "--swiglu"));
    // The option: its GPUs, TP × PP, micro-batch and sequence, the global batch in whole micro-batches × DP.
    CHECK(processes(c) == o.count);
    CHECK(flag_number(c, "--tensor-model-parallel-size") == o.tp);
    CHECK(flag_number(c, "--pipeline-model-parallel-size") == o.pp);
    CHECK(o.tp * o.pp * o.dp == o.count);
    CHECK(flag_number(c, "--seq-length") == 4096);
    CHECK(flag_number(c, "--micro-batch-size") == 1);
    const long long global = flag_number(c, "--global-batch-size");
    CHECK(global % o.dp == 0);
    CHECK(double(global) * 4096 == doctest::Approx(16e6).epsilon(0.02));
    CHECK(flag_number(c, "--train-samples") == 244140625);  // 1 T tokens / 4096
    CHECK(has_flag(c, "--bf16"));
    CHECK(has_flag(c, "--use-distributed-optimizer") == (o.zero >= 1));
    CHECK(flag(c, "--tokenizer-model") == "meta-llama/Llama-3.1-8B-Instruct");
    CHECK(c.notes.size() >= 2);
}

TEST_CASE("pre-training: a Mamba hybrid's command is a template that says what pretrain_gpt.py cannot build") {
    // Nemotron 3 Nano: 23 Mamba-2, 6 attention and 23 MoE blocks, squared-ReLU MLPs (not GELU).
    const Result r = run("v=1&task=train&model=nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16&tokens=1T&gpu=h100-sxm&n=64");
    const Option& o = fitting(r, "h100-sxm");
    const Command c = checked_command(o);
    CHECK(flag_number(c, "--num-layers") == 52);
    CHECK(flag_number(c, "--num-experts") == 128);
    // Its 23 MoE blocks are interleaved with the Mamba ones (hybrid_override_pattern "MEMEM*E…"), not
    // after 29 dense layers: the pattern places them, and no --moe-layer-freq list says otherwise.
    CHECK_FALSE(has_flag(c, "--moe-layer-freq"));
    std::string notes;
    for (const auto& n : c.notes) notes += n + "\n";
    CHECK(notes.find("pretrain_mamba.py") != std::string::npos);
    CHECK(notes.find("GELU") == std::string::npos);  // its MLP is squared ReLU: no GELU claim
}

TEST_CASE("pre-training: a GELU model keeps Megatron's GELU, LayerNorm and biases, and asks for its positions") {
    // BLOOM's config.json: 70 layers, hidden 14336, 112 heads, a 4 × hidden GELU MLP, ALiBi, tied embedding.
    const Result r = run("v=1&task=train&model=bigscience/bloom&tokens=366B&gpu=a100-80gb&n=384");
    const Option& o = fitting(r, "a100-80gb");
    const Command c = checked_command(o);
    CHECK(flag_number(c, "--num-layers") == 70);
    CHECK(flag_number(c, "--ffn-hidden-size") == 57344);
    CHECK(flag_number(c, "--seq-length") == 2048);  // its own sequence, not the default 4,096
    CHECK_FALSE(has_flag(c, "--swiglu"));
    CHECK_FALSE(has_flag(c, "--normalization"));
    CHECK_FALSE(has_flag(c, "--disable-bias-linear"));
    CHECK_FALSE(has_flag(c, "--untie-embeddings-and-output-weights"));
    CHECK(flag(c, "--position-embedding-type") == "<positions>");
}

TEST_CASE("pre-training: interleaved experts keep their layers' pattern") {
    // Llama 4 Maverick: experts in layers 1, 3, … 47 (config.json interleave_moe_layer_step 2).
    // Megatron's integer --moe-layer-freq 2 would put them in layers 0, 2, …: the pattern is a list.
    const Result r = run("v=1&task=train&model=meta-llama/Llama-4-Maverick-17B-128E-Instruct&tokens=1T&gpu=h100-sxm&n=512");
    const Option& o = fitting(r, "h100-sxm");
    const Command c = command_of(o);
    check_allowed(c);
    CHECK(flag(c, "--moe-layer-freq") == "([0]*1+[1])*24");
    CHECK(flag_number(c, "--num-layers") == 48);
    // A custom model with experts every 3rd of 40 layers: 13 MoE layers and a dense tail of one.
    const Result x = run("v=1&task=train&model=custom&params=60&layers=40&hidden=4096&heads=32&inter=14336"
                         "&vocab=32000&experts=16&topk=2&expert_inter=4096&moe_step=3&tokens=1T&gpu=h100-sxm&n=64");
    REQUIRE(x.model_found);
    REQUIRE(x.model.moe);
    CHECK(x.model.moe->dense_layers == 27);  // follows from the step when the link does not count them
    CHECK(flag(command_of(fitting(x, "h100-sxm")), "--moe-layer-freq") == "([0]*2+[1])*13+[0]*1");
}

TEST_CASE("pre-training: MoE and MLA models carry their experts, router top-k, latent ranks and EP") {
    const Result v3 = run("v=1&task=train&model=deepseek-ai/DeepSeek-V3&tokens=14.8T&gpu=h800&n=2048");
    const Option& o = fitting(v3, "h800");
    const Command c = checked_command(o);
    CHECK(flag_number(c, "--num-layers") == 61);
    CHECK(flag_number(c, "--hidden-size") == 7168);
    CHECK(flag_number(c, "--num-attention-heads") == 128);
    CHECK(has_flag(c, "--multi-latent-attention"));
    CHECK_FALSE(has_flag(c, "--group-query-attention"));  // mutually exclusive with MLA in Megatron
    CHECK(flag_number(c, "--kv-lora-rank") == 512);
    CHECK(flag_number(c, "--q-lora-rank") == 1536);
    CHECK(flag_number(c, "--qk-head-dim") == 128);
    CHECK(flag_number(c, "--qk-pos-emb-head-dim") == 64);
    CHECK(flag_number(c, "--v-head-dim") == 128);
    CHECK(flag_number(c, "--num-experts") == 256);
    CHECK(flag_number(c, "--moe-router-topk") == 8);
    CHECK(flag_number(c, "--moe-ffn-hidden-size") == 2048);
    CHECK(flag_number(c, "--moe-shared-expert-intermediate-size") == 2048);
    CHECK(flag(c, "--moe-layer-freq") == "([0]*3+[1]*58)");  // 3 dense layers, then 58 MoE layers
    CHECK(flag_number(c, "--expert-model-parallel-size") == o.ep);
    CHECK(o.ep > 1);
    CHECK(flag(c, "--fp8-format") == "hybrid");  // DeepSeek-V3 trains in FP8
    CHECK(processes(c) == 2048);
    check_layout(o, c);

    const Result oss = run("v=1&task=train&model=openai/gpt-oss-120b&tokens=2T&days=50");
    REQUIRE(oss.recommended >= 0);
    const Option& g = oss.options[size_t(oss.recommended)];
    const Command d = command_of(g);
    check_allowed(d);
    CHECK(flag_number(d, "--num-layers") == 36);
    CHECK(flag_number(d, "--hidden-size") == 2880);
    CHECK(flag_number(d, "--num-attention-heads") == 64);
    CHECK(flag_number(d, "--num-query-groups") == 8);
    CHECK(flag_number(d, "--kv-channels") == 64);  // not hidden / heads = 45
    CHECK(flag_number(d, "--num-experts") == 128);
    CHECK(flag_number(d, "--moe-router-topk") == 4);
    CHECK(flag_number(d, "--moe-ffn-hidden-size") == 2880);
    CHECK(flag_number(d, "--expert-model-parallel-size") == g.ep);
    CHECK(processes(d) == g.count);
}

TEST_CASE("pre-training: uneven pipeline stages, TP's CUDA_DEVICE_MAX_CONNECTIONS, Megatron-FSDP's checkpoint format") {
    // Llama 3.1 405B: 126 layers over PP stages that do not divide them.
    const Result big = run("v=1&task=train&model=meta-llama/Llama-3.1-405B-Instruct&tokens=15.6T&gpu=h100-sxm");
    const Option& o = fitting(big, "h100-sxm");
    const Command c = command_of(o);
    check_allowed(c);
    CHECK(flag_number(c, "--num-layers") == 126);
    CHECK(flag_number(c, "--hidden-size") == 16384);
    CHECK(flag_number(c, "--ffn-hidden-size") == 53248);
    REQUIRE(o.pp > 2);
    REQUIRE(126 % o.pp != 0);
    const long long first = flag_number(c, "--decoder-first-pipeline-num-layers");
    const long long last = flag_number(c, "--decoder-last-pipeline-num-layers");
    CHECK((126 - first - last) % (o.pp - 2) == 0);  // Megatron's rule for the middle stages
    CHECK(first > 0);
    CHECK(last > 0);
    CHECK(o.tp == 8);
    check_layout(o, c);
    CHECK(variable(c, "CUDA_DEVICE_MAX_CONNECTIONS") == "1");
    CHECK(has_flag(c, "--sequence-parallel"));
    CHECK(processes(c) == o.count);

    // ZeRO-3 as Megatron-FSDP: fsdp_dtensor checkpoints, CUDA_DEVICE_MAX_CONNECTIONS left unset.
    const Result fsdp = run("v=1&task=train&model=Qwen/Qwen3-8B&tokens=100B&gpu=h100-sxm&n=16&zero=3");
    const Option& z = fitting(fsdp, "h100-sxm");
    const Command f = command_of(z);
    check_allowed(f);
    CHECK(flag(f, "--data-parallel-sharding-strategy") == "optim_grads_params");
    CHECK(flag(f, "--ckpt-format") == "fsdp_dtensor");
    CHECK(variable(f, "CUDA_DEVICE_MAX_CONNECTIONS").empty());
}

TEST_CASE("fine-tuning: LLaMA-Factory with the model, method, rank, sequence and batch of the option") {
    const Result lora =
        run("v=1&task=tune&model=meta-llama/Llama-3.1-8B-Instruct&method=lora&rank=32&gpu=h100-sxm&n=1");
    const Option& o = fitting(lora, "h100-sxm");
    const Command c = checked_command(o);
    CHECK(c.script == "train");
    CHECK(variable(c, "CUDA_VISIBLE_DEVICES") == "0");  // one GPU, not every visible one
    CHECK(flag(c, "--model_name_or_path") == "meta-llama/Llama-3.1-8B-Instruct");
    CHECK(flag(c, "--finetuning_type") == "lora");
    CHECK(flag_number(c, "--lora_rank") == 32);
    CHECK(flag(c, "--lora_target") == "all");
    CHECK(flag_number(c, "--cutoff_len") == 4096);
    CHECK(flag_number(c, "--per_device_train_batch_size") == 1);
    CHECK_FALSE(has_flag(c, "--quantization_bit"));
    CHECK_FALSE(has_flag(c, "--deepspeed"));

    const Result qlora = run("v=1&task=tune&model=Qwen/Qwen3-8B&method=qlora&trainer=fused&seq=8192&epochs=2");
    REQUIRE(qlora.recommended >= 0);
    const Command q = command_of(qlora.options[size_t(qlora.recommended)]);
    check_allowed(q);
    CHECK(flag_number(q, "--quantization_bit") == 4);
    CHECK(flag_number(q, "--cutoff_len") == 8192);
    CHECK(flag(q, "--num_train_epochs") == "2");
    CHECK(has_flag(q, "--enable_liger_kernel"));  // trainer=fused: the chunked loss
}

TEST_CASE("fine-tuning: the optimizer the memory was sized for is the one the command runs") {
    // LLaMA-Factory's finetuning_args.pure_bf16 ("train model in purely bf16 precision (without AMP)")
    // and transformers' TrainingArguments.optim ("adamw_bnb_8bit": bitsandbytes' 8-bit AdamW).
    const std::string full = "v=1&task=tune&method=full&model=meta-llama/Llama-3.2-3B-Instruct&gpu=h100-sxm&n=1";
    const Command mixed = checked_command(fitting(run(full), "h100-sxm"));
    CHECK(has_flag(mixed, "--bf16"));
    CHECK_FALSE(has_flag(mixed, "--pure_bf16"));
    CHECK_FALSE(has_flag(mixed, "--optim"));
    const Command bf16 = checked_command(fitting(run(full + "&optim=bf16"), "h100-sxm"));
    CHECK(has_flag(bf16, "--pure_bf16"));
    CHECK_FALSE(has_flag(bf16, "--bf16"));
    CHECK_FALSE(has_flag(bf16, "--optim"));
    const Command adam8 = checked_command(fitting(run(full + "&optim=adam8"), "h100-sxm"));
    CHECK(has_flag(adam8, "--pure_bf16"));
    CHECK(flag(adam8, "--optim") == "adamw_bnb_8bit");
    // DeepSpeed ZeRO keeps FP32 master weights: the note says where the sized memory holds.
    const Result zero = run("v=1&task=tune&method=full&model=meta-llama/Llama-3.1-8B-Instruct&gpu=h100-sxm&n=8"
                            "&zero=3&optim=bf16");
    const Option& z = fitting(zero, "h100-sxm");
    CHECK(std::any_of(z.command.begin(), z.command.end(),
                      [](const CommandLine& x) { return x.note.code == code::cmd_tune_optim_zero; }));
}

TEST_CASE("fine-tuning on many GPUs: torchrun through LLaMA-Factory; DeepSpeed ZeRO and AutoTP as the option says") {
    // Full fine-tune of Llama 3.1 70B on 16 H100: two servers, ZeRO of the option.
    const Result full = run("v=1&task=tune&method=full&model=meta-llama/Llama-3.1-70B-Instruct&gpu=h100-sxm&n=16");
    const Option& o = fitting(full, "h100-sxm");
    const Command c = checked_command(o);
    CHECK(variable(c, "FORCE_TORCHRUN") == "1");  // LLaMA-Factory runs DeepSpeed under torchrun only
    CHECK(variable(c, "NNODES") == "2");
    CHECK(processes(c) == 16);
    const nlohmann::json ds = deepspeed_of(c);
    if (o.tp == 1) CHECK(ds["zero_optimization"]["stage"] == o.zero);
    else CHECK(ds["zero_optimization"]["stage"] == 3);  // stand-in: TP × ZeRO-3 has no DeepSpeed setting

    // A long sequence splits layers: AutoTP with the option's TP and ZeRO stage.
    const Result tp = run("v=1&task=tune&method=full&model=Qwen/Qwen2.5-Coder-7B-Instruct&seq=32768&gpu=a100-40gb");
    REQUIRE(tp.recommended >= 0);
    const Option& t = tp.options[size_t(tp.recommended)];
    REQUIRE(t.tp > 1);
    REQUIRE(t.zero <= 2);
    const Command a = command_of(t);
    check_allowed(a);
    const nlohmann::json ads = deepspeed_of(a);
    CHECK(ads["tensor_parallel"]["autotp_size"] == t.tp);
    CHECK(ads["zero_optimization"]["stage"] == t.zero);
    CHECK(processes(a) == t.count);

    // LoRA with TP has no LLaMA-Factory setting: ZeRO-3 over every GPU, and a note that says so.
    const Result lora = run("v=1&task=tune&method=lora&model=Qwen/Qwen2.5-Coder-7B-Instruct&seq=32768&gpu=a100-40gb");
    REQUIRE(lora.recommended >= 0);
    const Option& l = lora.options[size_t(lora.recommended)];
    REQUIRE(l.tp > 1);
    const Command s = command_of(l);
    check_allowed(s);
    CHECK(deepspeed_of(s)["zero_optimization"]["stage"] == 3);
    CHECK(std::any_of(l.command.begin(), l.command.end(),
                      [](const CommandLine& x) { return x.note.code == code::cmd_tune_no_split; }));
}

TEST_CASE("every fitting training option's command: allowed flags, every GPU started once, placeholders explained") {
    const char* links[] = {
        "v=1&task=train&model=Qwen/Qwen3-30B-A3B&tokens=1T",
        "v=1&task=train&model=Qwen/Qwen3-Next-80B-A3B-Instruct&tokens=1T",
        "v=1&task=train&model=google/gemma-3-27b-it&tokens=500B",
        "v=1&task=train&model=custom&params=7&layers=32&hidden=4096&heads=32&kv_heads=8&tokens=100B",
        "v=1&task=train&model=Qwen/Qwen3-8B&tokens=10B&gpu=h100-sxm&n=12",
        "v=1&task=tune&model=Qwen/Qwen3-8B&method=qlora",
        "v=1&task=tune&model=deepseek-ai/DeepSeek-V3&method=lora",
        "v=1&task=tune&model=mistralai/Mixtral-8x7B-Instruct-v0.1&method=full&ckpt=0",
        "v=1&task=tune&model=custom&params=7&layers=32&hidden=4096&heads=32&method=lora",
        "v=1&task=tune&model=Qwen/Qwen3-8B&method=full&gpu=h100-sxm&n=12",
    };
    for (const char* link : links) {
        const Result r = run(link);
        int checked = 0;
        for (const Option& o : r.options) {
            if (!o.fits) continue;
            CAPTURE(link);
            CAPTURE(o.gpu_id);
            const Command c = command_of(o);
            check_allowed(c);
            check_placeholders_named(o, c);
            CHECK(processes(c) == o.count);
            check_layout(o, c);
            ++checked;
        }
        CHECK_MESSAGE(checked > 0, link);
    }
}

TEST_CASE("a command's comment lines start with '#': the copied text runs as a shell script") {
    const Result r = run("v=1&task=train&model=Qwen/Qwen3-8B&tokens=10B&gpu=h100-sxm&n=8");
    const Option& o = fitting(r, "h100-sxm");
    for (text::Lang lang : {text::Lang::en, text::Lang::ru}) {
        const std::string all = text::command_text(o.command, lang);
        size_t start = 0;
        for (size_t end = all.find('\n'); start < all.size(); end = all.find('\n', start)) {
            const std::string line = all.substr(start, end == std::string::npos ? std::string::npos : end - start);
            INFO(line);
            CHECK((line.rfind("# ", 0) == 0 || line.rfind("torchrun ", 0) == 0 || line.rfind("  --", 0) == 0 ||
                   line.rfind("CUDA_DEVICE_MAX_CONNECTIONS=1 torchrun ", 0) == 0));
            if (end == std::string::npos) break;
            start = end + 1;
        }
    }
}
