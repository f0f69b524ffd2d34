#!/usr/bin/env node
// Size budget of the built site (./dev.sh test; bytes, not timings: the same on every machine).
//   node tests/size/check_sizes.mjs build/site
// Every file's gzip -9 size (GNU gzip, as the build's .gz copies) against its budget below, and the
// first load — the files the page fetches before its first frame — against its own. A file without a
// budget fails too: a new file is a decision. Raise a budget only with the reason in the same commit.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const KB = 1024;
// gzip -9 bytes: each file's size when the budget was set, and a little room.
const BUDGET = {
  'index.html': 2.95 * KB,       // the page with the default answer (gpusizer --prerender); 2.3 before its accuracy list (+0.5 KB),
                                 // 2.83 KB with the advice sentence (issue 27); 2.93 KB (+58 B) when its table took the
                                 // page's columns (issue 29): GB/GPU as "used / usable", as the canvas shows it
  'app.css': 1.6 * KB + 147,     // +147 B measured: issue 27's skip link and the results shown while focused
  'boot.js': 780,                // starts the module's compile and the downloads from <head>; says when app.js is missing;
                                 // owns the language (the link's lang= too) and the download list for app.js (776 B measured)
  'app.js': 15.8 * KB,           // the module's runtime (7.0 KB) and the page shell (8.3 KB), one file
  'touch.js': 1.0 * KB,
  'gpusizer.wasm': 336700,       // ImGui, the engine, the UI in English; no JSON reader, no Russian text
                                 // (253 KB before 2026-12-04's fourth session: +13.6 KB for the error bands'
                                 // published runs with their URLs, the speech pipelines, the training commands
                                 // and the hostile-input checks; 275.7 KB in its fifth, with the article's advice,
                                 // the vendor filter, the bands on the canvas and issue 28's model fields
                                 // (encoders, per-layer KV widths, recurrent state). Code is 240 KB of it, data 38); 282.1 KB
                                 // with issue 27's keys, embed notices, exports' URLs, jobs' columns and cards;
                                 // 290950 B (the measured size, +134 B over 284 KB) with issue 29's start-up
                                 // buffer reader, the order link's one substitution and the file limits' export;
                                 // 297312 B (measured, +6.4 KB) with issue 30's rate sizing (engine/slo.cpp, its
                                 // inputs, figures and curve), the vocabulary tables, the shared columns and the
                                 // figure rows' baseline (issue 27); 311801 B (measured, +11.3 KB) with issue 31's
                                 // request shape (engine/workload.cpp and its figures, the section of inputs, the
                                 // rag / reason / agent presets, the serving command's flags, the cost per answer, issue 30's
                                 // curves for another GPU,
                                 // their English texts); 312907 B (measured, +1.1 KB) with the NeMo trainer
                                 // (its MFU, assumption, command, warning and the pre-training framework row) and its
                                 // eleven new published runs in the error bands; 314144 B (measured, +1.2 KB) with
                                 // the routed experts' own products, the FP4 share, the recompute's time, FSDP's
                                 // gathered layers, the running step's percentiles and the 18 new published runs
                                 // (TensorRT-LLM's FP4 table, torchtune); 314765 B (measured, +0.6 KB) with the
                                 // model variants (base checkpoints sized as their instruct models, with a notice);
                                 // 314922 B with the GPU short names' notice (h100 read as h100-sxm); 314955 B
                                 // with the running step caught in proportion to its length; 315019 B with the
                                 // experts-only checkpoints' dense products in BF16; 319261 B (measured, +0.5 KB)
                                 // with the twelfth session's model search (a dotted version is spelled as typed);
                                 // 319629 B with the default length fitted to a shorter model (+0.4 KB); 319820 B
                                 // with four more published runs in the error bands; 319926 B with the GELU
                                 // models' Megatron command; 319977 B with the Phi-4 cards; 320010 B with a variant marked in the model list;
                                 // 320665 B with the thirteenth session's interleaved experts (moe_step, its check
                                 // and sentence) and the hybrids' Megatron note; 321049 B with eight more
                                 // published runs in the error bands and the Mamba state's vLLM flag; 321191 B
                                 // with the import's note on DeepSeek V4's compressed attention; 323106 B with
                                 // the fourteenth session's fine-tuning optimizer (optim: key, row, words,
                                 // LLaMA-Factory's flags) and 30 more published runs in the error bands; 323358 B
                                 // with the non-fitting layouts ranked by users served and 9 more runs; 324014 B
                                 // with DeepSeek V4's compressed attention (KV, sparse reads, FLOPs, link keys, vLLM flags);
                                 // 324271 B with its FP8-served notice; 324344 B with the optimizer's table
                                 // 326332 B (+2.0 KB) with the fifteenth session's MXFP4 expert padding (its notice) and
                                 // launch factor, and 40 more published runs in the error bands; 327108 B with ROCm's
                                 // MoE launch factor, FP32 encoders and 12 more published runs; 329900 B (+2.8 KB)
                                 // with the sixteenth session's 77 more published runs in the error bands (their
                                 // URLs), the FP32 encoders' glue split and the MoE MFU floor; 331033 B with 28 more
                                 // (AMD serving, speech-to-text) and the FP32 commands; 331175 B with NeMo's dtype
                                 // and the usable GB's decimal; 332044 B (+0.9 KB) with the seventeenth session's
                                 // per-GPU training MFU and goodput (key, input row, words, per-option MFU); 332443 B
                                 // with 8 more published runs in the error bands and the GPU-hours' MFU line; 333639 B
                                 // with the scheduler key (sched=separate: its cycle, combo and SGLang's command);
                                 // 333942 B with 12 more published runs (dstack's and SkyPilot's DeepSeek-R1 serving)
  'catalog.bin': 17.5 * KB,      // the packed catalog, without the texts the page never shows
  'fonts/Roboto-Regular-subset.ttf': 9 * KB,  // the glyphs the page draws (assets/fonts)
  'fonts/Roboto-Medium-subset.ttf': 9 * KB,
  // Not before the first frame (of a page in English):
  'text-ru.bin': 35900,          // the Russian text: a page in Russian fetches it with the module (18.2 KB
                                 // before the training commands' notes, the bands, the speech pipelines and the
                                 // hostile-input notices of 2026-12-04's fourth session: 21.2 KB; 24.8 KB with
                                 // the advice and issue 28's config.json notes in its fifth; 25.9 KB with issue 27's
                                 // import errors in Russian and plural forms; 27.3 KB with the rate sizing's inputs
                                 // and the CLI's own lines in Russian; 32.1 KB with issue 31's section, presets and
                                 // assumptions; 32.8 KB with the NeMo trainer's; 32.9 KB with the FP4 share's
                                 // and the recompute's assumptions; 33.0 KB with the variants' and the GPU short
                                 // names' notices; 33.1 KB with the fitted length's; 33.2 KB with the GELU command's note; 33.4 KB with
                                 // the interleaved experts' check and the hybrids' Megatron note; 33.6 KB with the
                                 // compressed-attention note; 34.1 KB with the fine-tuning optimizer's words; 34.3 KB with the MXFP4
                                 // experts' padding notice; 34.4 KB with ROCm's MoE clause and the FP32 encoders'; 34.42 KB
                                 // with the FP32 encoders' glue split; 35.1 KB with the training MFU's and goodput's words; 35.7 KB
                                 // with the scheduler's)
  'model-notes.bin': 12.0 * KB,  // the models' notes (tooltips), fetched once the first frame is on the screen:
                                 // 8.5 KB for 54 models, 10.5 KB for 76 (the twelfth session), 11.35 KB for 81, 12.0 KB for 83
  'model-notes-ru.bin': 14.62 * KB,  // their Russian notes (issue 27), fetched the same way by a page in Russian
                                    // only (10.0 KB for 54 models, 12.8 KB for 76, 13.8 KB for 81, 14.6 KB for 83)
  'gpusizer-json.js': 2.5 * KB,  // the JSON module (provider files, config.json import), fetched when needed
  // 74 KB before issue 28; the config.json import now reads 38 families layer by layer (Nemotron-H,
  // NAS blocks, Mamba, LFM2, Llama 4, Gemma 4, encoders, Whisper…), quantization files and the index's
  // tensor names: 91 KB. Fetched only when a file is imported, never in the first load. Issue 29's
  // vocabulary tables (a preset's task and use read through them): 97,291 B measured, 11 B over 95 KB.
  // 99,191 B with issue 31 (the imported MTP layers, the vocabulary's new terms, the presets' table).
  // 102,134 B with DeepSeek V4's reader (compress ratios, its parameters, FP4 experts).
  'gpusizer-json.wasm': 100 * KB,
  'catalog.json': 54.9 * KB,     // the published catalog (and the page's fallback; not in the first load); 36 KB
                                 // before the models' Russian notes and the presets' Russian citations (issue 27: 40.4 KB);
                                 // 41.17 KB with the cited variants (DeepSeek-R1, Meta-Llama-3) of the eleventh session;
                                 // 49.68 KB with the twelfth's 22 models from config.json and 12 variants (76 models);
                                 // 52.37 KB with the thirteenth's Qwen2.5-72B, Mixtral-8x22B, two Nemotrons and Gemma 4 (81);
                                 // 54.59 KB with the fourteenth's DeepSeek-V4-Flash and V4-Pro (83); 54.75 KB with the
                                 // seventeenth's B300 datasheet quotes (270 GB, 7.7 TB/s, FP4 '144 | 108 PFLOPS')
  'catalog-check.js': 0.5 * KB,  // the worker that checks a provider file's entry counts
  'embed.js': 1.5 * KB,          // for provider pages
  'favicon.svg': 0.5 * KB,
  'host-example.html': 1.0 * KB,
  'host-example.css': 0.5 * KB,
  'host-example.js': 1.0 * KB,
};
// What index.html loads before the first frame (the benchmark lists what the browser fetched).
const FIRST_LOAD = ['index.html', 'app.css', 'boot.js', 'touch.js', 'app.js', 'gpusizer.wasm',
  'catalog.bin', 'fonts/Roboto-Regular-subset.ttf', 'fonts/Roboto-Medium-subset.ttf'];
