// English templates, one per message code (syntax in text.hpp). Every code of
// engine/codes.hpp has an entry here and in messages_ru.cpp (tests/unit/test_text.cpp checks).
#include "text/text.hpp"

namespace gpusizer::text {
namespace {

const TextPair kEnglish[] = {
    // engine warnings
    {"gpu.low_bandwidth", "memory bandwidth {bw:0} GB/s is below the {min:0} GB/s the guide recommends for ML"},
    {"train.weight_traffic",
     "sharded weights (ZeRO-3 / FSDP): each micro-batch moves {gb:0} GB a GPU {?net:between servers}{!net:inside the server} "
     "at {gbs:0} GB/s, {move_s:2} s against {compute_s:2} s of compute: the run takes {factor:1}× as long, in its GPU-hours"},
    {"train.nemo_cuda", "NeMo needs CUDA: on AMD the layout runs in ROCm/Megatron-LM, at Megatron-LM's MFU and ROCm's efficiency"},
    {"train.optim_ignored",
     "the optimizer choice is fine-tuning's (Hugging Face or fused trainer): {?train:pre-training}{!train:NeMo} is sized "
     "with mixed-precision AdamW, 16 B per parameter"},
    {"gpu.tp_over_pcie", "tensor parallelism over PCIe (no NVLink): all-reduce slows decode"},
    {"gpu.estimated", "some catalog figures of {gpu} are estimated"},
    {"gpu.experts_padded",
     "vLLM's MXFP4 expert kernels on this GPU pad each expert to their tiles ({?hidden_pads:hidden size {hidden:0} to "
     "{padded_hidden:0}}{?both:, }{?width_pads:expert width {width:0} to {padded_width:0} a GPU}): +{gb:1} GB of weights a GPU, sized"},
    {"gpu.no_nvlink_training", "multi-GPU training without NVLink: slower gradient all-reduce over PCIe"},
    {"gpu.unknown", "GPU '{gpu}' is not in the catalog; showing every GPU"},
    {"gpu.alias", "GPU '{gpu}' read as {name} ('{id}'); other cards are pinned by their own ids"},
    {"gpu.vendor_none", "no {vendor} GPU in this catalog: nothing to evaluate (set the vendor filter to any)"},
    {"gpu.rocm",
     "ROCm software, not CUDA (vLLM and PyTorch ROCm builds){?applied:; ROCm's measured efficiency "
     "applied: bandwidth × {bw:0} %, GEMM × {gemm:0} %}{!applied:; datasheet rates}"},
    {"model.custom_incomplete", "custom model needs params, layers, hidden and heads; nothing was evaluated"},
    {"model.custom", "custom model: FFN width assumed 4·hidden, vocabulary unknown"},
    {"model.check_range", "custom model: {key} = {value} is outside {min}–{max}"},
    {"model.check_kv_heads", "custom model: heads ({heads:0}) must be a multiple of kv_heads ({kv_heads:0})"},
    {"model.check_heads", "custom model: kv_heads or head_dim given without heads"},
    {"model.check_moe_step",
     "custom model: experts in one layer of every {step:0}, over {layers:0} layers, leave {expected:0} dense "
     "layers, not dense_layers = {dense:0}"},
    {"model.custom_implausible",
     "the custom model's figures contradict each other (above): nothing was evaluated, as "
     "an imported config.json with them would be refused"},
    {"model.custom_params_arch",
     "custom model: the link gives {params_b:1} B parameters, its architecture holds about "
     "{arch_b:1} B; sized with the link's count"},
    {"model.custom_name_taken",
     "the link names its model '{name}', but {model} has {catalog_b:1} B parameters and "
     "this one {params_b:1} B: it is shown as a custom model, sized as the link describes"},
    {"model.unknown", "model '{model}' is not in the catalog; nothing was evaluated"},
    {"model.alias", "model id '{old}' is now '{new}'"},
    {"model.variant", "'{id}' has the architecture of '{model}' (the same layers, widths, heads and vocabulary in "
                      "config.json): sized as it"},
    {"model.estimated", "catalog figures of {model} are estimated{?fields: ({fields})}"},
    {"model.incomplete", "the catalog lacks this model's architecture numbers; nothing was evaluated"},
    {"model.kv_fp8_served",
     "{model}'s KV cache is sized in {kv}: {kv_gb:1} GB a sequence at {ctx:0} tokens; vLLM and SGLang serve it in FP8 "
     "(584-byte entries, FP4 indexer keys), about half: choose the FP8 KV format to size what they serve"},
    {"model.context_over_max",
     "context {asked:0} tokens exceeds {model}'s maximum context of {max:0} tokens; "
     "memory is sized as asked, but the model cannot use more than its maximum"},
    {"model.length_fitted",
     "{?training:sequences}{!training:a context} of {max:0} tokens, {model}'s own: the default {asked:0} is longer "
     "than it was trained for; a length you set is sized as asked"},
    {"load.over_context",
     "a prompt of {in:0} and an answer of {out:0} tokens do not fit the context of {ctx:0} tokens per request: "
     "the KV cache is sized at the context; raise the context to at least {need:0}"},
    {"model.sequence_over_max",
     "sequence length {asked:0} tokens exceeds {model}'s maximum context of {max:0} tokens; "
     "memory is sized as asked, but the model cannot use more than its maximum"},
    {"assumption.nvenc", "assumes ~{streams:0} streams of 1080p30 per NVENC engine (P4 preset), ±{spread:0} %"},
    {"budget.gpu_unknown",
     "the GPU-hour budget names GPU '{gpu}', which is not in the catalog (or has no tensor rate); "
     "the dataset size is used instead"},
    {"price.other_currency",
     "{count:0} {count:0#GPU has|GPUs have} a price in {other} but none in {currency}: shown without a price"
     "{?hint: (a provider file's \"rates\" converts them)}"},
    {"price.converted",
     "{count:0} {count:0#price|prices} converted from {from} at {rate:4} {currency} per {from} (the provider file's "
     "rate)"},
    {"price.more_currencies",
     "and {count:0} more {count:0#GPU|GPUs} priced in {currencies:0} other "
     "{currencies:0#currency|currencies}{?converted:, converted to {currency} at the provider "
     "file's rates}{!converted:, shown without a price in {currency}}"},
    {"price.recommend_priced",
     "recommended among the GPUs with a price in {currency}; faster or smaller unpriced options are listed above it"},
    {"plan.sharded",
     "{count:0} cards with sharding: {method} on {model} needs {need:1} GB, one {gpu} has {have:1} GB usable"},
    {"plan.horizon", "sized to finish within {days:0} days, the default horizon when no deadline is set"},
    {"offload.format", "llama.cpp serves GGUF: the {from} weights as {to}"},
    {"offload.none",
     "nothing offloaded: llama.cpp holds the whole model on this GPU (a 512-token compute buffer, no CUDA graphs: "
     "less than vLLM's profile); only the token-embedding table stays in host RAM"},
    {"offload.placed",
     "{?experts:the experts of {host:0} of {layers:0} layers}{!experts:{?host:{host:0} of {layers:0} layers and }the "
     "output layer} in host RAM "
     "({host_gb:1} GB, {?given:{gbs:0} GB/s}{!given:{ddr}-{mts:0}}): {share:0} % of a token's time is the CPU side"},
    // where the answer departs from the article (advice.cpp), and the switches
    {"guide.memory",
     "The guide's {lo:0}–{hi:0} GB for this task assumes 4-bit weights and a few users (its table "
     "puts {pmin:0}–{pmax:0}B models in {lo:0}–{hi:0} GB); at {format} and {users:0} "
     "{?rps:{users:0#request|requests} in flight ({rps} per second)}{!rps:{users:0#user|users}} "
     "this job needs {need:1} GB{?count:, hence {count:0} × {gpu}}."
     "{!fits: Even at 4-bit weights and one user {model} needs {min_gb:1} GB: a bigger model than "
     "the guide's band holds.}"},
    {"guide.gpus",
     "{gpu} is not among the GPUs the guide names for this task ({named}): it ranks first here by "
     "{key}.{?alt_count: The guide's first here: {alt_count:0} × {alt_gpu}.}"
     "{!alt_count: None of the GPUs it names fits this job.}"},
    {"guide.vendor",
     "The article names NVIDIA GPUs only; {gpu} ({vendor}) ranks first here by {key}, on ROCm at its "
     "measured efficiency (see the assumptions).{?alt_count: NVIDIA's first here: {alt_count:0} × "
     "{alt_gpu}.}"},
    {"offload.relax",
     "One {gpu} with {host_gb:1} GB of the model in host RAM reaches {tps:1} tokens/s per user, "
     "first token in {ttft:1} s, for {served:0} {served:0#user|users}; the targets ask "
     "{target_tps:0} tokens/s within {target_ttft:1} s for {users:0} {users:0#user|users}. "
     "Offload runs at the host RAM's pace: it serves one or two users."},
    {"switch.guide_format",
     "Size it as the guide does: 4-bit weights ({format}){!rps:, {users:0} {users:0#user|users}}"},
    {"switch.guide_gpu", "Use the guide's pick: {count:0} × {gpu}"},
    {"switch.vendor_nvidia", "NVIDIA GPUs only{?count: ({count:0} × {gpu})}"},
    {"switch.offload_load", "Size for what it delivers: {users:0} {users:0#user|users}, {tps:1} tokens/s"},
    {"switch.offload_ram", "Size with {ram:0} GB of host RAM"},
    {"practical.consumer_cards",
     "not practical: {count:0} consumer cards over {servers:0} servers (more than {max:0} "
     "for one job); they are rented a server at a time, with no datacenter fabric between "
     "the servers"},
    {"practical.replica_servers",
     "not practical: one copy of the model spans {servers:0} servers ({gpus:0} GPUs) without NVLink; "
     "every step crosses the network"},
    {"practical.many_servers",
     "not practical: {servers:0} servers where {lean_count:0} × {lean_gpu} ({lean:0} "
     "{lean:0#server|servers}) does the same job"},
    // reasons
    {"reason.heads_split", "{heads:0} attention heads are not divisible by TP {tp:0}"},
    {"reason.kv_heads_split", "{kv_heads:0} KV heads do not split over TP {tp:0}"},
    {"reason.layers_lt_stages", "fewer layers than pipeline stages"},
    {"reason.no_tensor_figure", "no tensor throughput figure in the catalog"},
    {"reason.needs_memory_ctx",
     "needs {need:1} GB per GPU for one {ctx:0}-token sequence, has {have:1} GB usable "
     "({memory:1} GB less {reserve:0} % reserve)"},
    {"reason.count_not_multiple", "count is not a multiple of the layout"},
    {"reason.misses_targets",
     "misses the targets even for one user: {tps:1} tokens/s (target {target_tps:0}), "
     "first token in {ttft:2} s (target {target_ttft:1} s)"},
    {"reason.misses_slo",
     "misses the targets at the {pct:0}th percentile even at a trickle of requests: "
     "{tps:1} tokens/s (target {target_tps:0}), first token in {ttft:2} s (target {target_ttft:1} s)"},
    {"reason.rate_over", "carries {max:2} requests/s within the targets at the {pct:0}th percentile, below the {rps:2} asked"},
    {"reason.serves_fewer", "serves {served:0} of {users:0} users within the targets"},
    {"reason.offload_ram",
     "needs {need:1} GB of host RAM ({weights:1} GB of weights{?kv: + {kv:1} GB of KV cache} + {os:0} GB "
     "for the system), has {have:0} GB"},
    {"reason.offload_gpu",
     "even with every layer in host RAM the GPU needs {need:1} GB (llama.cpp's compute buffer and "
     "runtime memory), has {have:1} GB usable"},
    {"reason.offload_split",
     "with {host:0} layers on the CPU the GPU needs {need:1} GB (weights, compute buffer, KV for one "
     "{ctx:0}-token sequence), has {have:1} GB usable"},
    {"reason.too_slow", "too slow: {tps:1} tokens/s per user even alone (target {target:0})"},
    {"reason.ttft_too_long", "first token in {ttft:2} s even alone (target {target:1} s)"},
    {"reason.too_many_gpus", "needs more than {max:0} GPUs"},
    {"reason.no_fit_sharded",
     "does not fit even sharded over {gpus:0} GPUs ({per_gpu:1} GB per GPU, activations {activations:1} GB)"},
    {"reason.needs_memory_zero3",
     "needs {need:1} GB per GPU even with ZeRO-3 over {gpus:0} {gpus:0#GPU|GPUs}, has {have:1} GB usable"},
    {"reason.no_nvlink_training", "multi-GPU training without NVLink: gradient all-reduce over PCIe"},
    {"reason.deadline", "takes {days:1} days, deadline {deadline:1}"},
    {"reason.horizon", "takes {days:1} days even at the largest count, more than the {horizon:0}-day default horizon"},
    {"reason.no_graphics", "no graphics pipeline / RT cores for rendering"},
    {"reason.needs_memory", "needs {need:1} GB, has {have:1} GB usable"},
    {"reason.scene_memory", "needs {need:1} GB, has {have:1} GB usable (a scene does not split across GPUs)"},
    {"reason.no_nvenc", "no video encoder (NVENC)"},
    {"reason.no_av1", "no AV1 encoder"},
    {"reason.no_fp64", "no FP64 rate for HPC ({fp64:2} TFLOPS)"},
    {"reason.fp64_fraction",
     "not an FP64 part: FP64 {fp64:2} TFLOPS is 1/{ratio:0} of its FP32 rate ({fp32:1} TFLOPS); "
     "HPC GPUs run FP64 at 1/2, at least 1/4 is required"},
    {"reason.no_fp32", "no FP32 figure in the catalog"},
    // score labels
    {"score.fp32_tflops", "FP32 TFLOPS"},
    {"score.fp64_tflops", "FP64 TFLOPS (vector)"},
    {"score.streams", "streams per GPU ({res})"},
    // assumptions
    {"assume.reserve", "memory reserve {reserve:0} % of each GPU kept free"},
    {"assume.binary_gb", "GPU memory sizes are binary (80 GB HBM = 80 GiB = 85.9 GB); figures in GB are 10^9 bytes"},
    {"assume.decode_eff", "decode reaches {eff:0} % of memory bandwidth (range {low:0}-{high:0} %)"},
    {"assume.prefill_eff",
     "prefill GEMMs reach {eff:0} % of the dense BF16 tensor peak (range {low:0}-{high:0} %); FP8 and "
     "INT8 GEMMs {lowp:0} % of that share of their own peak, FP4 GEMMs {fp4:0} %"},
    {"assume.serve_overhead",
     "vLLM memory per GPU besides weights and KV: the activation peak it profiles (a forward pass of "
     "max_num_batched_tokens = 8192 tokens on 70 GB+ GPUs other than the A100, 2048 elsewhere, or "
     "the sampler over max_num_seqs = 1024 / 256 sequences at 20 B per vocabulary entry, whichever "
     "is larger), CUDA graphs {graphs:1} GB, NCCL buffers {nccl:1} GB under TP and {gb:1} GB outside "
     "PyTorch (range {low:1}-{high:1}); KV in blocks of 16 tokens. llama.cpp: a 512-token compute buffer"},
    {"assume.offload",
     "partial offload (llama.cpp): host RAM {?given:of {gbs:1} GB/s as given}{!given:{ddr}-{mts:0} dual channel, "
     "{gbs:1} GB/s theoretical}, "
     "{eff:0} % reached ({low:0}-{high:0} %); prompt batches copy the host-held weights to the GPU over "
     "PCIe x16 at {pcie:0} % of its rate; {switch_us:0} µs per GPU-CPU hand-over; {os:0} GB of RAM kept for the "
     "system"},
    {"assume.continuous_batching",
     "continuous batching with chunked prefill: {!separate:every step carries each running request's next token "
     "and a chunk of a prompt}{?separate:prompts run in steps of their own while decoding waits (SGLang's "
     "default scheduler, vLLM before V1; `sched=separate`)}; a step costs the longer of the weight read and the GEMM FLOPs, plus KV "
     "reads, {layer_us:0} µs per layer (range {low:0}-{high:0}{?moe:; an MoE layer {!mxfp4:twice that}{?mxfp4:{mxfp4:1} times "
     "that, its MXFP4 experts run more kernels}}) and the TP all-reduces, so prompts "
     "slow everyone's decode"},
    {"assume.ttft_queue",
     "time to first token at the stated load = API server {ms:0} ms + the step running on arrival + the "
     "wait for prefill capacity (prompts arrive at users / cycle time: a wait of load × service / 2(1 − load) as in an "
     "M/D/1 queue, at most the other users' prompts) + the prompt's own prefill"},
    {"assume.kv_full_context", "KV cache sized for every user at the full context; low end at average prompt + answer"},
    {"assume.tp_in_server", "TP within one server over NVLink or PCIe; pipeline stages add memory, not speed"},
    {"assume.mfu",
     "MFU {mfu:0} % of the BF16 dense peak{?moe: (dense {dense:0} % × {moe:2} for a mixture of experts: "
     "each expert's matrices are small and the all-to-all grows)}{?steady:; pre-training's steady MFU on "
     "{gpu}: 1 / (1 / {gemm:0} % for the GEMMs + {bpf:4} B per FLOP of memory-bound work × {tflops:0} TFLOPS "
     "/ {tbs:2} TB/s), each GPU at its own peak and bandwidth}{?fp8:; FP8 training {fp8:2}× faster "
     "on GPUs with FP8 tensor cores (range {fp8_low:2}–{fp8_high:2}×)}{?lora_fp8: (LoRA on an FP8 base "
     "with a fused trainer such as NeMo: the frozen base's forward and gradient GEMMs run in FP8; Hugging "
     "Face + PEFT and QLoRA get no speed-up)} (range ±{spread:0} %)"},
    {"assume.adamw", "mixed-precision AdamW: 16 B per trained parameter; ZeRO shards over data-parallel ranks"},
    {"assume.adamw_bf16",
     "pure BF16 AdamW: 8 B per trained parameter (BF16 weights, gradients and both moments, no FP32 master copy; "
     "torchtune's and LitGPT's bf16); ZeRO shards over data-parallel ranks"},
    {"assume.adamw_8bit",
     "8-bit AdamW over BF16 weights: 6 B per trained parameter (BF16 weights and gradients, moments in 8 bits: "
     "bitsandbytes, torchao); ZeRO shards over data-parallel ranks"},
    {"assume.train_overhead", "CUDA context and kernels {gb:1} GB per GPU (range {low:1}-{high:1})"},
    {"assume.trainer_hf",
     "trainer: plain Hugging Face Trainer + PEFT: the full logits, upcast to FP32 for the loss "
     "(16 B per vocabulary entry per token), checkpointed layer inputs kept on the GPU"
     "{?qlora:, embeddings and lm_head in FP32}; trainer=fused for Unsloth, Liger or torchtune"},
    {"assume.trainer_fused",
     "trainer: fused / chunked cross-entropy (Unsloth, Liger kernels, torchtune): no full logits"
     "{?host_gb:; checkpointed layer inputs offloaded to host memory ({host_gb:1} GB of RAM per GPU)}"},
    {"assume.no_ckpt",
     "no activation checkpointing: the backward recomputes no forward pass, {speedup:2}x the speed at the MFU "
     "above (the fine-tuning MFUs were set on runs with checkpointing on, LLaMA-Factory's default)"},
    {"assume.trainer_nemo",
     "trainer: NVIDIA NeMo / Megatron-Bridge{?tune:: Megatron's loss (6 B per vocabulary entry per token), checkpoints "
     "on the GPU}; MFU 56 % (NeMo 24.07: Llama 2 7B pre-training, 8 × H100, FP8, 16,847 tokens/s per GPU)"
     "{?qlora:; QLoRA is not among NeMo's runs: the fused trainers' 40 %}"},
    {"assume.pretrain_layout",
     "pre-training laid out as Megatron-LM would: TP inside a server over NVLink, PP across "
     "servers, EP for the experts, DP with the distributed optimizer (ZeRO-1); global batch "
     "{batch_m:0} M tokens, {net:0} GB/s per GPU between servers"},
    {"assume.perfect_scaling", "GPU-hours scale perfectly with the GPU count (no failures, restarts or evaluation)"},
    {"assume.goodput",
     "a whole run's GPU-hours are its steady speed's / goodput {goodput:0} % (failures and restarts, "
     "checkpoints, evaluation, data stalls, slower stages: model cards' hours against benchmark speed; "
     "`goodput=1` sizes the steady speed alone); otherwise they scale perfectly with the GPU count"},
    {"assume.month_rented",
     "a month is {hours:0} hours of rent: GPUs are billed around the clock whether busy or idle"},
    {"assume.mtok_at_load",
     "cost per million tokens = cost per hour / output tokens per hour at the stated load "
     "({users:0} concurrent requests), not at full capacity"},
    {"assume.other_rules", "rules over catalog facts: graphics/RT cores, NVENC engines, FP32 and FP64 rates, memory"},
    {"assume.rocm",
     "AMD GPUs run ROCm: memory-bandwidth efficiency × {bw:0} % and GEMM efficiency × {gemm:0} % "
     "({gemm_low:0}–{gemm_high:0} %) of CUDA's on NVIDIA, measured with one benchmark suite on both "
     "(Azure: STREAM copy and the best FP8 GEMM, MI300X against H100){?train:; the MFU, measured on "
     "NVIDIA GPUs, is scaled by the same GEMM share on AMD}{?moe:; an MoE layer's kernels take {moe:1} dense layers' launch "
     "time more than on CUDA}"},
    // formulas
    {"formula.weights",
     "{params_b:2} B params × {bits:2} bits ({format}; embeddings {embeddings_gb:2} GB) = {total_gb:1} GB"},
    {"formula.kv_mla",
     "MLA latent ({rank:0} + {rope:0} rope) × {layers:0} layers × {bytes:0} B"
     "{?window: + window layers capped at {window:0} tokens}{?state_gb: + linear-attention state {state_gb:2} GB/seq}"
     " = {kib:1} KiB/token; × {ctx:0} tokens × {users:0} users = {total_gb:1} GB"},
    {"formula.kv_heads",
     "2 (K,V) × {kv_heads:0} KV heads × {head_dim:0} dim × {layers:0} full layers × {bytes:0} B"
     "{?window: + window layers capped at {window:0} tokens}{?state_gb: + linear-attention state {state_gb:2} GB/seq}"
     " = {kib:1} KiB/token; × {ctx:0} tokens × {users:0} users = {total_gb:1} GB"},
    {"formula.activations",
     "{?llamacpp:llama.cpp compute buffer for 512 tokens}{!llamacpp:vLLM profile: the larger of a "
     "{tokens:0}-token forward pass and the sampler over {seqs:0} sequences × {vocab:0} vocabulary × 20 B}"
     " = {total_gb:2} GB"},
    {"formula.overhead",
     "{?llamacpp:CUDA context and library workspaces {runtime_gb:1} GB per GPU}{!llamacpp:CUDA-graph pool "
     "{graphs_gb:1} GB + NCCL buffers {nccl_gb:1} GB under TP + memory outside PyTorch {runtime_gb:1} GB "
     "per GPU}"},
    {"formula.split_inference",
     "per GPU under TP × PP: weights / (TP·PP) (embeddings and lm_head vocab-parallel"
     "{?moe:; routed experts split across the TP/EP group}); KV cache / PP and "
     "{?mla:NOT split by TP: the MLA latent is replicated on every TP rank}"
     "{!mla:/ TP up to {kv_heads:0} KV heads (beyond that, heads are replicated)}"
     "{?state:; linear-attention state split by value heads}"
     "; replicated on every GPU: activations of a prefill chunk, runtime overhead, norms"},
    {"formula.kv_capacity",
     "{?llamacpp:llama.cpp allocates -c {kv_tokens:0} tokens ({concurrency:0} slots × {ctx:0}) = {kv_gb:1} "
     "GB of KV cache per GPU; {free_gb:1} GB are free after weights {weights_gb:1}, compute buffer "
     "{activations_gb:1} and runtime {overhead_gb:1} of {usable_gb:1} GB usable}"
     "{!llamacpp:{usable_gb:1} GB usable − weights {weights_gb:1} − activation peak {activations_gb:1} "
     "({tokens:0}-token profile or sampler for {seqs:0} sequences) − CUDA graphs, NCCL and runtime "
     "{overhead_gb:1} = {kv_gb:1} GB of KV cache per GPU: {kv_tokens:0} tokens in {block:0}-token "
     "blocks, {concurrency:2}× requests of {ctx:0} tokens}"},
    {"formula.serving_cycle",
     "{batch:0} requests × ({in:0} prompt + {out:0} answer tokens): {out:0} steps of {decode_ms:1} ms, "
     "the prompts in chunks of up to {budget:0} tokens ({prefill_ms:1} ms per step with a chunk) = "
     "{cycle_s:2} s per cycle; {tpot_ms:1} ms per token = {tps:1} tokens/s per user, {total:0} per replica"},
    {"formula.serving_ttft",
     "API server {server_ms:0} ms + wait for prefill {queue_ms:0} ms (prompts at {rate:2}/s use {rho:0} % "
     "of the step budget) + running step and own prefill {prefill_ms:0} ms = {ttft_ms:0} ms"},
    {"formula.offload",
     "per token: {gpu_gb:2} GB from VRAM at {gpu_bw:0} GB/s ({gpu_ms:1} ms) + {host_gb:2} GB from {?given:host "
     "RAM}{!given:{ddr}-{mts:0}} "
     "at {host_bw:0} GB/s ({host_ms:1} ms) + hand-overs {switch_ms:1} ms = {tps:1} tokens/s alone; a prompt "
     "copies {upload_gb:1} GB over PCIe at {pcie:0} GB/s per 512 tokens"},
    {"formula.flops",
     "{factor:0} × {active_b:2} B active params × {tokens_b:3} B tokens + attention ({seq:0}-token sequences)"
     " = {flops:e3} FLOPs"},
    {"formula.flops_budget",
     "{gpuh:e2} GPU-hours on {gpu} × {tflops:0} TFLOPS dense BF16 × MFU {mfu:0} %"
     "{?fp8: × FP8 {fp8:2}}{?goodput: × goodput {goodput:0} %} = {flops:e3} FLOPs, "
     "about {tokens_b:0} B tokens at this model's FLOPs per token"},
    {"formula.training_memory",
     "{method} + activations ({?ckpt:checkpointed}{!ckpt:no checkpointing}, micro-batch {batch:0} × "
     "{seq:0} tokens) = {total_gb:1} GB on one GPU before sharding"},
    {"formula.split_training",
     "per GPU: weights, gradients and optimizer states / (TP·PP), then / DP for the ZeRO-sharded ones "
     "(ZeRO-1 optimizer, ZeRO-2 + gradients, ZeRO-3 + weights); activations / TP (sequence parallel) "
     "and not reduced by PP (the first stage holds PP micro-batches in flight); runtime overhead on every GPU"},
    // commands
    {"cmd.checkpoint", "use an {format} checkpoint of the model"},
    {"cmd.replicas", "× {replicas:0} replicas behind a load balancer"},
    {"cmd.sglang_extras", "add SGLang's own flags for the speculation, adapters or KV tier sized here "
     "(--speculative-algorithm, --lora-paths, --enable-hierarchical-cache)"},
    {"cmd.spec_eagle", "a template: put an EAGLE-3 head trained for this model in place of <eagle3-head>"},
    {"cmd.lora_modules",
     "name each adapter with --lora-modules name=path (or load them at run time); {served:0} in host RAM, {slots:0} on "
     "the GPU at once"},
    {"cmd.kv_offload",
     "idle sessions' KV {tier}: {host_gb:0} GB of host RAM per server{?disk_gb:, and {disk_gb:0} GB on NVMe through "
     "LMCache's disk tier}"},
    {"cmd.offload",
     "{?experts:the experts of the first {host:0} of {layers:0} layers}{!experts:{?host:the first {host:0} of "
     "{layers:0} layers and }the output layer} in host RAM ({host_gb:1} GB)"},
    {"cmd.layout",
     "TP={tp:0} × PP={pp:0} × DP={dp:0}{?ep: (EP={ep:0} for the experts)}, ZeRO-{zero:0}"
     "{?ckpt:, activation checkpointing}, micro-batch {batch:0} × "
     "{seq:0} tokens; {method}{?rank: rank {rank:0}}"},
    {"cmd.train_megatron",
     "{method} with Megatron-LM, from its repository{?nodes:, on each of {nodes:0} servers}. A "
     "template: fill in <data-prefix> (tools/preprocess_data.py), <peak-lr>, "
     "<checkpoint-dir>{?nodes:, per server <node-rank> and <first-server> (the first one's "
     "address)}{?custom:, <your-tokenizer>}. Other details (RoPE base, norms, biases{?window:, "
     "attention windows}) are Megatron's defaults{?ffn:; "
     "--ffn-hidden-size = 4 × hidden (assumed)}{?gelu:; a GELU MLP with Megatron's LayerNorm and biases: "
     "<positions> is the model's (rope, learned_absolute; Megatron-LM has no ALiBi)}{?linear:; the model "
     "mixes attention with recurrent layers (Mamba, linear attention), which pretrain_gpt.py does not build: "
     "the layer counts and widths are the model's, the layers' kinds and the MLP's activation come from its "
     "own recipe (Megatron-LM's pretrain_mamba.py with --hybrid-override-pattern for Mamba hybrids)"
     "{?positions:, <positions> its position embedding}}"},
    {"cmd.nemo",
     "{method} with NVIDIA NeMo 2.0{?nodes:, on each of {nodes:0} servers}. A template: <recipe> is NeMo's recipe "
     "for the model (e.g. llama3_8b){?tune:, with your dataset's data module}{?full:; full fine-tuning: "
     "peft_scheme none}{?fp8:; FP8: the bf16_with_fp8_mixed plugin}"},
    {"cmd.tune_llamafactory",
     "{method} with LLaMA-Factory{?ddp: (DDP over {gpus:0} GPUs)}{?ds: and DeepSpeed "
     "ZeRO-{zero:0} over {gpus:0} GPUs}{?tp:, AutoTP over {tp:0}}. A template: fill in "
     "<your-dataset> (a name in data/dataset_info.json){?custom:, <your-model>}{?nodes:, "
     "per server <node-rank> and <first-server> (the first one's address)}"},
    {"cmd.tune_optim_zero",
     "DeepSpeed ZeRO keeps FP32 master weights, and LLaMA-Factory refuses --pure_bf16 with ZeRO-3: the {optim} memory holds "
     "under FSDP (torchtune's full_finetune_distributed, bf16 by default) or with plain data parallelism"},
    {"cmd.tune_no_split",
     "{method}: LLaMA-Factory has no TP={tp:0}{?pp: × PP={pp:0}} (AutoTP: full fine-tuning, "
     "ZeRO-0–2 only): the command runs ZeRO-3 on {gpus:0} GPUs, {tp:0}× the activations per "
     "GPU; if memory runs short, shorten --cutoff_len"},
    {"cmd.train_comm",
     "communication per step (the MFU default already includes it): "
     "{?tp:TP all-reduce {tp:0} % of compute (NVLink); }{?pp:pipeline bubble {pp:0} % of the step; }"
     "{?dp:DP gradient sync {dp:0} % of compute over {net:0} GB/s, overlapping the backward pass; }"
     "{?ep:EP all-to-all {ep:0} % of compute; }global batch {batch_m:0} M tokens"},
    // terms
    {"term.index_zero", "model.safetensors.index.json gives total_size 0"},
    {"term.index_no_size", "model.safetensors.index.json's metadata has no total_size"},
    {"term.index_no_metadata", "model.safetensors.index.json has no metadata"},
    {"term.index_contradicts", "model.safetensors.index.json's count contradicts the config"},
    {"term.family_unknown", "a family gpusizer does not read"},
    {"term.kind_seq2seq", "an encoder-decoder text model"},
    {"term.kind_recurrent", "a recurrent language model"},
    {"term.kind_hybrid", "a hybrid of attention and Mamba layers"},
    {"term.kind_speech", "a speech model"},
    {"term.kind_vision", "a vision model"},
    {"term.rule_default", "the family's configuration default"},
    {"term.rule_pretrained", "transformers' PretrainedConfig default"},
    {"term.rule_four_hidden", "4 × hidden_size"},
    {"term.rule_hidden_heads", "hidden_size / num_attention_heads"},
    {"term.use_chat", "Chat-bot"},
    {"term.use_rag", "RAG / document search"},
    {"term.use_ocr", "OCR / documents"},
    {"term.use_general", "General AI"},
    {"term.use_asr", "Meeting transcription"},
    {"term.use_embed", "Vector search"},
    {"term.use_copilot", "Copilot for developers"},
    {"term.use_render", "3D rendering"},
    {"term.use_transcode", "Video transcoding"},
    {"term.use_image", "Image processing"},
    {"term.use_hpc", "HPC / science"},
    {"term.len_chat", "Chat"},
    {"term.len_rag", "RAG"},
    {"term.len_code", "Code completion"},
    {"term.len_summ", "Summaries"},
    {"term.len_basis_chat",
     "Azure LLM inference trace 2023, conversation service (19,366 requests): mean prompt 1,155 and "
     "answer 211 tokens, the prompts' spread 0.96 (the answers' 0.77), computed from the published "
     "file"},
    {"term.len_basis_rag",
     "No trace of RAG traffic is published: NVIDIA's NIM benchmarking guide uses prompts near 1,000 "
     "and answers near 100 tokens for retrieval; its spread is not published (fixed lengths)"},
    {"term.len_basis_code",
     "Azure LLM inference trace 2023, coding service (8,819 completions): mean prompt 2,048 and "
     "answer 28 tokens, the prompts' spread 0.96 (the answers' 2.15), computed from the published "
     "file"},
    {"term.len_basis_summ",
     "arXiv papers summarised into abstracts, as Microsoft's Vidur simulator packs them (28,257 "
     "requests, those over ~4,096 tokens removed): mean prompt 2,588 and answer 291 tokens, the "
     "prompts' spread 0.37"},
    {"term.pretrain", "pretrain"},
    {"term.full_finetune", "full fine-tune"},
    {"term.lora", "LoRA"},
    {"term.qlora", "QLoRA"},
    {"term.optim_adamw", "AdamW, mixed precision (FP32 master)"},
    {"term.optim_bf16", "AdamW, pure BF16"},
    {"term.optim_adam8", "8-bit AdamW"},
    {"term.memory_full", "16 B/param (BF16 weights 2 + grads 2 + FP32 master 4 + Adam 8)"},
    {"term.memory_full_bf16", "8 B/param (BF16 weights 2 + grads 2 + BF16 Adam 4)"},
    {"term.memory_full_adam8", "6 B/param (BF16 weights 2 + grads 2 + 8-bit Adam 2)"},
    {"term.memory_lora", "BF16 base 2 B/param + adapters 16 B/param"},
    {"term.memory_qlora", "NF4 base 4.127 bits/param + adapters 16 B/param"},
    {"term.rank_cost_hour", "cost per hour"},
    {"term.rank_cost_run", "cost per run"},
    {"term.rank_speed", "speed"},
    {"term.rank_gpus", "fewest GPUs"},
    {"expect.one_of", "one of {values}"},
    {"expect.model_id", "a Hugging Face model id"},
    {"expect.gpu_id", "a GPU id"},
    {"expect.number", "a number {min}–{max}"},
    {"expect.whole", "a whole number {min}–{max}"},
    {"expect.fraction", "a fraction in (0, 1]"},
    {"expect.tokens", "tokens 1–10000T (suffixes k M B T)"},
    // error bands of figures (report/accuracy.hpp)
    // (a no-break space before each %: a wrapped line never starts with it)
    {"accuracy.band",
     "accuracy: ±{median:0}\u00a0% median error on {n:0} published {n:0#run|runs} of this kind "
     "(worst {worst:0}\u00a0%{?misses:, {misses:0} outside the family's tolerance})"},
    {"accuracy.none", "accuracy: no independent check yet (no published run of this kind that no constant was set on)"},
    {"accuracy.nearest", "nearest published run: {case} ({error:0} %) {url}"},
    // speech-to-text pipelines (speech_pipeline.hpp)
    {"term.asr_hf", "Hugging Face Transformers (PyTorch)"},
    {"term.asr_ct2", "faster-whisper (CTranslate2)"},
    {"term.asr_cpp", "whisper.cpp"},
    {"term.asr_trt", "an optimised server (TensorRT-LLM, vLLM)"},
    {"term.asr_mode_chunk", "30-s chunks decoded in batches"},
    {"term.asr_mode_seq", "sequential long-form (each window starts where the last text ended)"},
    {"term.sched_mixed", "prompt chunks ride in the decode steps (vLLM V1, TensorRT-LLM)"},
    {"term.sched_separate", "prompts in batches of their own, decoding waits (SGLang's default, vLLM before V1)"},
    {"formula.whisper_pipeline",
     "{runtime}, {mode}, beam {beam:0}: a window covers {advance:1} s of audio and {tokens:0} tokens; each decoder "
     "step reads the decoder's {weights_mb:0} MB once and {kv_mb:0} MB of cross-attention K/V per hypothesis"},
    {"formula.whisper_window",
     "a batch of {batch:0} windows × beam {beam:0}: encoder {encoder_s:2} s + {steps:0} steps (the batch's longest "
     "window) × {step_ms:2} ms ({gpu_ms:2} ms GPU, {host_ms:2} ms runtime host time) = {decoder_s:2} s + CPU {cpu_s:2} "
     "s: {x:0}× realtime per GPU"},
    {"assume.asr_runtime",
     "{runtime}, {mode}, beam {beam:0}{?batch:, batch {batch:0}}: the runtime adds {step_us:0} µs + {layer_us:0} µs "
     "per decoder layer + {hyp_us:1} µs per hypothesis to every decoder step and {window_ms:0} ms of CPU per window "
     "(each set on one published run, range ×0.7–×1.5)"},
    {"assume.asr_windows",
     "{speech_tokens:1} text tokens per second of speech: a window covers {advance:1} s and {tokens:0} tokens; the "
     "longest window of a batch sets its steps (token counts vary ±25 %); sequential decoding re-decodes 5 % of "
     "windows at a higher temperature"},
    {"cmd.asr_ct2",
     "faster-whisper's batched pipeline (pip install faster-whisper); for a service, run it behind your own queue"},
    {"cmd.asr_hf", "the Transformers pipeline, chunked with its default stride"},
    {"cmd.asr_cpp",
     "whisper.cpp's command-line tool (build with GGML_CUDA=1; models/download-ggml-model.sh fetches the model)"},
    {"accuracy.nearest_run", "nearest published run: {run} (error {error:0}\u00a0%)"},
    // link
    {"link.too_long", "link longer than {max:0} characters: only its first {max:0} were read"},
    {"link.duplicate_key", "key '{key}' appears twice; the last one is used"},
    {"link.bad_value", "ignored {key}='{value}': expected {expect}"},
    {"link.version", "link version '{value}' is not {version:0}; read as version {version:0}"},
    {"link.unknown_key", "unknown key '{key}' ignored"},
    {"link.no_version", "link has no 'v=' version; read as version {version:0}"},
    {"link.mfu_clamped", "mfu={value} is below the lowest hardware efficiency {min:2}; {min:2} is used"},
    {"link.url_without_fragment", "the address has no '#' part with a configuration: the default one is shown"},
    {"link.url_value", "ignored {key}='{value}': a web address is no value of this link"},
    {"link.prompt_over_context", "prompt length {prompt} exceeds the context {ctx}"},
    // catalog
    {"model.custom_specified", "custom model {model}: sized from the architecture the link carries"},
    {"config.params_arch",
     "parameters counted from the architecture: {params_b:3} B in total, {active_b:3} B per token"},
    {"config.params_index",
     "parameters from model.safetensors.index.json: total_size {bytes:0} bytes / {bpp:0} bytes per {dtype} parameter = "
     "{params_b:3} B (the architecture gives {arch_b:3} B{?vision:; the checkpoint holds a vision tower}{?mtp:; it "
     "holds multi-token-prediction layers})"},
    {"config.params_index_count",
     "parameters from model.safetensors.index.json: metadata.total_parameters = {params_b:3} B (the architecture gives "
     "{arch_b:3} B{?vision:; the checkpoint holds a vision tower}{?mtp:; it holds multi-token-prediction layers})"},
    {"config.index_quantized",
     "model.safetensors.index.json: total_size {gb:2} GB is the quantized checkpoint's size, used as its weights; it "
     "is no parameter count"},
    {"config.text_config", "a multimodal config ({arch}): the language model is read from {path}"},
    {"config.layer_kind_unknown",
     "{count:0} {count:0#layer|layers} of kind '{kind}' in layer_types sized as full attention"},
    {"config.quantization",
     "checkpoint format {format} from {source} (quant_method '{method}'){?experts:, routed experts only: attention, "
     "embeddings and shared layers stay 16-bit}"},
    {"config.quant_unknown", "quantization_config quant_method '{method}' is not modelled: weights sized as {format}"},
    {"config.rejected", "config.json not imported: {detail}"},
    {"config.assumed", "{field} is not in the file: {value:0}, {rule}{?family: ({family})}"},
    {"config.rope_context",
     "rope_scaling {type} × {factor} over {original:0} tokens: maximum context {ctx:0} tokens (max_position_embeddings "
     "{stated:0})"},
    {"config.layers_mismatch",
     "num_hidden_layers {stated:0} disagrees with {field} ({planned:0} layers): the layer plan is used"},
    {"config.alibi", "{family} uses ALiBi positions: no position parameters"},
    {"config.score_head",
     "{arch}: a reward / classification model: no vocabulary projection, a score head of {outputs:0} "
     "{outputs:0#output|outputs}"},
    {"config.fused_width",
     "{family}: {field} {stated:0} is the gate and up projections together; each is {width:0} wide"},
    {"config.recurrent",
     "{family}: {layers:0} recurrent {layers:0#layer|layers} and no attention: no KV cache, a fixed state per "
     "sequence"},
    {"config.chunked",
     "{layers:0} {layers:0#layer|layers} attend within chunks of {chunk:0} tokens (attention_chunk_size): sized as a "
     "window of that length"},
    {"config.family_generic",
     "model_type '{family}' has no reader of its own: read as a standard decoder (Llama-style fields)"},
    {"config.nonfinite",
     "the file writes {count:0} non-finite {count:0#number|numbers} (Infinity / NaN, as Python's json module writes "
     "them; first in '{field}'): read as no value"},
    {"config.is_adapter",
     "this is a {peft} adapter (adapter_config.json{?rank:, rank {rank:0}}) for {base}, not a model's config.json: "
     "import the base model's config.json, then size the adapter with task=tune and method=lora"},
    {"config.is_index",
     "this is model.safetensors.index.json, not config.json: give it beside the model's config.json (--index, or drop "
     "both files)"},
    {"config.is_quant_file",
     "this is ModelOpt's hf_quant_config.json, not config.json: give it beside the model's config.json (--quant, or "
     "drop both files)"},
    {"config.is_tokenizer",
     "this is a tokenizer's configuration (tokenizer_config.json), not the model's: import config.json from the same "
     "repository"},
    {"config.is_processor",
     "this is a preprocessor / processor configuration, not the model's: import config.json from the same repository"},
    {"config.is_generation",
     "this is generation_config.json (sampling settings), not the model's: import config.json from the same "
     "repository"},
    {"config.is_diffusers",
     "this is a diffusers pipeline configuration: image generation is not sized from a config (task=other, use=image "
     "sizes GPU memory for image work)"},
    {"config.family_unsupported",
     "'{family}' is not supported yet ({kind}); the nearest supported family is {nearest}. Size it as a custom model "
     "from its published figures (model=custom with params, layers, hidden, heads)"},
    {"config.index_ignored",
     "{why}{?stated: ({stated:3} B)}: the index is not used; parameters counted from the architecture ({arch_b:3} B)"},
    {"config.index_tied_twice",
     "model.safetensors.index.json counts the tied embedding twice ({stated:3} B): {params_b:3} B with it once"},
    {"config.quant_bytes",
     "checkpoint weights {gb:2} GB: {method} at {bits:3} bits a weight (scales included); what it leaves unquantized "
     "16-bit"},
    {"config.tower_counted", "the vision tower is counted from vision_config: {params_b:3} B"},
    {"config.tower_uncounted",
     "the vision / audio tower is {!index:not counted: the config does not describe it in a form gpusizer counts (give "
     "model.safetensors.index.json for the checkpoint's total)}{?index:counted through the index's total only}"},
    {"config.layer_plan",
     "layer plan: {layers:0} layers, {attention:0} with attention{?sliding: ({sliding:0} windowed)}{?recurrent:, "
     "{recurrent:0} recurrent (a fixed state, no KV cache)}{?moe:, {moe:0} with experts}"},
    {"config.fp32_served",
     "the checkpoint stores FP32 weights; servers load it in 16-bit (vLLM --dtype auto, text-embeddings-inference): "
     "sized as {format}, wq=fp32 sizes 4 bytes a weight"},
    {"config.encoder",
     "an encoder-only embedding model ({family}): sized as vector search (use=embed), no KV cache, "
     "{dims:0}-dimensional vectors"},
    {"config.speech",
     "an encoder-decoder speech model ({family}, encoder {encoder_b:3} B): sized as speech-to-text (use=asr)"},
    {"config.assumed_flag", "{field} is not in the file: {?value:true}{!value:false}, {rule}{?family: ({family})}"},
    {"config.state_fp32",
     "the recurrent state is kept in FP32 ({?stated:{field} in the config}{!stated:vLLM's default for Nemotron-H}), "
     "its conv inputs in 16-bit"},
    {"config.mtp",
     "{count:0} multi-token-prediction {count:0#layer|layers} not counted: servers load {count:0#it|them} only for "
     "speculative decoding"},
    {"models.no_gpu", "pick one GPU (gpu=) to list the models it runs"},
    {"catalog.notice", "{detail}"},
    {"catalog.provider_error", "provider catalog: {detail}"},
    {"catalog.provider_rejected", "{file} rejected; the bundled catalog is used"},
    {"cli.error", "error: {detail}"},
    {"cli.rejected", "{file} rejected ({count:0} {count:0#problem|problems})"},
    {"cli.not_imported", "{file} not imported"},
    {"cli.cannot_read", "cannot read {file}"},
    {"cli.cannot_write", "cannot write {file}"},
    {"cli.stdout_failed", "cannot write the output to stdout{?reason:: {reason}}"},
    // services: speech-to-text, embeddings, copilot
    {"service.needs_asr",
     "{model} is a speech-to-text model: choose the meeting-transcription preset (use=asr) to size it"},
    {"service.needs_embed", "{model} is an embedding model: choose the vector-search preset (use=embed) to size it"},
    {"service.not_speech_model", "{model} is not a speech-to-text model; choose Whisper or Parakeet for transcription"},
    {"service.not_embedding_model",
     "{model} is not an embedding model; choose bge-m3, Qwen3-Embedding or multilingual-e5"},
    {"service.passage_split",
     "passages of {tokens:0} tokens exceed the {max:0} tokens {model} reads: each becomes "
     "{pieces:0} vectors"},
    {"reason.speech_short", "needs {need:2} GPUs for this audio, {count:0} pinned"},
    {"reason.embed_short", "embeds {qps:0} queries/s, {need:0} needed"},
    {"assume.encoder_eff",
     "encoders reach {eff:0} % of the 16-bit dense tensor peak (range {low:0}-{high:0} %): the prefill efficiency "
     "× hidden/2048 for layers narrower than 2048 (hidden {hidden:0}), at least half of it"
     "{?fp32:; FP32 weights run FP32 math: GEMMs at {gemm:0} % of the FP32 peak, the rest of that 16-bit time "
     "(norms, softmax, activations: memory-bound) at twice the bytes}"},
    {"assume.speech_tokens", "speech gives {tokens:1} text tokens per audio second (range {low:1}-{high:1})"},
    {"assume.speech_steps",
     "a decoder step takes at least {us:0} µs + {layer_us:0} µs per layer in kernel launches "
     "(C++ runtimes with CUDA graphs; PyTorch eager is several times slower)"},
    {"assume.speech_host",
     "audio decoding and features on the host: up to {x:0}× realtime per GPU (range {low:0}-{high:0})"},
    {"assume.speech_day", "recordings are transcribed as they arrive during a {hours:0}-hour working day"},
    {"assume.speech_streams",
     "a live stream is re-transcribed every {update:0} s{?window:: Whisper re-encodes its whole "
     "{window:0}-second window and re-decodes a {buffer:0}-second buffer each time}"
     "{!window:: a transducer recomputes its left context, ×{transducer:1} the work}"},
    {"assume.embed_query",
     "a search query is {tokens:0} tokens, embedded in batches of {batch:0}; passages in batches "
     "of 16,384 tokens"},
    {"assume.embed_vectors",
     "the vector database stores float32 vectors; an HNSW graph (M = 16) adds {links:0} B per vector"},
    {"assume.copilot_prefix",
     "prefix caching: {hit:0} % of each {in:0}-token prompt (the repository context) is already "
     "cached, so prefill computes {fresh:0} tokens; the KV cache still holds the whole context"},
    {"formula.speech_encoder",
     "encoder: (2 × {params_b:3} B params + attention over {frames:0} frames) × {fps:1} frames/s"
     "{?window: (every {window:0}-second window padded full)} = {gflops:1} GFLOP per audio second"},
    {"formula.speech_decoder",
     "decoder: {tokens:1} tokens/s × ({weights_mb:0} MB weights / batch {batch:0} + {kv_mb:1} MB "
     "cross- and self-attention K/V per sequence) = {mb:0} MB read per audio second, or the "
     "launch latency ({us:0} µs a step) when that is longer"},
    {"formula.speech_transducer",
     "decoder: {steps:1} prediction-network steps per audio second, bound by kernel launches "
     "({us:0} µs a step) shared by a batch of {batch:0}"},
    {"formula.speech_ctc", "decoder: CTC, one greedy pass over the encoder output (no steps)"},
    {"formula.speech_realtime",
     "× realtime on one GPU = 1 / (encoder FLOPs / (dense peak × efficiency) + decoder bytes / "
     "(bandwidth × efficiency) + host time (1/{host_x:0} s)) per audio second"},
    {"formula.speech_load",
     "{audio_h:1} h of recordings a day over {day:0} h = {rate:2} s of audio per second"
     "{?streams: + {streams:0} live streams (encoder ×{enc:1}, decoder ×{dec:1} per stream)}"
     "{?growth: incl. {growth:0} % growth}; GPUs = load / × realtime"},
    {"formula.embed_flops",
     "2 × {params_b:3} B params (without the token table) + attention over {tokens:0} tokens"
     "{?causal: (causal: half)} = {mflops:0} MFLOP per token"},
    {"formula.embed_index",
     "{docs:0} passages × {tokens:0} tokens = {total:e2} tokens = {tflops:0} TFLOP; hours = "
     "TFLOP / (GPUs × dense peak × efficiency) / 3600"},
    {"formula.embed_qps",
     "GPU time of a {tokens:0}-token query = its FLOPs / (peak × efficiency) + one weight read / "
     "batch {batch:0}; GPUs = {qps:0} QPS / queries per second per GPU"},
    {"formula.vector_index",
     "{vectors:0} vectors × {dims:0} dimensions × 4 B = {gb:2} GB in the vector database "
     "(+ {hnsw_gb:2} GB HNSW links), not on the GPUs"},
    {"cmd.asr_vllm", "POST audio to /v1/audio/transcriptions (or faster-whisper's BatchedInferencePipeline)"},
    {"cmd.asr_nemo", "NeMo's transcription script; live streams: its chunked streaming inference"},
    {"cmd.embed_tei", "Hugging Face text-embeddings-inference; the corpus takes {hours:1} h to embed"},
    {"cmd.copilot_prefix",
     "prefix caching is on by default in vLLM: keep the repository context first, {hit:0} % of "
     "the prompt"},
    {"term.use_reason", "Reasoning assistant"},
    {"term.use_agent", "Coding agent"},
    {"term.think_low", "low"},
    {"term.think_med", "medium"},
    {"term.think_high", "high"},
    {"term.tier_gpu", "wait in GPU memory"},
    {"term.tier_host", "wait in host RAM"},
    {"term.tier_nvme", "wait on NVMe"},
    {"term.tier_recompute", "are recomputed"},
    {"assume.prefix",
     "prefix cache: {prefix:0} % of the first prompt ({in:0} tokens) is already cached and is not prefilled, "
     "only attended{?shared:; every session shares it, so one replica holds its KV once ({shared:0} tokens)}"},
    {"assume.sessions",
     "sessions of {turns:0} turns: each later turn adds the previous answer ({out:0} tokens, reasoning dropped) and "
     "{grow:0} new tokens; the KV is kept between turns, so a turn prefills {prompt:0} tokens on average of "
     "{context:0} it attends to; {gap:1} s between turns. Idle sessions wait in GPU memory, else in host RAM "
     "({host_gb:0} GB per GPU, half of a DGX H100's), else on NVMe ({nvme_gbs:2} GB/s per GPU), or are "
     "recomputed, whichever brings them back sooner"},
    {"assume.fanout", "each turn runs {fanout:0} requests at once (sub-agents): the load counts each of them"},
    {"assume.spec",
     "speculative decoding, {draft:0} draft tokens per step by {?mtp:the model's own MTP layers}{!mtp:an EAGLE-3 "
     "head}: each accepted with chance {accept:0} %{?given: (given)}{!given:{?mtp: (DeepSeek-V3 report: 85-90 %)}"
     "{!mtp: (vLLM's EAGLE-3 measurements)}}, {per_step:2} tokens per step; each step verifies draft + 1 positions "
     "per sequence, so the gain shrinks as the batch grows"},
    {"assume.think",
     "reasoning: {think:0} thinking tokens{?level: ({level} effort)} before each {out:0}-token answer; they take "
     "decode time, KV and cost like answer tokens; the answer appears after them"},
    {"assume.lora",
     "{loras:0} LoRA {loras:0#adapter|adapters} of rank {rank:0} on every attention and dense MLP projection "
     "({mb:1} MB each in BF16): {slots:0} GPU {slots:0#slot|slots} (a batch mixes up to that many), all adapters in "
     "host RAM; a step reads the adapters its batch uses and runs their products"},
    {"formula.spec",
     "{draft:0} draft tokens at {accept:0} % acceptance: {per_step:2} tokens per step; at batch {batch:0} a token "
     "takes {tpot_ms:2} ms against {plain_ms:2} ms without: {speedup:2}×"},
    {"formula.think",
     "{think:0} thinking tokens × {tpot_ms:2} ms = {think_s:1} s; the answer starts {visible_s:1} s after the "
     "prompt ({ttft:2} s to the first token); {answer:0} tokens decoded per request"},
    {"formula.session",
     "{turns:0} turns, {grow:0} new tokens each: a turn attends to {context:0} tokens and prefills {prompt:0}; "
     "{idle:1} sessions idle per replica during {gap:1}-s gaps, {session_gb:2} GB of KV each, {tier}"
     "{?restore_ms:; bringing one back takes {restore_ms:0} ms}{?host_gb: ({host_gb:0} GB of host RAM per server)}"
     "{?disk_gb:, {disk_gb:0} GB on NVMe per server}; a turn's first token in {ttft:2} s"},
    {"formula.lora",
     "{loras:0} × {mb:1} MB adapters, {slots:0} GPU slots = {gpu_gb:2} GB per GPU; a batch of {batch:0} uses "
     "{distinct:1} of them: a step takes {pct:1} % longer"},
    {"spec.slower",
     "speculative decoding ({draft:0} draft tokens) makes this option {speedup:2}× as fast at batch {batch:0}: "
     "the verify steps outweigh the accepted tokens; turn it off for this load"},
    {"assume.preset_rag",
     "RAG assistant preset: unlike a chat-bot, its {in:0}-token prompts carry retrieved passages after a system prompt "
     "every request shares ({prefix:0} % of the first prompt, cached once) and come in conversations of {turns:0} "
     "turns, each adding the follow-up question and its passages ({grow:0} tokens) to a context kept between turns: "
     "later turns prefill little and attend to more"},
    {"assume.preset_reason",
     "reasoning assistant preset: unlike a chat-bot, each answer follows {think:0} thinking tokens, so a request "
     "decodes {answer:0} tokens and the answer starts only after them"},
    {"assume.preset_agent",
     "coding agent preset: unlike a chat-bot, a session makes {turns:0} calls (TraceLab's Claude Code and Codex traces: "
     "a median of 25 tool calls a session), each adding a tool's output ({grow:0} tokens) to a growing context, "
     "with ~500 output tokens a call and 95 % of each prompt cached; sessions idle {gap:1} s between calls"},
    {"spec.llamacpp",
     "llama-server speculates only with a separate draft model (--model-draft): this option is sized without "
     "speculative decoding"},
};

}  // namespace

Table english_table() { return kEnglish; }

}  // namespace gpusizer::text
