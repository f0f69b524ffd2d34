// Catalog loader: any bytes as a catalog or a provider file give errors or a catalog, never a crash;
// a rejected provider file leaves the base catalog untouched. The same bytes as a Hugging Face
// config.json (and as its safetensors index): errors or a model whose link sizes to finite figures. Input that starts with "GSCB" goes to
// the packed-catalog reader, as given (header checks) and with its 20-byte header replaced by a valid
// one, so the fuzzer explores the reader's bounds checks and not only the checksum. The bytes also go
// to the readers of model-notes.bin, text-ru.bin and the coded messages between the page's modules.
#include <cstdlib>
#include <string>
#include <string_view>

#include "catalog/catalog_binary.hpp"
#include "catalog/hf_config.hpp"
#include "fuzz_common.hpp"
#include "report/message_codec.hpp"
#include "text/language_pack.hpp"
#include "text/pair_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size) {
    using namespace gpusizer;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (looks_packed(text)) {
        // As given (header checks), then with the fuzzer's header replaced by a valid one.
        const CatalogLoad raw = unpack_catalog(text, "fuzz.bin");
        if (raw.ok == !raw.errors.empty()) std::abort();
        const std::string_view body = text.size() > 20 ? text.substr(20) : std::string_view();
        const CatalogLoad b = unpack_catalog(seal_packed_body(body), "fuzz.bin");
        if (b.ok == !b.errors.empty()) std::abort();
        if (b.ok) {
            // Whatever it read must pack back to the same bytes.
            if (pack_catalog(b.catalog) != seal_packed_body(body)) std::abort();
            State s;
            s.model = b.catalog.models.empty() ? "custom" : b.catalog.models.front().id;
            fuzz::check_result(evaluate(s, b.catalog));
        }
        return 0;
    }
    // The page's other files and the modules' hand-over: refused or read, never past their bytes.
    // (as given, and with a valid checksum after it: a mutated file rarely passes its checksum, and
    // the structure behind it must hold as well)
    std::string sealed(text);
    const std::uint64_t sum = fnv1a64(text);
    for (int i = 0; i < 8; ++i) sealed += char((sum >> (8 * i)) & 0xFF);
    for (const std::string_view bytes : {std::string_view(text), std::string_view(sealed)}) {
        Catalog notes = fuzz::bundled();
        if (apply_model_notes(bytes, &notes) > int(notes.models.size())) std::abort();
        const text::LanguagePack pack = text::read_language_pack(bytes);
        if (pack.ok == !pack.error.empty()) std::abort();
    }
    const std::vector<Message> messages = decode_messages(text);
    if (decode_messages(encode_messages(messages)).size() != messages.size()) std::abort();
    const ConfigImport imp = import_hf_config(text, text);
    if (imp.ok == !imp.errors.empty()) std::abort();
    if (imp.ok) {
        State s = state_with_import(State{}, imp.model);
        s.gpu = "h100-sxm";  // one GPU: the fuzzer's time goes to the parser
        fuzz::check_result(evaluate(s, fuzz::bundled()));
    }
    const CatalogLoad c = load_catalog(text, "fuzz.json");
    if (c.ok == !c.errors.empty()) std::abort();
    const Catalog& base = fuzz::bundled();
    const CatalogLoad p = apply_provider_catalog(base, text, "provider.json");
    if (!p.ok && p.catalog.gpus.size() != base.gpus.size()) std::abort();
    if (c.ok && !c.catalog.gpus.empty()) {
        State s;
        s.model = c.catalog.models.empty() ? "custom" : c.catalog.models.front().id;
        fuzz::check_result(evaluate(s, c.catalog));
    }
    return 0;
}
