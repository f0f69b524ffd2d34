// gpusizer CLI: the same engine and link codec as the browser, from the command line.
//
//   gpusizer '<fragment or full URL>' [--json] [--catalog FILE] [--provider FILE] [--markdown|--csv] [--lang en|ru] [--base-url URL]
//            [--config config.json [--index model.safetensors.index.json] [--quant hf_quant_config.json]]
//   gpusizer --pack-catalog OUT [--pack-model-notes OUT] [--pack-model-notes-ru OUT] [--catalog FILE]
//   gpusizer --prerender TEMPLATE OUT [--catalog FILE]
//   gpusizer --pack-text ru OUT
#include <cerrno>
#include <cstdio>
#include <cstring>
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
    "  --base-url URL   the calculator's address (e.g. https://calc.example/): the exports' link is then\n"
    "                   URL#<link>; without it the link is the fragment, to append to that address\n"
    "  --catalog FILE   use FILE instead of the bundled catalog\n"
    "  --provider FILE  apply a provider file (extend/replace) over the catalog\n"
    "  --config FILE    size the model a Hugging Face config.json describes (model=custom; the result's\n"
    "                   link carries it, so the link alone reproduces the result)\n"
    "  --index FILE     with --config: model.safetensors.index.json, for the exact parameter count\n"
    "  --quant FILE     with --config: ModelOpt's hf_quant_config.json, the checkpoint's quantization\n"
    "  --pack-catalog OUT  write the catalog (bundled or --catalog FILE) packed for the browser (the texts\n"
    "                      the page shows: no GPU or server notes and sources)\n"
    "  --pack-model-notes OUT  with --pack-catalog: the models' notes, which catalog.bin leaves out\n"
    "  --pack-model-notes-ru OUT  with --pack-catalog: their Russian notes (fetched by a page in Russian)\n"
    "  --prerender TEMPLATE OUT  write the page TEMPLATE with the default state's answer filled in\n"
    "  --pack-text ru OUT  write the Russian text for the browser (text-ru.bin, loaded when the page is in Russian)\n"
    "Keys of the link are documented in docs/LINK.md.\n";

// Reads at most `max_bytes` + 1 bytes: a larger file is refused by the loader without being read whole.
bool read_file(const std::string& path, std::string* out, std::size_t max_bytes = gpusizer::limits::kProviderFileBytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    out->assign(max_bytes + 1, '\0');
    in.read(&(*out)[0], std::streamsize(out->size()));
    out->resize(std::size_t(in.gcount()));
    return !in.bad();
}

// An error line on stderr in --lang's language (the cli.* codes), without control characters from
// a file's or an argument's text.
void say_error(const gpusizer::Message& m, gpusizer::Lang lang) {
    using namespace gpusizer;
    std::cerr << strip_controls(text::render(Message(code::cli_error).str("detail", text::render(m, lang)), lang), false)
              << "\n";
}
void say_error(const std::string& detail, gpusizer::Lang lang) {
    say_error(gpusizer::Message(gpusizer::code::catalog_notice).str("detail", detail), lang);
}
void cannot_read(const std::string& path, gpusizer::Lang lang) {
    say_error(gpusizer::Message(gpusizer::code::cli_cannot_read).str("file", path), lang);
}

// Catalog, provider and config.json errors on stderr, one line each, in --lang's language
// (text::error_text: the readers' messages are English; the paths stay as they are).
void print_errors(const std::vector<gpusizer::CatalogError>& errors, const std::string& path, gpusizer::Lang lang) {
    for (gpusizer::CatalogError e : errors) {
        e.message = gpusizer::text::error_text(e.message, lang);
        say_error(e.to_string(), lang);
    }
    say_error(gpusizer::Message(gpusizer::code::cli_rejected).str("file", path).num("count", double(errors.size())), lang);
}

