// The page's second WebAssembly module: everything that reads JSON in the browser, loaded only when
// the page needs it (web/app/: a provider file, "size your own model", the catalog.json fallback),
// so that the first load carries no JSON parser. It runs the same catalog loader and config.json
// import as the CLI and hands the page's module what they produced: a catalog in the packed form
// (catalog_binary.hpp), a link, and coded notes and error lines (report/message_codec.hpp).
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>

#include "catalog/catalog_binary.hpp"
#include "catalog/catalog_json.hpp"
#include "catalog/hf_config.hpp"
#include "link/link.hpp"
#include "report/message_codec.hpp"
#include "text/hidden_chars.hpp"

using namespace gpusizer;

namespace {

// What the last call produced, read by the page with the getters below.
std::string g_bytes, g_errors, g_link, g_notes;

std::string_view view(const char* p, int n) { return std::string_view(p ? p : "", std::size_t(p && n > 0 ? n : 0)); }

std::vector<std::string> error_lines(const std::vector<CatalogError>& errors) {
    std::vector<std::string> lines;
    for (const auto& e : errors) lines.push_back(e.to_string());
    return lines;
}

void reset() { g_bytes.clear(), g_errors.clear(), g_link.clear(), g_notes.clear(); }

}  // namespace

extern "C" {

// A catalog file read as JSON. `as_base` 1: a whole catalog (catalog.json, named `name`); 0: a
// provider file applied over the packed base catalog `base`. Returns 1 when it applied: the packed
// result is in gsj_bytes(); the errors (if any) in gsj_errors() either way.
EMSCRIPTEN_KEEPALIVE int gsj_catalog(const char* base, int base_len, const char* json, int len, const char* name, int as_base) {
    reset();
    const std::string file = name && *name ? name : "provider";
    CatalogLoad result;
    if (as_base) {
        result = load_catalog(view(json, len), file);
    } else {
        const CatalogLoad b = unpack_catalog(view(base, base_len), "catalog.bin");
        if (!b.ok) {
            g_errors = join_lines(error_lines(b.errors));
            return 0;
        }
        result = apply_provider_catalog(b.catalog, view(json, len), file);
    }
    g_errors = join_lines(error_lines(result.errors));
    if (!result.ok) return 0;
    g_bytes = pack_catalog(result.catalog);
    return 1;
}

// "Size your own model": config.json (and model.safetensors.index.json and ModelOpt's
// hf_quant_config.json, either may be empty) over the state of `link`. Returns 1 when it imported:
// the new state's link in gsj_link(), how the files were read in gsj_notes(); the errors in
// gsj_errors(). A refused file (an adapter, a tokenizer config, a family not sized yet) leaves its
// coded refusal in gsj_notes() for the page to say in its language.
EMSCRIPTEN_KEEPALIVE int gsj_import(const char* config, int config_len, const char* index, int index_len, const char* quant,
                                    int quant_len, const char* link) {
    reset();
    const ConfigImport imp = import_hf_config(view(config, config_len), view(index, index_len), "config.json",
                                              "model.safetensors.index.json", view(quant, quant_len));
    // Where and what apart (\x1f), so the page's module says the what in its language (gs_render_errors).
    // (join_lines would blank the \x1f: each part loses its separators here instead.)
    auto plain = [](std::string v) {
        for (char& c : v) c = c >= '\x1c' && c <= '\x1f' ? ' ' : c;
        return v;
    };
    for (CatalogError e : imp.errors) {
        const std::string message = e.message;
        e.message.clear();
        std::string where = e.to_string();
        if (where.size() >= 2 && where.compare(where.size() - 2, 2, ": ") == 0) where.resize(where.size() - 2);
        g_errors += (g_errors.empty() ? "" : "\x1e") + plain(where) + "\x1f" + plain(text::drop_hidden_chars(message));
    }
    if (!imp.ok) {
        g_notes = encode_messages(imp.refusals);
        return 0;
    }
    State s = decode_link(link ? link : "").state;
    s.task = s.task == Task::other ? Task::infer : s.task;
    s.wq.reset();
    g_link = encode_link(state_with_import(s, imp.model));
    g_notes = encode_messages(imp.notes);
    return 1;
}

EMSCRIPTEN_KEEPALIVE const char* gsj_bytes() { return g_bytes.data(); }
EMSCRIPTEN_KEEPALIVE int gsj_bytes_len() { return int(g_bytes.size()); }
EMSCRIPTEN_KEEPALIVE const char* gsj_errors() { return g_errors.c_str(); }
EMSCRIPTEN_KEEPALIVE const char* gsj_link() { return g_link.c_str(); }
EMSCRIPTEN_KEEPALIVE const char* gsj_notes() { return g_notes.c_str(); }

}  // extern "C"

int main() { return 0; }
