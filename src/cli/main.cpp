// gpusizer CLI: the same engine and link codec as the browser, from the command line.
//
//   gpusizer '<fragment or full URL>' [--json] [--catalog FILE] [--provider FILE] [--markdown|--csv] [--lang en|ru]
//            [--config config.json [--index model.safetensors.index.json] [--quant hf_quant_config.json]]
//   gpusizer --pack-catalog OUT [--pack-model-notes OUT] [--catalog FILE]
//   gpusizer --prerender TEMPLATE OUT [--catalog FILE]
//   gpusizer --pack-text ru OUT
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "catalog/bundled_catalog.hpp"
#include "catalog/catalog_binary.hpp"
#include "catalog/catalog_json.hpp"
#include "catalog/hf_config.hpp"
#include "link/link.hpp"
#include "report/report.hpp"
#include "text/language_pack.hpp"
#include "text/text.hpp"

namespace {

const char* kUsage =
    "usage: gpusizer '<link fragment or URL>' [--json] [--markdown] [--csv] [--lang en|ru] [--catalog FILE] [--provider FILE]\n"
    "  e.g. gpusizer 'v=1&task=infer&model=Qwen/Qwen3-8B&ctx=32768&users=50' --json\n"
    "  --lang en|ru     language of the texts (reasons, warnings, exports; default en)\n"
    "  --catalog FILE   use FILE instead of the bundled catalog\n"
    "  --provider FILE  apply a provider file (extend/replace) over the catalog\n"
    "  --config FILE    size the model a Hugging Face config.json describes (model=custom; the result's\n"
    "                   link carries it, so the link alone reproduces the result)\n"
    "  --index FILE     with --config: model.safetensors.index.json, for the exact parameter count\n"
    "  --quant FILE     with --config: ModelOpt's hf_quant_config.json, the checkpoint's quantization\n"
    "  --pack-catalog OUT  write the catalog (bundled or --catalog FILE) packed for the browser (the texts\n"
    "                      the page shows: no GPU or server notes and sources)\n"
    "  --pack-model-notes OUT  with --pack-catalog: the models' notes, which catalog.bin leaves out\n"
    "  --prerender TEMPLATE OUT  write the page TEMPLATE with the default state's answer filled in\n"
    "  --pack-text ru OUT  write the Russian text for the browser (text-ru.bin, loaded when the page is in Russian)\n"
    "Keys of the link are documented in README.md.\n";

// Reads at most `max_bytes` + 1 bytes: a larger file is refused by the loader without being read whole.
bool read_file(const std::string& path, std::string* out, std::size_t max_bytes = gpusizer::limits::kProviderFileBytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    out->assign(max_bytes + 1, '\0');
    in.read(&(*out)[0], std::streamsize(out->size()));
    out->resize(std::size_t(in.gcount()));
    return !in.bad();
}

// Catalog and provider errors on stderr: one line each, no control characters from the file.
void print_errors(const std::vector<gpusizer::CatalogError>& errors, const std::string& path) {
    for (const auto& e : errors) std::cerr << "error: " << gpusizer::strip_controls(e.to_string(), false) << "\n";
    std::cerr << "error: " << gpusizer::strip_controls(path, false) << " rejected (" << errors.size() << " problems)\n";
}

// --config (and --index): the model becomes the state's custom model; how the file was read is
// said in the warnings. Returns false (errors printed) when a file is unreadable or rejected.
// A refusal (an adapter, a tokenizer config, a family not sized yet) is said in the output's language.
bool import_config(const std::string& config_path, const std::string& index_path, const std::string& quant_path,
                   gpusizer::State& s, std::vector<gpusizer::Warning>& notes, gpusizer::Lang lang) {
    std::string config, index, quant;
    if (!read_file(config_path, &config)) { std::cerr << "error: cannot read " << config_path << "\n"; return false; }
    if (!index_path.empty() && !read_file(index_path, &index, gpusizer::limits::kIndexFileBytes)) {
        std::cerr << "error: cannot read " << index_path << "\n";
        return false;
    }
    if (!quant_path.empty() && !read_file(quant_path, &quant)) { std::cerr << "error: cannot read " << quant_path << "\n"; return false; }
    const gpusizer::ConfigImport imp = gpusizer::import_hf_config(config, index, config_path, index_path, quant,
                                                                  quant_path.empty() ? "hf_quant_config.json" : quant_path);
    if (!imp.ok && !imp.refusals.empty()) {
        for (const auto& m : imp.refusals)
            std::cerr << "error: " << gpusizer::strip_controls(config_path + ": " + gpusizer::text::render(m, lang), false) << "\n";
        std::cerr << "error: " << gpusizer::strip_controls(config_path, false) << " not imported\n";
        return false;
    }
    if (!imp.ok) { print_errors(imp.errors, imp.errors.front().file); return false; }
    s = gpusizer::state_with_import(s, imp.model);
    notes.insert(notes.end(), imp.notes.begin(), imp.notes.end());
    return true;
}

// The browser's copy of the catalog (see catalog_binary.hpp), checked by reading it back.
int write_packed(const gpusizer::Catalog& catalog, const std::string& path) {
    const std::string bytes = gpusizer::pack_catalog(catalog);
    const gpusizer::CatalogLoad back = gpusizer::unpack_catalog(bytes, path);
    if (!back.ok || !gpusizer::same_catalog(back.catalog, catalog)) { std::cerr << "error: packed catalog does not read back\n"; return 3; }
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out) { std::cerr << "error: cannot write " << path << "\n"; return 3; }
    std::cout << path << ": packed " << catalog.gpus.size() << " GPUs, " << catalog.models.size() << " models, "
              << catalog.servers.size() << " servers, " << catalog.presets.size() << " presets in " << bytes.size() << " bytes\n";
    return 0;
}