// --config (and --index): the model becomes the state's custom model; how the file was read is
// said in the warnings. Returns false (errors printed) when a file is unreadable or rejected.
// A refusal (an adapter, a tokenizer config, a family not sized yet) is said in the output's language.
bool import_config(const std::string& config_path, const std::string& index_path, const std::string& quant_path,
                   gpusizer::State& s, std::vector<gpusizer::Warning>& notes, gpusizer::Lang lang) {
    std::string config, index, quant;
    if (!read_file(config_path, &config)) { cannot_read(config_path, lang); return false; }
    if (!index_path.empty() && !read_file(index_path, &index, gpusizer::limits::kIndexFileBytes)) {
        cannot_read(index_path, lang);
        return false;
    }
    if (!quant_path.empty() && !read_file(quant_path, &quant)) { cannot_read(quant_path, lang); return false; }
    const gpusizer::ConfigImport imp = gpusizer::import_hf_config(config, index, config_path, index_path, quant,
                                                                  quant_path.empty() ? "hf_quant_config.json" : quant_path);
    if (!imp.ok && !imp.refusals.empty()) {
        for (const auto& m : imp.refusals) say_error(config_path + ": " + gpusizer::text::render(m, lang), lang);
        say_error(gpusizer::Message(gpusizer::code::cli_not_imported).str("file", config_path), lang);
        return false;
    }
    if (!imp.ok) { print_errors(imp.errors, imp.errors.front().file, lang); return false; }
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

// The models' notes that catalog.bin leaves out (English or Russian), checked by filling them back
// into the page's copy.
int write_model_notes(const gpusizer::Catalog& catalog, const std::string& path, bool russian) {
    const std::string bytes = gpusizer::pack_model_notes(catalog, russian);
    gpusizer::Catalog back = gpusizer::page_catalog(catalog), expected = back;
    for (std::size_t i = 0; i < expected.models.size(); ++i)
        (russian ? expected.models[i].notes_ru : expected.models[i].notes) =
            russian ? catalog.models[i].notes_ru : catalog.models[i].notes;
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

// The page (web/index.html) with the default state's answer in place of its three markers: the
// recommendation sentence, the table and the figures' accuracy the page's DOM mirror shows
// (report.hpp: summary_html).
int write_prerendered(const gpusizer::Catalog& catalog, const std::string& in_path, const std::string& out_path) {
    using namespace gpusizer;
    std::string page;
    if (!read_file(in_path, &page)) { std::cerr << "error: cannot read " << in_path << "\n"; return 3; }
    const SummaryHtml html = summary_html(evaluate(decode_link("v=1").state, catalog), Lang::en);
    for (const auto& [marker, text] : {std::pair<std::string, std::string>{"<!-- summary:text -->", html.text},
                                       {"<!-- summary:table -->", html.table},
                                       {"<!-- summary:accuracy -->", html.accuracy}}) {
        const auto at = page.find(marker);
        if (at == std::string::npos) { std::cerr << "error: " << in_path << ": no " << marker << "\n"; return 3; }
        page.replace(at, marker.size(), text);
    }
    std::ofstream out(out_path, std::ios::binary);
    out << page;
    if (!out) { std::cerr << "error: cannot write " << out_path << "\n"; return 3; }
    return 0;
}

// The command line, read. `exit_code` >= 0: nothing more to do (help, --pack-text, a usage error).
struct Args {
    std::string link, base_url, catalog_path, provider_path, pack_path, notes_path, notes_ru_path, config_path, index_path;
    std::string quant_path;
    std::string prerender_in, prerender_out;
    enum class Output { table, json, markdown, csv } output = Output::table;
    bool have_link = false;
    gpusizer::Lang lang = gpusizer::Lang::en;
    bool lang_given = false;  // --lang; without it the link's own lang= (LINK.md), else English
    int exit_code = -1;
};

Args parse_args(int argc, char** argv) {
    Args r;
    for (int i = 1; i < argc && r.exit_code < 0; ++i) {
        const std::string a = argv[i];
        const bool value = i + 1 < argc;
        if (a == "--json") r.output = Args::Output::json;
        else if (a == "--markdown") r.output = Args::Output::markdown;
        else if (a == "--csv") r.output = Args::Output::csv;
        else if ((a == "--catalog" || a == "--provider") && value)
            (a == "--catalog" ? r.catalog_path : r.provider_path) = argv[++i];
        else if (a == "--pack-catalog" && value) r.pack_path = argv[++i];
        else if (a == "--pack-model-notes" && value) r.notes_path = argv[++i];
        else if (a == "--pack-model-notes-ru" && value) r.notes_ru_path = argv[++i];
        else if ((a == "--config" || a == "--index") && value)
            (a == "--config" ? r.config_path : r.index_path) = argv[++i];
        else if (a == "--quant" && value) r.quant_path = argv[++i];
        else if (a == "--base-url" && value) r.base_url = argv[++i];
        else if (a == "--pack-text" && i + 2 < argc) {
            if (std::string(argv[i + 1]) != "ru") { std::cerr << "--pack-text: only ru has a pack\n"; r.exit_code = 2; }
            else r.exit_code = write_language_pack(argv[i + 2]);
        } else if (a == "--prerender" && i + 2 < argc) {
            r.prerender_in = argv[++i];
            r.prerender_out = argv[++i];
        } else if (a == "--lang" && value) {
            const std::string l = argv[++i];
            if (l != "en" && l != "ru") {
                std::cerr << "--lang: expected en or ru, got " << l << "\n";
                r.exit_code = 2;
            }
            r.lang = gpusizer::text::parse_lang(l);
            r.lang_given = true;
        } else if (a == "-h" || a == "--help") {
            std::cout << kUsage;
            r.exit_code = 0;
        } else if (!a.empty() && a[0] == '-' && a.size() > 1) {
            std::cerr << "unknown option " << a << "\n" << kUsage;
            r.exit_code = 2;
        } else {
            r.link = a;
            r.have_link = true;
        }
    }
    if (r.exit_code >= 0) return r;
    if (const std::string l = gpusizer::decode_link(r.link).lang; !r.lang_given && !l.empty()) r.lang = gpusizer::text::parse_lang(l);
    if (!r.have_link && r.config_path.empty()) r.link = "v=1";  // --config alone: the defaults around it
    if (!r.have_link && r.pack_path.empty() && r.config_path.empty() && r.prerender_in.empty()) {
        std::cerr << kUsage;
        r.exit_code = 2;
    } else if (!r.index_path.empty() && r.config_path.empty()) {
        std::cerr << "--index needs --config\n" << kUsage;
        r.exit_code = 2;
    } else if (!r.base_url.empty() && r.base_url.rfind("https://", 0) != 0 && r.base_url.rfind("http://", 0) != 0) {
        std::cerr << "--base-url: expected an http(s):// address\n" << kUsage;  // the exports make it a link
        r.exit_code = 2;
    } else if (!r.quant_path.empty() && r.config_path.empty()) {
        std::cerr << "--quant needs --config\n" << kUsage;
        r.exit_code = 2;
    }
    return r;
}

// The catalog asked for: the bundled one or --catalog FILE, then --provider FILE over it. False
// (errors printed) when a file is unreadable or rejected: no answer from a catalog not asked for.
bool load_catalogs(const Args& args, gpusizer::Catalog& catalog, bool with_provider) {
    using namespace gpusizer;
    CatalogLoad bundled = load_catalog(bundled_catalog_json(), "data/catalog.json");
    if (!bundled.ok) {
        print_errors(bundled.errors, "data/catalog.json", args.lang);
        return false;
    }
    catalog = bundled.catalog;
    for (const std::string* path : {&args.catalog_path, with_provider ? &args.provider_path : nullptr}) {
        if (!path || path->empty()) continue;
        std::string text;
        if (!read_file(*path, &text)) { cannot_read(*path, args.lang); return false; }
        CatalogLoad c = path == &args.catalog_path ? load_catalog(text, *path)
                                                   : apply_provider_catalog(catalog, text, *path);
        if (!c.ok) { print_errors(c.errors, *path, args.lang); return false; }
        catalog = c.catalog;
    }
    return true;
}

// Whatever was written to stdout reached it: a full disk, a closed pipe or /dev/full is an error
// (exit 4), not a silent success.
int finish(int rc, gpusizer::Lang lang) {
    std::cout.flush();
    const bool failed = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
    if (!failed) return rc;
    const int err = errno;
    say_error(gpusizer::Message(gpusizer::code::cli_stdout_failed).str("reason", err ? std::strerror(err) : ""), lang);
    return rc == 0 ? 4 : rc;
}

int run(const Args& args) {
    using namespace gpusizer;
    Catalog catalog;
    if (!load_catalogs(args, catalog, args.pack_path.empty() && args.prerender_in.empty())) return 3;
    if (!args.pack_path.empty()) {
        int rc = write_packed(page_catalog(catalog), args.pack_path);
        if (rc == 0 && !args.notes_path.empty()) rc = write_model_notes(catalog, args.notes_path, false);
        if (rc == 0 && !args.notes_ru_path.empty()) rc = write_model_notes(catalog, args.notes_ru_path, true);
        return rc;
    }
    if (!args.prerender_in.empty()) return write_prerendered(catalog, args.prerender_in, args.prerender_out);
    std::vector<Warning> notes;
    DecodedLink d = decode_link(args.link);
    notes.insert(notes.end(), d.warnings.begin(), d.warnings.end());
    if (!args.config_path.empty() &&
        !import_config(args.config_path, args.index_path, args.quant_path, d.state, notes, args.lang))
        return 3;
    const Result r = evaluate(d.state, catalog);
    // Names and ids come from the catalog and the link: no control character reaches the terminal
    // (JSON escapes its own).
    switch (args.output) {
        case Args::Output::json: std::cout << result_json(r, notes, 2, args.lang) << "\n"; break;
        case Args::Output::markdown: std::cout << strip_controls(result_markdown(r, args.lang, args.base_url), true); break;
        case Args::Output::csv: std::cout << strip_controls(result_csv(r, args.lang, args.base_url), true); break;
        case Args::Output::table:
            std::cout << strip_controls(result_table(r, notes, args.lang, args.base_url), true);
            break;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const Args args = parse_args(argc, argv);
    return finish(args.exit_code >= 0 ? args.exit_code : run(args), args.lang);
}