// Issue 16's target: 300 KB. The JSON readers (a second module), the Russian text and the models'
// notes are fetched only when needed or after the first frame.
// Over it since 2026-12-04's fourth session (312.7 KB: the wasm's +13.6 KB above; 323.1 KB in its fifth, the
// wasm's +8.8 KB above; 330.0 KB with issue 27's UI work; 338.8 KB with the sixth session's rate sizing and
// redesign; 353.1 KB with issue 31's request shape; 354.2 KB with the NeMo trainer; 356.3 KB with the experts'
// products, the FP4 share, the recompute, the running step's percentiles, 18 new published runs, the
// model variants and the GPU short names; 360.0 KB with 62 more published runs in the error bands, the
// names as people type them and the variants' own context; 362.9 KB with the twelfth session's 20 models
// and 12 variants in catalog.bin, +3.0 KB; 363.8 KB with the default length fitted to the model, four
// more published runs, two more models and the Phi-4 cards; 363.9 KB with the address read from
// the hashchange event; 365.2 KB with the thirteenth session's five models in catalog.bin and
// the interleaved experts; 365.6 KB (374,400 B) with eight more published runs; 365.8 KB with the
// compressed-attention note; 367.9 KB with the fourteenth session's fine-tuning optimizer and 39 more
// published runs in the error bands; 369.3 KB with DeepSeek V4's attention, its two models in
// catalog.bin and its FP8-served notice; 369.4 KB with the optimizer's table; 371.3 KB with the fifteenth
// session's MXFP4 padding and launch factor and 40 more published runs in the error bands; 372.1 KB with
// ROCm's MoE launch factor, FP32 encoders and 12 more runs; 374.8 KB with the sixteenth session's 77 more
// published runs in the error bands; 375.9 KB with 28 more; 376.0 KB with the commands' dtypes; 376.9 KB with
// the per-GPU training MFU and the goodput, their input row and Russian words; 377.3 KB with 8 more runs
// and the GPU-hours' MFU line; 378.4 KB with the scheduler key and SGLang's command; 378.7 KB with 12 more
// runs; 380.1 KB with the eighteenth session's 40 more runs and the rate curves' post-pass; 380.9 KB with
// ZeRO-3's weight traffic, its words and its line in the GPU-hours tip): a known regression,
// stated in docs/PERFORMANCE.md.
const FIRST_LOAD_BUDGET = 381.5 * KB;