// The models' notes that catalog.bin leaves out, checked by filling them back into the page's copy.
int write_model_notes(const gpusizer::Catalog& catalog, const std::string& path) {
    const std::string bytes = gpusizer::pack_model_notes(catalog);
    gpusizer::Catalog back = gpusizer::page_catalog(catalog), expected = back;
    for (std::size_t i = 0; i < expected.models.size(); ++i) expected.models[i].notes = catalog.models[i].notes;
    const int filled = gpusizer::apply_model_notes(bytes, &back);
    if (filled < 0 || !gpusizer::same_catalog(back, expected)) {
        std::cerr << "error: the model notes do not read back\n";
        return 3;
    }
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out) { std::cerr << "error: cannot write " << path << "\n"; return 3; }
    std::cout << path << ": notes of " << filled << " models in " << bytes.size() << " bytes\n";
    return 0;
}

// The Russian text for the browser (text/language_pack.hpp), checked by reading it back.
int write_language_pack(const std::string& path) {
    using namespace gpusizer::text;
    const std::string bytes = pack_language(Lang::ru);
    const LanguagePack back = read_language_pack(bytes);
    if (!back.ok || back.messages.size() != message_table(Lang::ru).size() || back.ui.size() != ui_table_ru().size()) {
        std::cerr << "error: the Russian text pack does not read back" << (back.ok ? "" : ": " + back.error) << "\n";
        return 3;
    }
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out) { std::cerr << "error: cannot write " << path << "\n"; return 3; }
    std::cout << path << ": " << back.messages.size() << " message templates, " << back.ui.size() << " UI strings in "
              << bytes.size() << " bytes\n";
    return 0;
}

