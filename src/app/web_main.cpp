// WebAssembly entry points: the page (web/app/start.js) starts the app with the catalog and fonts,
// then drives it through these exports (links, provider catalogs, test hooks).
#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/start_args.hpp"
#include "catalog/catalog_binary.hpp"
#include "catalog/catalog_json.hpp"
#include "link/link.hpp"
#include "report/message_codec.hpp"
#include "report/report.hpp"
#include "text/language_pack.hpp"
#include "ui/app.hpp"
#include "ui/host.hpp"
#include "ui/i18n.hpp"
#include "ui/theme.hpp"
#include "platform/gl_renderer.hpp"
#include "platform/focus_order.hpp"
#include "platform/fonts.hpp"
#include "platform/frames.hpp"
#include "platform/platform.hpp"

using namespace gpusizer;

namespace {

ui::App g_app;
Catalog g_base_catalog;  // bundled (or replaced) catalog before a provider file is applied
std::string g_model_notes;  // model-notes.bin once fetched: applied to every catalog installed after it
std::string g_model_notes_ru;  // model-notes-ru.bin (a page in Russian), the same way
std::string g_out;  // returned strings live here until the next call
bool g_started = false;
int g_cursor = -2;

double g_ui_ms = 0;  // the last layout pass (benchmark)
double g_start_ms[4] = {0, 0, 0, 0};  // gs_start: WebGL context, ImGui init, catalog, first state (benchmark)
double g_fonts_ms = 0;
double g_first_frame_start = 0, g_first_ui_ms = 0, g_first_frame_ms = 0;  // the first frame (benchmark)
long g_first_passes = 0;  // the layout passes the first frame took (benchmark)

EM_JS(void, js_fatal, (const char* text), {
    if (Module.onFatal) Module.onFatal(UTF8ToString(text));
});

// What the UI may ask of the page (ui/host.hpp): the platform's calls, given once at start-up.
void connect_ui_to_page() {
    ui::Host h;
    h.copy_text = platform::js_copy_text;
    h.download = platform::js_download;
    h.open_url = [](const std::string& url, bool order_link) { platform::js_open_url(url, order_link); };
    h.open_import = platform::js_open_import;
    h.switch_language = platform::js_switch_language;
    h.state_changed = platform::notify_state_changed;
    h.request_frame = platform::request_frame;
    h.provider_notice = platform::js_provider_notice;
    ui::set_host(std::move(h));
}

// One layout pass (platform/frames.hpp): ImGui's frame for the layout, no GL.
void layout_pass(const platform::FrameInfo& info) {
    const double t0 = platform::now_seconds();
    if (g_app.frames == 0) g_first_frame_start = t0 * 1e3;
    const bool cyrillic_page = ui::lang() == text::Lang::ru;
    if (platform::fonts_stale(info.dpr, cyrillic_page)) {
        const double f0 = platform::now_seconds();
        const platform::BakedFonts baked = platform::fonts_build(info.dpr, cyrillic_page);
        ui::fonts() = {baked.regular, baked.medium, baked.large};
        g_fonts_ms = (platform::now_seconds() - f0) * 1e3;
        platform::force_redraw();  // a new font texture: the same draw lists look different
    }
    if (info.dpr_changed) {
        g_app.dpr = info.dpr;
        g_app.apply_view();
    }
    ImGui::NewFrame();
    const bool capture = g_app.capture_text;
    ui::draw_app(g_app, info.dpr, info.display_w, info.display_h, info.view_top);
    if (capture) platform::request_frame();  // another pass with the sections as the user left them
    ImGui::Render();
    platform::platform_end_frame(g_app.imgui_scrolled ? g_app.main_scroll_px : info.view_top, g_app.content_height);
    g_ui_ms = (platform::now_seconds() - t0) * 1e3;
    ++g_app.frames;
    platform::sync_text_input(ImGui::GetIO().WantTextInput);
    const int cursor = ImGui::GetMouseCursor();
    if (cursor != g_cursor) { g_cursor = cursor; platform::js_set_cursor(cursor); }
}

// The shader program's link status is asked once, a while after the first frame: the question
// waits for the GPU process, which by then has nothing else to do. A failure replaces the blank
// canvas with a message.
void check_renderer_later() {
    emscripten_set_timeout([](void*) { if (*platform::gl_renderer_error()) js_fatal(platform::gl_renderer_error()); }, 1000, nullptr);
}

// The WebGL half of a frame: only when the picture changed (platform/frames.hpp).
void draw_gl(const platform::FrameInfo& info) {
    const double t0 = platform::now_seconds() * 1e3;
    glViewport(0, 0, info.width, info.height);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    platform::gl_renderer_draw(ImGui::GetDrawData());
    // Start the GPU on this frame now, while this thread goes on with the page's work. Chrome's GL
    // (ANGLE) records the commands and submits them when the browser reads the canvas back for the
    // screen, unless a fence asks for them: then a flush submits them at once.
    static GLsync fence = nullptr;
    if (fence) glDeleteSync(fence);
    fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glFlush();
    if (platform::gl_frames() == 0) {
        g_first_ui_ms = t0 - g_first_frame_start;  // every pass before the first draw, fonts included
        g_first_frame_ms = platform::now_seconds() * 1e3 - g_first_frame_start;
        g_first_passes = g_app.frames;
        platform::js_first_frame();
        check_renderer_later();
    }
}

const char* out(std::string s) {
    g_out = std::move(s);
    return g_out.c_str();
}

// A loaded catalog becomes the base (what provider files apply to) and the one in use; its errors
// become notices. A catalog with errors is not used (the calculator says so and stays empty).
bool use_base_catalog(CatalogLoad c) {
    for (const auto& e : c.errors) g_app.notices.push_back(e.to_string());
    if (!c.ok) return false;
    g_app.catalog = c.catalog;
    g_base_catalog = std::move(c.catalog);
    return true;
}

// A link's problems are shown until the user changes the state (App::set_state clears them).
void apply_link(const char* link) {
    platform::fonts_note_text(link ? link : "");
    DecodedLink d = decode_link(link ? link : "");
    g_app.set_state(d.state);
    g_app.link_warnings = d.warnings;
}

}  // namespace

