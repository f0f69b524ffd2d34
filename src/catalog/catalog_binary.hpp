// The bundled catalog packed at build time for the browser.
//
// Why: parsing the 120 KB catalog JSON was the largest single cost before the calculator's first
// frame in the browser (the code runs cold, in the WebAssembly baseline tier). The build runs the
// JSON loader natively (`gpusizer --pack-catalog`) and ships the resulting Catalog in this compact
// form, which the page reads with a few bounds-checked copies. data/catalog.json stays the one
// source of truth; provider files are still JSON.
//
// Format: "GSCB", format version (u32), payload size (u32), FNV-1a 64 checksum of the payload,
// then every field of every catalog type in the order of the field lists in catalog_binary.cpp
// (little endian; strings and lists are u32 count + items; optionals a 0/1 byte + value).
// A truncated, corrupted or other-version file is rejected with a message, never half-read.
#pragma once

#include <string>
#include <string_view>

#include "catalog/catalog_json.hpp"

namespace gpusizer {

// Bump when a catalog type gains or loses a field (2: price currency and conversion,
// GpuSpec::segment and price_unknown_reason).
constexpr unsigned kPackedCatalogVersion = 12;  // 3: speech and embedding specs; 4: cuda_memory_gib; 5: gguf_repo;
                                                // 6: per-kind attention geometry, recurrent state bytes, ungated MLPs, checkpoint bytes
                                                // 7: a preset's task and use as enums (engine/vocabulary.hpp)
                                                // 8: models' notes_ru, presets' source_ru
                                                // 9: model variants (another checkpoint of a model's architecture)
                                                // 10: a variant's own context (Meta-Llama-3: 8,192)
                                                // 11: interleaved MoE layers (Llama 4 Maverick)
                                                // 12: DeepSeek V4's compressed attention

std::string pack_catalog(const Catalog& catalog);
bool looks_packed(std::string_view bytes);  // starts with the magic
CatalogLoad unpack_catalog(std::string_view bytes, const std::string& file_name);

// Field-by-field equality through the same field lists (tests).
bool same_catalog(const Catalog& a, const Catalog& b);

// What the page ships (gpusizer --pack-catalog): the catalog without the texts the page never shows
// — the notes and sources of GPUs and servers, about 40 % of the packed bytes. They stay in
// catalog.json, published beside catalog.bin. Models keep their sources; their notes (shown only in
// the model list's tooltips, a fifth of the bytes) go in model-notes.bin, fetched after the first
// frame (pack_model_notes).
Catalog page_catalog(Catalog catalog);

// The models' notes by id (text/pair_file.hpp, magic "gpusizer-model-notes 2\n", one table of id →
// notes, checksummed): model-notes.bin. With `russian`, their Russian notes (notes_ru, magic
// "gpusizer-model-notes ru 1\n"): model-notes-ru.bin, fetched only by a page in Russian.
// apply_model_notes reads either (its magic says which) and fills the notes of that language of the
// models it names that have none; returns how many it filled, or -1 (and changes nothing) for bytes
// that are not such a file.
std::string pack_model_notes(const Catalog& catalog, bool russian = false);
bool model_notes_russian(std::string_view bytes);  // the magic of model-notes-ru.bin
int apply_model_notes(std::string_view bytes, Catalog* catalog);

// A valid header (given version, size, checksum) in front of `body` (tests and the fuzzer: they hand
// the reader damaged bodies that pass the header checks).
std::string seal_packed_body(std::string_view body, unsigned version = kPackedCatalogVersion);

}  // namespace gpusizer
