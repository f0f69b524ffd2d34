// Every message code gpusizer can say, in one list. The engine, the link codec, the CLI and the
// report layer name codes through these constants only, and the text tests walk kMessageCodes:
// a code added here without an English and a Russian template fails the build's tests.
#pragma once

namespace gpusizer {

#define GPUSIZER_MESSAGE_CODES(X)                                                  \
    /* engine warnings */                                                          \
    X(gpu_low_bandwidth, "gpu.low_bandwidth")                                      \
    X(train_nemo_cuda, "train.nemo_cuda")                                          \
    X(gpu_tp_over_pcie, "gpu.tp_over_pcie")                                        \
    X(gpu_estimated, "gpu.estimated")                                              \
    X(gpu_no_nvlink_training, "gpu.no_nvlink_training")                            \
    X(gpu_unknown, "gpu.unknown")                                                  \
    X(gpu_vendor_none, "gpu.vendor_none")                                          \
    X(gpu_rocm, "gpu.rocm")                                                        \
    X(model_custom_incomplete, "model.custom_incomplete")                          \
    X(model_custom, "model.custom")                                                \
    X(model_custom_specified, "model.custom_specified")                            \
    X(model_check_range, "model.check_range")                                      \
    X(model_check_kv_heads, "model.check_kv_heads")                                \
    X(model_check_heads, "model.check_heads")                                      \
    X(model_custom_implausible, "model.custom_implausible")                        \
    X(model_custom_params_arch, "model.custom_params_arch")                        \
    X(model_custom_name_taken, "model.custom_name_taken")                          \
    X(model_unknown, "model.unknown")                                              \
    X(model_alias, "model.alias")                                                  \
    X(model_variant, "model.variant")                                              \
    X(gpu_alias, "gpu.alias")                                                      \
    X(model_estimated, "model.estimated")                                          \
    X(model_incomplete, "model.incomplete")                                        \
    X(model_context_over_max, "model.context_over_max")                            \
    X(load_over_context, "load.over_context")                                      \
    X(model_sequence_over_max, "model.sequence_over_max")                          \
    X(model_length_fitted, "model.length_fitted")                                  \
    X(assumption_nvenc, "assumption.nvenc")                                        \
    X(budget_gpu_unknown, "budget.gpu_unknown")                                    \
    X(price_other_currency, "price.other_currency")                                \
    X(price_converted, "price.converted")                                          \
    X(price_more_currencies, "price.more_currencies")                              \
    X(price_recommend_priced, "price.recommend_priced")                            \
    X(plan_sharded, "plan.sharded")                                                \
    X(plan_horizon, "plan.horizon")                                                \
    X(offload_format, "offload.format")                                            \
    X(offload_placed, "offload.placed")                                            \
    X(offload_none, "offload.none")                                                \
    /* services: speech-to-text, embeddings, copilot (services.hpp) */             \
    X(service_needs_asr, "service.needs_asr")                                      \
    X(service_needs_embed, "service.needs_embed")                                  \
    X(service_not_speech_model, "service.not_speech_model")                        \
    X(service_not_embedding_model, "service.not_embedding_model")                  \
    X(service_passage_split, "service.passage_split")                              \
    X(reason_speech_short, "reason.speech_short")                                  \
    X(reason_embed_short, "reason.embed_short")                                    \
    X(assume_encoder_eff, "assume.encoder_eff")                                    \
    X(assume_speech_tokens, "assume.speech_tokens")                                \
    X(assume_speech_steps, "assume.speech_steps")                                  \
    X(assume_speech_host, "assume.speech_host")                                    \
    X(assume_speech_day, "assume.speech_day")                                      \
    X(assume_speech_streams, "assume.speech_streams")                              \
    X(assume_embed_query, "assume.embed_query")                                    \
    X(assume_embed_vectors, "assume.embed_vectors")                                \
    X(assume_prefix, "assume.prefix")                                               \
    X(assume_sessions, "assume.sessions")                                           \
    X(assume_fanout, "assume.fanout")                                               \
    X(assume_spec, "assume.spec")                                                   \
    X(assume_think, "assume.think")                                                 \
    X(assume_lora, "assume.lora")                                                   \
    X(formula_spec, "formula.spec")                                                 \
    X(formula_think, "formula.think")                                               \
    X(formula_session, "formula.session")                                           \
    X(formula_lora, "formula.lora")                                                 \
    X(spec_slower, "spec.slower")                                                   \
    X(assume_preset_rag, "assume.preset_rag")                                       \
    X(assume_preset_reason, "assume.preset_reason")                                 \
    X(assume_preset_agent, "assume.preset_agent")                                   \
    X(spec_llamacpp, "spec.llamacpp")                                               \
    X(assume_copilot_prefix, "assume.copilot_prefix")                              \
    X(formula_speech_encoder, "formula.speech_encoder")                            \
    X(formula_speech_decoder, "formula.speech_decoder")                            \
    X(formula_speech_transducer, "formula.speech_transducer")                      \
    X(formula_speech_ctc, "formula.speech_ctc")                                    \
    X(formula_speech_realtime, "formula.speech_realtime")                          \
    X(formula_speech_load, "formula.speech_load")                                  \
    X(formula_whisper_pipeline, "formula.whisper_pipeline")                        \
    X(formula_whisper_window, "formula.whisper_window")                            \
    X(assume_asr_runtime, "assume.asr_runtime")                                    \
    X(assume_asr_windows, "assume.asr_windows")                                    \
    X(formula_embed_flops, "formula.embed_flops")                                  \
    X(formula_embed_index, "formula.embed_index")                                  \
    X(formula_embed_qps, "formula.embed_qps")                                      \
    X(formula_vector_index, "formula.vector_index")                                \
    X(cmd_asr_vllm, "cmd.asr_vllm")                                                \
    X(cmd_asr_nemo, "cmd.asr_nemo")                                                \
    X(cmd_asr_ct2, "cmd.asr_ct2")                                                  \
    X(cmd_asr_hf, "cmd.asr_hf")                                                    \
    X(cmd_asr_cpp, "cmd.asr_cpp")                                                  \
    X(cmd_embed_tei, "cmd.embed_tei")                                              \
    X(cmd_copilot_prefix, "cmd.copilot_prefix")                                    \
    /* where the answer departs from the article, and the switch that closes it (advice.cpp) */ \
    X(guide_memory, "guide.memory")                                                \
    X(guide_gpus, "guide.gpus")                                                    \
    X(guide_vendor, "guide.vendor")                                                \
    X(offload_relax, "offload.relax")                                              \
    X(switch_guide_format, "switch.guide_format")                                  \
    X(switch_guide_gpu, "switch.guide_gpu")                                        \
    X(switch_vendor_nvidia, "switch.vendor_nvidia")                                \
    X(switch_offload_load, "switch.offload_load")                                  \
    X(switch_offload_ram, "switch.offload_ram")                                    \
    X(term_rank_cost_hour, "term.rank_cost_hour")                                  \
    X(term_rank_cost_run, "term.rank_cost_run")                                    \
    X(term_rank_speed, "term.rank_speed")                                          \
    X(term_rank_gpus, "term.rank_gpus")                                            \
    /* fits, but not what a buyer would rent (practicality.cpp) */                 \
    X(practical_consumer_cards, "practical.consumer_cards")                        \
    X(practical_replica_servers, "practical.replica_servers")                      \
    X(practical_many_servers, "practical.many_servers")                            \
    /* why an option does not fit */                                               \
    X(reason_heads_split, "reason.heads_split")                                    \
    X(reason_kv_heads_split, "reason.kv_heads_split")                              \
    X(reason_layers_lt_stages, "reason.layers_lt_stages")                          \
    X(reason_no_tensor_figure, "reason.no_tensor_figure")                          \
    X(reason_needs_memory_ctx, "reason.needs_memory_ctx")                          \
    X(reason_count_not_multiple, "reason.count_not_multiple")                      \
    X(reason_misses_targets, "reason.misses_targets")                              \
    X(reason_misses_slo, "reason.misses_slo")                                      \
    X(reason_rate_over, "reason.rate_over")                                        \
    X(reason_serves_fewer, "reason.serves_fewer")                                  \
    X(reason_offload_ram, "reason.offload_ram")                                    \
    X(reason_offload_gpu, "reason.offload_gpu")                                    \
    X(reason_offload_split, "reason.offload_split")                                \
    X(reason_too_slow, "reason.too_slow")                                          \
    X(reason_ttft_too_long, "reason.ttft_too_long")                                \
    X(reason_too_many_gpus, "reason.too_many_gpus")                                \
    X(reason_no_fit_sharded, "reason.no_fit_sharded")                              \
    X(reason_needs_memory_zero3, "reason.needs_memory_zero3")                      \
    X(reason_no_nvlink_training, "reason.no_nvlink_training")                      \
    X(reason_deadline, "reason.deadline")                                          \
    X(reason_horizon, "reason.horizon")                                            \
    X(reason_no_graphics, "reason.no_graphics")                                    \
    X(reason_needs_memory, "reason.needs_memory")                                  \
    X(reason_scene_memory, "reason.scene_memory")                                  \
    X(reason_no_nvenc, "reason.no_nvenc")                                          \
    X(reason_no_av1, "reason.no_av1")                                              \
    X(reason_no_fp64, "reason.no_fp64")                                            \
    X(reason_fp64_fraction, "reason.fp64_fraction")                                \
    X(reason_no_fp32, "reason.no_fp32")                                            \
    /* what other work is ranked by */                                             \
    X(score_fp32, "score.fp32_tflops")                                             \
    X(score_fp64, "score.fp64_tflops")                                             \
    X(score_streams, "score.streams")                                              \
    /* Result::assumptions */                                                      \
    X(assume_reserve, "assume.reserve")                                            \
    X(assume_binary_gb, "assume.binary_gb")                                        \
    X(assume_decode_eff, "assume.decode_eff")                                      \
    X(assume_prefill_eff, "assume.prefill_eff")                                    \
    X(assume_serve_overhead, "assume.serve_overhead")                              \
    X(assume_offload, "assume.offload")                                            \
    X(assume_continuous_batching, "assume.continuous_batching")                    \
    X(assume_ttft_queue, "assume.ttft_queue")                                      \
    X(assume_kv_full_context, "assume.kv_full_context")                            \
    X(assume_tp_in_server, "assume.tp_in_server")                                  \
    X(assume_mfu, "assume.mfu")                                                    \
    X(assume_adamw, "assume.adamw")                                                \
    X(assume_train_overhead, "assume.train_overhead")                              \
    X(assume_perfect_scaling, "assume.perfect_scaling")                            \
    X(assume_trainer_hf, "assume.trainer_hf")                                      \
    X(assume_trainer_fused, "assume.trainer_fused")                                \
    X(assume_trainer_nemo, "assume.trainer_nemo")                                  \
    X(assume_no_ckpt, "assume.no_ckpt")                                            \
    X(assume_pretrain_layout, "assume.pretrain_layout")                            \
    X(assume_month_rented, "assume.month_rented")                                  \
    X(assume_mtok_at_load, "assume.mtok_at_load")                                  \
    X(assume_other_rules, "assume.other_rules")                                    \
    X(assume_rocm, "assume.rocm")                                                  \
    /* Explanation::formula */                                                     \
    X(formula_weights, "formula.weights")                                          \
    X(formula_kv_mla, "formula.kv_mla")                                            \
    X(formula_kv_heads, "formula.kv_heads")                                        \
    X(formula_activations, "formula.activations")                                  \
    X(formula_overhead, "formula.overhead")                                        \
    X(formula_split_inference, "formula.split_inference")                          \
    X(formula_kv_capacity, "formula.kv_capacity")                                  \
    X(formula_serving_cycle, "formula.serving_cycle")                              \
    X(formula_serving_ttft, "formula.serving_ttft")                                \
    X(formula_offload, "formula.offload")                                          \
    X(formula_flops, "formula.flops")                                              \
    X(formula_flops_budget, "formula.flops_budget")                                \
    X(formula_training_memory, "formula.training_memory")                          \
    X(formula_split_training, "formula.split_training")                            \
    /* command lines: comments and the training layout */                          \
    X(cmd_checkpoint, "cmd.checkpoint")                                            \
    X(cmd_spec_eagle, "cmd.spec_eagle")                                             \
    X(cmd_lora_modules, "cmd.lora_modules")                                         \
    X(cmd_kv_offload, "cmd.kv_offload")                                             \
    X(cmd_replicas, "cmd.replicas")                                                \
    X(cmd_offload, "cmd.offload")                                                  \
    X(cmd_layout, "cmd.layout")                                                    \
    X(cmd_train_megatron, "cmd.train_megatron")                                    \
    X(cmd_tune_llamafactory, "cmd.tune_llamafactory")                              \
    X(cmd_nemo, "cmd.nemo")                                                        \
    X(cmd_tune_no_split, "cmd.tune_no_split")                                      \
    X(cmd_train_comm, "cmd.train_comm")                                            \
    /* terms: code-valued parameters */                                           \
    X(term_use_chat, "term.use_chat")                                                  \
    X(term_use_rag, "term.use_rag")                                                    \
    X(term_use_ocr, "term.use_ocr")                                                    \
    X(term_use_general, "term.use_general")                                            \
    X(term_use_asr, "term.use_asr")                                                    \
    X(term_use_embed, "term.use_embed")                                                \
    X(term_use_copilot, "term.use_copilot")                                            \
    X(term_use_reason, "term.use_reason")                                           \
    X(term_use_agent, "term.use_agent")                                             \
    X(term_use_render, "term.use_render")                                              \
    X(term_use_transcode, "term.use_transcode")                                        \
    X(term_use_image, "term.use_image")                                                \
    X(term_use_hpc, "term.use_hpc")                                                    \
    X(term_len_chat, "term.len_chat")                                            \
    X(term_len_rag, "term.len_rag")                                              \
    X(term_len_code, "term.len_code")                                            \
    X(term_len_summ, "term.len_summ")                                            \
    X(term_len_basis_chat, "term.len_basis_chat")                                \
    X(term_len_basis_rag, "term.len_basis_rag")                                  \
    X(term_len_basis_code, "term.len_basis_code")                                \
    X(term_len_basis_summ, "term.len_basis_summ")                                \
    X(term_think_low, "term.think_low")                                             \
    X(term_think_med, "term.think_med")                                             \
    X(term_think_high, "term.think_high")                                           \
    X(term_tier_gpu, "term.tier_gpu")                                               \
    X(term_tier_host, "term.tier_host")                                             \
    X(term_tier_nvme, "term.tier_nvme")                                             \
    X(term_tier_recompute, "term.tier_recompute")                                   \
    X(term_pretrain, "term.pretrain")                                              \
    X(term_full_finetune, "term.full_finetune")                                    \
    X(term_lora, "term.lora")                                                      \
    X(term_qlora, "term.qlora")                                                    \
    X(term_asr_hf, "term.asr_hf")                                              \
    X(term_asr_ct2, "term.asr_ct2")                                            \
    X(term_asr_cpp, "term.asr_cpp")                                            \
    X(term_asr_trt, "term.asr_trt")                                            \
    X(term_asr_mode_chunk, "term.asr_mode_chunk")                              \
    X(term_asr_mode_seq, "term.asr_mode_seq")                                  \
    X(term_index_zero, "term.index_zero")                                          \
    X(term_index_no_size, "term.index_no_size")                                    \
    X(term_index_no_metadata, "term.index_no_metadata")                            \
    X(term_index_contradicts, "term.index_contradicts")                            \
    X(term_family_unknown, "term.family_unknown")                                  \
    X(term_kind_seq2seq, "term.kind_seq2seq")                                      \
    X(term_kind_recurrent, "term.kind_recurrent")                                  \
    X(term_kind_hybrid, "term.kind_hybrid")                                        \
    X(term_kind_speech, "term.kind_speech")                                        \
    X(term_kind_vision, "term.kind_vision")                                        \
    X(term_rule_default, "term.rule_default")                                      \
    X(term_rule_pretrained, "term.rule_pretrained")                                \
    X(term_rule_four_hidden, "term.rule_four_hidden")                              \
    X(term_rule_hidden_heads, "term.rule_hidden_heads") \
    X(term_memory_full, "term.memory_full")                                        \
    X(term_memory_lora, "term.memory_lora")                                        \
    X(term_memory_qlora, "term.memory_qlora")                                      \
    X(expect_one_of, "expect.one_of")                                              \
    X(expect_model_id, "expect.model_id")                                          \
    X(expect_gpu_id, "expect.gpu_id")                                              \
    X(expect_number, "expect.number")                                              \
    X(expect_whole, "expect.whole")                                                \
    X(expect_fraction, "expect.fraction")                                          \
    X(expect_tokens, "expect.tokens")                                              \
    /* error bands of figures (report/accuracy.hpp) */                             \
    X(accuracy_band, "accuracy.band")                                              \
    X(accuracy_none, "accuracy.none")                                              \
    X(accuracy_nearest, "accuracy.nearest")                                        \
    X(accuracy_nearest_run, "accuracy.nearest_run")                                \
    /* link decoding */                                                            \
    X(link_too_long, "link.too_long")                                              \
    X(link_duplicate_key, "link.duplicate_key")                                    \
    X(link_bad_value, "link.bad_value")                                            \
    X(link_version, "link.version")                                                \
    X(link_unknown_key, "link.unknown_key")                                        \
    X(link_no_version, "link.no_version")                                          \
    X(link_prompt_over_context, "link.prompt_over_context")                        \
    X(link_mfu_clamped, "link.mfu_clamped")                                        \
    X(link_url_without_fragment, "link.url_without_fragment")                      \
    X(link_url_value, "link.url_value")                                            \
    /* config.json import (src/catalog/hf_config.hpp): how the file was read */   \
    X(config_params_arch, "config.params_arch")                                    \
    X(config_params_index, "config.params_index")                                  \
    X(config_params_index_count, "config.params_index_count")                      \
    X(config_index_quantized, "config.index_quantized")                            \
    X(config_text_config, "config.text_config")                                    \
    X(config_layer_kind_unknown, "config.layer_kind_unknown")                      \
    X(config_quantization, "config.quantization")                                  \
    X(config_quant_unknown, "config.quant_unknown")                                \
    X(config_rejected, "config.rejected")                                          \
    X(config_assumed, "config.assumed")                                            \
    X(config_rope_context, "config.rope_context")                                  \
    X(config_layers_mismatch, "config.layers_mismatch")                            \
    X(config_alibi, "config.alibi")                                                \
    X(config_score_head, "config.score_head")                                      \
    X(config_fused_width, "config.fused_width")                                    \
    X(config_recurrent, "config.recurrent")                                        \
    X(config_chunked, "config.chunked")                                            \
    X(config_family_generic, "config.family_generic")                              \
    X(config_nonfinite, "config.nonfinite")                                        \
    X(config_is_adapter, "config.is_adapter")                                      \
    X(config_is_index, "config.is_index")                                          \
    X(config_is_quant_file, "config.is_quant_file")                                \
    X(config_is_tokenizer, "config.is_tokenizer")                                  \
    X(config_is_processor, "config.is_processor")                                  \
    X(config_is_generation, "config.is_generation")                                \
    X(config_is_diffusers, "config.is_diffusers")                                  \
    X(config_family_unsupported, "config.family_unsupported")                      \
    X(config_index_ignored, "config.index_ignored")                                \
    X(config_index_tied_twice, "config.index_tied_twice")                          \
    X(config_quant_bytes, "config.quant_bytes")                                    \
    X(config_tower_counted, "config.tower_counted")                                \
    X(config_tower_uncounted, "config.tower_uncounted")                            \
    X(config_layer_plan, "config.layer_plan")                                      \
    X(config_fp32_served, "config.fp32_served")                                    \
    X(config_encoder, "config.encoder")                                            \
    X(config_speech, "config.speech")                                              \
    X(config_mtp, "config.mtp")                                                    \
    X(config_assumed_flag, "config.assumed_flag")                                  \
    X(config_state_fp32, "config.state_fp32")                                      \
    /* "what can I run on my GPU?" (engine/model_fit.hpp) */                       \
    X(models_no_gpu, "models.no_gpu")                                              \
    /* catalog notices (the error detail is a technical path, kept as is) */       \
    X(catalog_notice, "catalog.notice")                                            \
    X(catalog_provider_error, "catalog.provider_error")                            \
    X(catalog_provider_rejected, "catalog.provider_rejected")                      \
    /* the CLI's own lines on stderr (src/cli/main.cpp), in --lang's language */   \
    X(cli_error, "cli.error")                                                      \
    X(cli_rejected, "cli.rejected")                                                \
    X(cli_not_imported, "cli.not_imported")                                        \
    X(cli_cannot_read, "cli.cannot_read")                                          \
    X(cli_cannot_write, "cli.cannot_write")                                        \
    X(cli_stdout_failed, "cli.stdout_failed")

namespace code {
#define GPUSIZER_CODE_CONST(id, text) inline constexpr const char* id = text;
GPUSIZER_MESSAGE_CODES(GPUSIZER_CODE_CONST)
#undef GPUSIZER_CODE_CONST
}  // namespace code

#define GPUSIZER_CODE_TEXT(id, text) text,
inline constexpr const char* kMessageCodes[] = {GPUSIZER_MESSAGE_CODES(GPUSIZER_CODE_TEXT)};
#undef GPUSIZER_CODE_TEXT

}  // namespace gpusizer