// The page (web/index.html) with the default state's answer in place of its two markers: the
// recommendation sentence and the table the page's DOM mirror shows (report.hpp: summary_html).
int write_prerendered(const gpusizer::Catalog& catalog, const std::string& in_path, const std::string& out_path) {
    using namespace gpusizer;
    std::string page;
    if (!read_file(in_path, &page)) { std::cerr << "error: cannot read " << in_path << "\n"; return 3; }
    const SummaryHtml html = summary_html(evaluate(decode_link("v=1").state, catalog), Lang::en);
    for (const auto& [marker, text] : {std::pair<std::string, std::string>{"<!-- summary:text -->", html.text},
                                       {"<!-- summary:table -->", html.table}}) {
        const auto at = page.find(marker);
        if (at == std::string::npos) { std::cerr << "error: " << in_path << ": no " << marker << "\n"; return 3; }
        page.replace(at, marker.size(), text);
    }
    std::ofstream out(out_path, std::ios::binary);
    out << page;
    if (!out) { std::cerr << "error: cannot write " << out_path << "\n"; return 3; }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace gpusizer;
    std::string link, catalog_path, provider_path, pack_path, notes_path, config_path, index_path, quant_path, prerender_in, prerender_out;
    enum class Output { table, json, markdown, csv } output = Output::table;
    bool have_link = false;
    Lang lang = Lang::en;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--json") output = Output::json;
        else if (a == "--markdown") output = Output::markdown;
        else if (a == "--csv") output = Output::csv;
        else if ((a == "--catalog" || a == "--provider") && i + 1 < argc) (a == "--catalog" ? catalog_path : provider_path) = argv[++i];
        else if (a == "--pack-catalog" && i + 1 < argc) pack_path = argv[++i];
        else if (a == "--pack-model-notes" && i + 1 < argc) notes_path = argv[++i];
        else if ((a == "--config" || a == "--index") && i + 1 < argc) (a == "--config" ? config_path : index_path) = argv[++i];
        else if (a == "--quant" && i + 1 < argc) quant_path = argv[++i];
        else if (a == "--pack-text" && i + 2 < argc) {
            if (std::string(argv[i + 1]) != "ru") { std::cerr << "--pack-text: only ru has a pack\n"; return 2; }
            return write_language_pack(argv[i + 2]);
        }
        else if (a == "--prerender" && i + 2 < argc) { prerender_in = argv[++i]; prerender_out = argv[++i]; }
        else if (a == "--lang" && i + 1 < argc) {
            const std::string l = argv[++i];
            if (l != "en" && l != "ru") { std::cerr << "--lang: expected en or ru, got " << l << "\n"; return 2; }
            lang = text::parse_lang(l);
        }
        else if (a == "-h" || a == "--help") { std::cout << kUsage; return 0; }
        else if (!a.empty() && a[0] == '-' && a.size() > 1) { std::cerr << "unknown option " << a << "\n" << kUsage; return 2; }
        else { link = a; have_link = true; }
    }
    if (!have_link && config_path.empty()) link = "v=1";  // --config alone: the defaults around it
    if (!have_link && pack_path.empty() && config_path.empty() && prerender_in.empty()) { std::cerr << kUsage; return 2; }
    if (!index_path.empty() && config_path.empty()) { std::cerr << "--index needs --config\n" << kUsage; return 2; }
    if (!quant_path.empty() && config_path.empty()) { std::cerr << "--quant needs --config\n" << kUsage; return 2; }

    std::vector<Warning> notes;
    CatalogLoad bundled = load_catalog(bundled_catalog_json(), "data/catalog.json");
    if (!bundled.ok) {
        for (const auto& e : bundled.errors) std::cerr << "error: " << e.to_string() << "\n";
        return 3;
    }
    Catalog catalog = bundled.catalog;
    if (!catalog_path.empty()) {
        std::string text;
        if (!read_file(catalog_path, &text)) { std::cerr << "error: cannot read " << catalog_path << "\n"; return 3; }
        CatalogLoad c = load_catalog(text, catalog_path);
        if (!c.ok) { print_errors(c.errors, catalog_path); return 3; }
        catalog = c.catalog;
    }
    if (!pack_path.empty()) {
        const int rc = write_packed(page_catalog(catalog), pack_path);
        return rc != 0 || notes_path.empty() ? rc : write_model_notes(catalog, notes_path);
    }
    if (!prerender_in.empty()) return write_prerendered(catalog, prerender_in, prerender_out);
    if (!provider_path.empty()) {
        std::string text;
        if (!read_file(provider_path, &text)) { std::cerr << "error: cannot read " << provider_path << "\n"; return 3; }
        CatalogLoad p = apply_provider_catalog(catalog, text, provider_path);
        if (!p.ok) { print_errors(p.errors, provider_path); return 3; }  // as --catalog: no answer from a catalog not asked for
        catalog = p.catalog;
    }
    DecodedLink d = decode_link(link);
    notes.insert(notes.end(), d.warnings.begin(), d.warnings.end());
    if (!config_path.empty() && !import_config(config_path, index_path, quant_path, d.state, notes, lang)) return 3;
    const Result r = evaluate(d.state, catalog);
    // Names and ids come from the catalog and the link: no control character reaches the terminal
    // (JSON escapes its own).
    switch (output) {
        case Output::json: std::cout << result_json(r, notes, 2, lang) << "\n"; break;
        case Output::markdown: std::cout << strip_controls(result_markdown(r, lang), true); break;
        case Output::csv: std::cout << strip_controls(result_csv(r, lang), true); break;
        case Output::table: std::cout << strip_controls(result_table(r, notes, lang), true); break;
    }
    return 0;
}