const site = process.argv[2];
if (!site) { console.error('usage: node tests/size/check_sizes.mjs SITE_DIR'); process.exit(2); }
const walk = (d) => fs.readdirSync(d, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
const files = walk(site).map((f) => path.relative(site, f)).filter((f) => !/\.(gz|br)$/.test(f)).sort();
const gz = (f) => execFileSync('gzip', ['-9', '-n', '-c', path.join(site, f)], { maxBuffer: 64 << 20 }).length;

const problems = [];
for (const f of files) {
  const size = gz(f);
  const budget = BUDGET[f];
  const verdict = budget === undefined ? 'NO BUDGET' : size > budget ? 'OVER' : 'ok';
  console.log(`  ${f.padEnd(34)} ${String(size).padStart(7)} B gzip   budget ${budget === undefined ? '-' : Math.round(budget)}   ${verdict}`);
  if (verdict !== 'ok') problems.push(`${f}: ${verdict} (${size} B gzip)`);
  for (const ext of ['.gz', '.br']) {
    if (!fs.existsSync(path.join(site, f + ext))) problems.push(`${f}: no precompressed ${ext} copy`);
  }
}
for (const f of Object.keys(BUDGET)) if (!files.includes(f)) problems.push(`${f}: in the budget but not in the site`);
// The module's sources use no iostreams: one std::ostringstream links libc++'s streams and locales,
// ~20 KB of the gzipped module (the CLI, src/app/cli_main.cpp, may).
const SRC = path.join(path.dirname(new URL(import.meta.url).pathname), '../../src');
for (const f of walk(SRC).filter((p) => /\.(cpp|hpp)$/.test(p) && !p.endsWith(`${path.sep}cli_main.cpp`))) {
  const m = fs.readFileSync(f, 'utf8').match(/#include <(sstream|iostream|fstream|istream|ostream|locale|iomanip)>/);
  if (m) problems.push(`${path.relative(SRC, f)}: #include <${m[1]}> (iostreams in the page's module)`);
}
const first = FIRST_LOAD.reduce((sum, f) => sum + gz(f), 0);
console.log(`  first load (${FIRST_LOAD.length} files) ${first} B gzip = ${(first / KB).toFixed(1)} KB   budget ${FIRST_LOAD_BUDGET / KB} KB`);
if (first > FIRST_LOAD_BUDGET) problems.push(`first load: ${(first / KB).toFixed(1)} KB gzip, over ${FIRST_LOAD_BUDGET / KB} KB`);
for (const p of problems) console.log(`not ok - ${p}`);
console.log(`size budget: ${problems.length ? `${problems.length} problem(s)` : 'every file within its budget'}`);
process.exit(problems.length ? 1 : 0);