extern "C" {

// Starts the UI with the page's start-up buffer (its one layout: app/start_args.hpp).
// Returns 1, or -1 without WebGL2, -2 without fonts.
EMSCRIPTEN_KEEPALIVE int gs_start(const char* args, int args_len) {
    if (g_started) return 0;
    const app::StartArgs a = app::parse_start_args(std::string_view(args ? args : "", size_t(args && args_len > 0 ? args_len : 0)));
    double t = platform::now_seconds();
    auto lap = [&t](int i) { const double n = platform::now_seconds(); g_start_ms[i] = (n - t) * 1e3; t = n; };
    EmscriptenWebGLContextAttributes attrs;
    emscripten_webgl_init_context_attributes(&attrs);
    attrs.majorVersion = 2;
    attrs.alpha = false;
    attrs.antialias = false;
    attrs.depth = false;
    attrs.stencil = false;
    attrs.enableExtensionsByDefault = false;  // ImGui needs none; enabling them all costs start-up time
    const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE ctx = emscripten_webgl_create_context("#canvas", &attrs);
    if (ctx <= 0) return -1;  // the page reports "WebGL2 unavailable"
    emscripten_webgl_make_context_current(ctx);
    g_started = true;
    connect_ui_to_page();
    lap(0);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    io.ConfigInputTextCursorBlink = false;  // a blinking caret would need frames while idle
    if (!platform::gl_renderer_init()) return -1;

    // The fonts are required: the module has no built-in one (CMakeLists.txt). One that failed to
    // download is replaced by the other; with neither the page says the calculator could not load.
    auto bytes = [](std::string_view b) { return std::vector<unsigned char>(b.begin(), b.end()); };
    if (!platform::fonts_set(bytes(a.font_regular), bytes(a.font_medium))) return -2;
    ui::set_language(a.lang);
    const bool russian_missing = a.lang == "ru" && ui::language() != "ru";
    g_app.dark = a.dark;
    g_app.embed.embed = a.embed;
    g_app.embed.full_url = a.full_url;
    g_app.embed.cta_template = a.cta;
    g_app.embed.has_accent = a.has_accent;
    g_app.embed.accent_rgb = a.accent;

    lap(1);
    // The site ships the catalog packed (catalog.bin): this module has no JSON parser (json_main.cpp).
    // (named for the file it came from: a damaged catalog.bin is reported as catalog.bin)
    use_base_catalog(unpack_catalog(a.catalog, "catalog.bin"));
    if (russian_missing) g_app.notices.push_back(ui::tr("The Russian text could not be loaded: the page is in English."));
    lap(2);
    platform::platform_init();
    platform::frames_init(layout_pass, draw_gl);
    apply_link(a.link.c_str());
    lap(3);
    platform::draw_frame_now();  // the first frame now, not one animation frame later
    // The state goes to the page (address, text mirror, host page) once this frame is on the screen
    // (gs_first_frame_shown), not in this task: the browser shows the frame when this task ends.
    return 1;
}

// app.js, as soon as the first frame is on the screen: the state notification gs_start held back
// (at once, not after the notification's debounce).
EMSCRIPTEN_KEEPALIVE void gs_first_frame_shown() { platform::flush_state_notification(); }

// A catalog the JSON module read (app/json_main.cpp: gsj_catalog): `packed` is empty when it was
// refused, `errors` its error lines (RS-separated). `as_base` 0: a provider file (extend or replace)
// over the bundled catalog; 1: the published catalog.json, after catalog.bin could not be read.
EMSCRIPTEN_KEEPALIVE void gs_apply_catalog(const char* packed, int len, const char* name, const char* errors, int as_base) {
    const std::string_view bytes(packed ? packed : "", size_t(packed && len > 0 ? len : 0));
    platform::fonts_note_text(bytes);
    platform::fonts_note_text(name ? name : "");
    platform::fonts_note_text(errors ? errors : "");
    const std::vector<std::string> lines = split_lines(errors ? errors : "");
    CatalogLoad c = bytes.empty() ? CatalogLoad{} : unpack_catalog(bytes, name ? name : "provider");
    if (c.ok) {  // the bundled models' notes, if already in
        apply_model_notes(g_model_notes, &c.catalog);
        apply_model_notes(g_model_notes_ru, &c.catalog);
    }
    if (as_base) {
        for (const auto& l : lines) g_app.notices.push_back(l);
        if (use_base_catalog(std::move(c)))
            g_app.notices.push_back(ui::tr("catalog.bin could not be read; the same catalog was loaded from catalog.json"));
        g_app.recompute();
        return;
    }
    // A new provider file replaces the previous one's notices, not the page's others.
    const std::string prefix = ui::tr("Provider catalog rejected, the bundled one is used: ");
    auto& n = g_app.notices;
    n.erase(std::remove_if(n.begin(), n.end(), [&](const std::string& t) { return t.rfind(prefix, 0) == 0; }), n.end());
    for (const auto& l : lines) g_app.add_provider_notice(prefix + l);
    for (const auto& e : c.errors) g_app.add_provider_notice(prefix + e.to_string());  // (a damaged hand-over)
    g_app.catalog = c.ok ? std::move(c.catalog) : g_base_catalog;
    g_app.recompute();
}

// The page refused a provider file before the loader saw it (web/catalog-check.js: too many entries).
EMSCRIPTEN_KEEPALIVE void gs_provider_refused(const char* name, const char* detail) {
    platform::fonts_note_text(name ? name : "");
    platform::fonts_note_text(detail ? detail : "");
    const std::string prefix = ui::tr("Provider catalog rejected, the bundled one is used: ");
    g_app.add_provider_notice(prefix + (name ? name : "provider") + ": " + (detail ? detail : ""));
    g_app.recompute();
}

// model-notes.bin, fetched after the first frame (catalog_binary.hpp: the notes catalog.bin leaves
// out), or model-notes-ru.bin on a page in Russian (its magic says which): the model list's tooltips
// show them from then on. Returns how many models got notes, or -1.
EMSCRIPTEN_KEEPALIVE int gs_model_notes(const char* bytes, int len) {
    const std::string_view b(bytes ? bytes : "", size_t(bytes && len > 0 ? len : 0));
    Catalog probe;
    if (apply_model_notes(b, &probe) < 0) {  // damaged or stale (its checksum): no notes, and said
        g_app.notices.push_back(ui::tr("The models' notes (model-notes.bin) could not be read: the model list shows "
                                       "no notes. Reload the page to try again."));
        platform::request_frame();
        return -1;
    }
    std::string& notes = model_notes_russian(b) ? g_model_notes_ru : g_model_notes;
    notes.assign(b);
    // Only the Russian notes need Cyrillic glyphs. (The file ends in a binary checksum, whose bytes can
    // read as a Cyrillic letter: scanning the English file once made the page bake the atlas again.)
    if (&notes == &g_model_notes_ru) platform::fonts_note_text(notes);
    apply_model_notes(notes, &g_base_catalog);
    const int filled = apply_model_notes(notes, &g_app.catalog);
    platform::request_frame();
    return filled;
}

// The loader's limits on the files the page reads (catalog/catalog_json.hpp), as JSON, so that the page
// refuses a file over them before copying it into a module (app.js; counts: web/catalog-check.js).
EMSCRIPTEN_KEEPALIVE const char* gs_file_limits() {
    std::string s = "{\"counts\":{";
    for (const char* list : limits::kCountedLists) ((s += '"') += list) += "\":" + std::to_string(limits::max_entries(list)) + ",";
    s.back() = '}';
    s += ",\"provider_bytes\":" + std::to_string(limits::kProviderFileBytes);
    s += ",\"config_bytes\":" + std::to_string(limits::kProviderFileBytes);
    s += ",\"index_bytes\":" + std::to_string(limits::kIndexFileBytes) + "}";
    return out(std::move(s));
}

// After a start whose catalog.bin could not be read (e.g. a stale cached copy from another build),
// the page has the JSON module read the published catalog.json (gs_apply_catalog, as_base 1).
EMSCRIPTEN_KEEPALIVE int gs_catalog_ok() { return g_app.catalog.gpus.empty() ? 0 : 1; }

// The page ignored a query parameter for safety (web/app/page.js, start.js): say so on the calculator.
EMSCRIPTEN_KEEPALIVE void gs_notice_ignored(const char* key) {
    const std::string k = key ? key : "";
    if (k == "catalog")
        g_app.notices.push_back(ui::tr("The provider catalog named in the address (?catalog=) was ignored: a catalog is used only "
                                       "inside a provider's embed (an iframe on the site that embed=1&origin= names) "
                                       "or from an origin this site allows."));
    else if (k == "cta")
        g_app.notices.push_back(ui::tr("The order link named in the address (?cta=) was ignored: it is used only inside a "
                                       "provider's embed (an iframe on the site that embed=1&origin= names) or from an "
                                       "origin this site allows."));
    else if (k == "origin")
        g_app.notices.push_back(ui::tr("Embedded without origin=: the host page cannot talk to the calculator (no auto-height, "
                                       "no events); add &origin=https://your-site.example to the iframe's address."));
    platform::request_frame();
}

// "Size your own model": a config.json (and optionally its model.safetensors.index.json) pasted or
// dropped on the page. On success the model becomes the state's custom model, in its native
// format (the link now carries it) and how the file was read is shown until the state changes.
// Returns {"ok", "errors": [...], "notes": [...]} for the page's dialog, in the UI's language.
// The JSON module imported it (json_main.cpp: gsj_import): `link` is the new state, `notes` how
// the files were read (coded, RS-separated). Returns the notes in the UI's language, RS-separated.
EMSCRIPTEN_KEEPALIVE const char* gs_apply_import(const char* link, const char* notes) {
    platform::fonts_note_text(link ? link : "");
    g_app.set_state(decode_link(link ? link : "").state);
    g_app.import_notes = decode_messages(notes ? notes : "");
    std::vector<std::string> lines;
    for (const auto& m : g_app.import_notes) lines.push_back(ui::message_text(m));
    return out(join_lines(lines));
}

// Coded notes (the JSON module's refusal of a config.json) as lines in the UI's language.
EMSCRIPTEN_KEEPALIVE const char* gs_render_notes(const char* notes) {
    std::vector<std::string> lines;
    for (const auto& m : decode_messages(notes ? notes : "")) lines.push_back(ui::message_text(m));
    return out(join_lines(lines));
}

// The JSON module's errors for a config.json ("where\x1fwhat" lines) in the UI's language.
EMSCRIPTEN_KEEPALIVE const char* gs_render_errors(const char* errors) {
    std::vector<std::string> lines;
    std::string all = errors ? errors : "";
    for (size_t start = 0; start <= all.size() && !all.empty();) {
        const size_t end = std::min(all.find('\x1e', start), all.size());
        const std::string line = all.substr(start, end - start);
        const size_t sep = line.find('\x1f');
        lines.push_back(sep == std::string::npos ? line
                                                 : line.substr(0, sep) + ": " + text::error_text(line.substr(sep + 1), ui::lang()));
        start = end + 1;
    }
    return out(join_lines(lines));
}

EMSCRIPTEN_KEEPALIVE void gs_set_link(const char* link) { apply_link(link); }
// The "order" link of result option `i` (-1: the recommended one), as the UI's button opens it; "" if none.
EMSCRIPTEN_KEEPALIVE const char* gs_order_url(int i) { return out(g_app.order_url(i < 0 ? g_app.result.recommended : i)); }
EMSCRIPTEN_KEEPALIVE const char* gs_get_link() { return out(g_app.link()); }
EMSCRIPTEN_KEEPALIVE const char* gs_result_json() { return out(g_app.page_json()); }

// Test hook: set one link key (same validation as a link).
EMSCRIPTEN_KEEPALIVE void gs_test_set(const char* key, const char* value) {
    const std::string link = g_app.link() + "&" + percent_encode_value(key ? key : "") + "=" + percent_encode_value(value ? value : "");
    apply_link(link.c_str());
}

EMSCRIPTEN_KEEPALIVE const char* gs_export(int kind) {
    switch (kind) {
        case 0: return out(result_markdown(g_app.result, ui::lang(), g_app.embed.full_url));
        case 1: return out(result_csv(g_app.result, ui::lang(), g_app.embed.full_url));
        case 3: return out(export_file_name(g_app.result, "json"));  // the Download JSON file's name
        default: return out(result_json(g_app.result, g_app.link_warnings, 2, ui::lang()));
    }
}

// Layout passes (every frame ImGui built) and WebGL frames (those that changed the picture).
EMSCRIPTEN_KEEPALIVE double gs_frame_count() { return double(g_app.frames); }
EMSCRIPTEN_KEEPALIVE double gs_gl_frame_count() { return double(platform::gl_frames()); }
EMSCRIPTEN_KEEPALIVE double gs_last_frame_ms(int ui_only) { return ui_only ? g_ui_ms : platform::last_frame_ms(); }
// Benchmark: 0-3 the parts of gs_start; the first frame: 4 font bake, 5 its start (ms since the page's
// time origin), 6 its layout passes (incl. the bake), 7 all of it (incl. GL calls), 8 how many passes.
EMSCRIPTEN_KEEPALIVE double gs_startup_ms(int part) {
    switch (part) {
        case 0: case 1: case 2: case 3: return g_start_ms[part];
        case 4: return g_fonts_ms;
        case 5: return g_first_frame_start;
        case 6: return g_first_ui_ms;
        case 8: return double(g_first_passes);
        default: return g_first_frame_ms;
    }
}
// Test hooks: every text the next frame draws through ImGui (1 asks, 0 reads), and the keyboard
// focus ("index/count", index -1 when no control has the focus ring).
EMSCRIPTEN_KEEPALIVE const char* gs_capture_text(int ask) {
    if (ask) { g_app.capture_text = true; g_app.captured_text.clear(); platform::request_frame(); return out(""); }
    return out(g_app.captured_text);
}
EMSCRIPTEN_KEEPALIVE const char* gs_focus_info() { return out(platform::focus_info()); }
EMSCRIPTEN_KEEPALIVE const char* gs_table_view() {
    const auto& t = g_app.table_view;
    return out(std::to_string(t.top_css) + "," + std::to_string(t.row_css) + "," + std::to_string(t.rows) + "," + (t.cards ? "1" : "0"));
}
// The headline figures' rows: each value's top in CSS px, "y,y,y;y,y" (tests: one baseline per row).
EMSCRIPTEN_KEEPALIVE const char* gs_figure_rows() {
    std::string s;
    for (const auto& row : g_app.figure_rows) {
        if (!s.empty()) s += ';';
        for (size_t i = 0; i < row.size(); ++i) s += (i ? "," : "") + std::to_string(row[i]);
    }
    return out(s);
}
EMSCRIPTEN_KEEPALIVE int gs_ui_height() { return int(g_app.content_height); }
EMSCRIPTEN_KEEPALIVE void gs_request_frame() { platform::request_frame(); }
EMSCRIPTEN_KEEPALIVE void gs_paste(const char* text) { platform::queue_text(text ? text : ""); }
// Touch (web/touch.js): pointer moves and presses in canvas CSS px, and inner-region scrolls.
EMSCRIPTEN_KEEPALIVE void gs_pointer(float x, float y, int button, int down) { platform::queue_pointer(x, y, button, down != 0); }
EMSCRIPTEN_KEEPALIVE void gs_scroll_region(float id, float dy) { platform::scroll_region(unsigned(id), dy); }
// Focus entering the canvas by keyboard (1: with Shift+Tab, from the end).
EMSCRIPTEN_KEEPALIVE void gs_focus_enter(int from_end) { platform::focus_enter(from_end != 0); platform::request_frame(); }
EMSCRIPTEN_KEEPALIVE void gs_key(int code, int down) { platform::queue_key(code, down != 0); }
// text-ru.bin, fetched by the page when it is in Russian or switches to it (text/language_pack.hpp).
// Returns "" when Russian is available, else what is wrong with the bytes (for the console).
EMSCRIPTEN_KEEPALIVE const char* gs_install_language(const char* bytes, int len) {
    std::string error;
    const bool ok = text::install_language_pack(std::string(bytes ? bytes : "", size_t(bytes && len > 0 ? len : 0)), &error);
    return out(ok ? "" : error.empty() ? "not installed" : error);
}
// The UI's language and theme ("ru,1"), for the page around the canvas.
EMSCRIPTEN_KEEPALIVE const char* gs_view_state() { return out(ui::language() + (g_app.dark ? ",1" : ",0")); }
EMSCRIPTEN_KEEPALIVE void gs_set_view(const char* lang, int dark) {
    if (lang && *lang) ui::set_language(lang);
    if (dark >= 0 && (dark != 0) != g_app.dark) {
        g_app.dark = dark != 0;
        g_app.apply_view();
    }
    g_app.recompute();
}

}  // extern "C"

int main() { return 0; }
