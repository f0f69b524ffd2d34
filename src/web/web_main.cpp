// WebAssembly entry points: the page (web/app.js) starts the app with the catalog and fonts,
// then drives it through these exports (links, provider catalogs, test hooks).
#include <GLES3/gl3.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <string>
#include <vector>

#include "catalog/catalog_json.hpp"
#include "link/link.hpp"
#include "report/report.hpp"
#include "ui/app.hpp"
#include "ui/i18n.hpp"
#include "ui/theme.hpp"
#include "web/platform.hpp"

using namespace gpusizer;

namespace {

ui::App g_app;
Catalog g_base_catalog;  // bundled (or replaced) catalog before a provider file is applied
std::vector<unsigned char> g_font_regular, g_font_medium;
std::string g_out;  // returned strings live here until the next call
bool g_started = false;
int g_cursor = -2;

constexpr float kBaseFontPx = 15.0f;
const ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x0400, 0x045F, 0x2010, 0x2030, 0x2039, 0x203A, 0x20AC, 0x20AC,
                                0x20BD, 0x20BD, 0x2116, 0x2116, 0x2190, 0x2197, 0x2212, 0x2212, 0x221E, 0x221E,
                                0x2248, 0x2248, 0x2260, 0x2265, 0x25B2, 0x25C0, 0x2713, 0x2715, 0};

void build_fonts(float dpr) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = false;  // we keep the TTF bytes to rebuild at another DPR
    cfg.OversampleH = 2;
    cfg.OversampleV = 1;
    auto add = [&](std::vector<unsigned char>& ttf, float px) -> ImFont* {
        if (ttf.empty()) return io.Fonts->AddFontDefault();
        return io.Fonts->AddFontFromMemoryTTF(ttf.data(), int(ttf.size()), px * dpr, &cfg, kGlyphRanges);
    };
    ui::Fonts& f = ui::fonts();
    f.regular = add(g_font_regular, kBaseFontPx);
    f.medium = add(g_font_medium.empty() ? g_font_regular : g_font_medium, kBaseFontPx + 1);
    f.large = add(g_font_medium.empty() ? g_font_regular : g_font_medium, 22.0f);
    io.Fonts->Build();
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
}

double g_frame_ms = 0, g_ui_ms = 0;  // last frame: total and ImGui layout (benchmark)
double g_start_ms[4] = {0, 0, 0, 0};  // gs_start: WebGL context, ImGui init, catalog, first state (benchmark)
double g_fonts_ms = 0;

void frame(const web::FrameInfo& info) {
    const double t0 = web::now_seconds();
    if (info.dpr_changed) {
        const double f0 = web::now_seconds();
        build_fonts(info.dpr);
        g_fonts_ms = (web::now_seconds() - f0) * 1e3;
        g_app.dpr = info.dpr;
        g_app.apply_view();
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    ui::draw_app(g_app, info.dpr, float(info.width), float(info.height));
    ImGui::Render();
    g_ui_ms = (web::now_seconds() - t0) * 1e3;
    glViewport(0, 0, info.width, info.height);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    g_frame_ms = (web::now_seconds() - t0) * 1e3;
    if (++g_app.frames == 1) web::js_first_frame();
    web::sync_text_input(ImGui::GetIO().WantTextInput);
    const int cursor = ImGui::GetMouseCursor();
    if (cursor != g_cursor) { g_cursor = cursor; web::js_set_cursor(cursor); }
}

const char* out(std::string s) {
    g_out = std::move(s);
    return g_out.c_str();
}

void apply_link(const char* link) {
    DecodedLink d = decode_link(link ? link : "");
    g_app.link_warnings = d.warnings;
    g_app.set_state(d.state);
}

}  // namespace

extern "C" {

// Starts the UI. `catalog` is the bundled catalog JSON; fonts are TTF bytes (may be empty).
EMSCRIPTEN_KEEPALIVE int gs_start(const char* catalog, int catalog_len, const unsigned char* font_regular, int regular_len,
                                  const unsigned char* font_medium, int medium_len, const char* lang, int dark, int embed,
                                  const char* full_url, const char* cta, unsigned accent, int has_accent, const char* link) {
    if (g_started) return 0;
    double t = web::now_seconds();
    auto lap = [&t](int i) { const double n = web::now_seconds(); g_start_ms[i] = (n - t) * 1e3; t = n; };
    EmscriptenWebGLContextAttributes attrs;
    emscripten_webgl_init_context_attributes(&attrs);
    attrs.majorVersion = 2;
    attrs.alpha = false;
    attrs.antialias = false;
    attrs.depth = false;
    attrs.stencil = false;
    const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE ctx = emscripten_webgl_create_context("#canvas", &attrs);
    if (ctx <= 0) return -1;  // the page reports "WebGL2 unavailable"
    emscripten_webgl_make_context_current(ctx);
    g_started = true;
    lap(0);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    io.ConfigInputTextCursorBlink = false;  // a blinking caret would need frames while idle
    ImGui_ImplOpenGL3_Init("#version 300 es");

    if (font_regular && regular_len > 0) g_font_regular.assign(font_regular, font_regular + regular_len);
    if (font_medium && medium_len > 0) g_font_medium.assign(font_medium, font_medium + medium_len);
    ui::set_language(lang ? lang : "en");
    g_app.dark = dark != 0;
    g_app.embed.embed = embed != 0;
    g_app.embed.full_url = full_url ? full_url : "";
    g_app.embed.cta_template = cta ? cta : "";
    g_app.embed.has_accent = has_accent != 0;
    g_app.embed.accent_rgb = accent;

    lap(1);
    CatalogLoad c = load_catalog(std::string_view(catalog ? catalog : "", size_t(catalog_len > 0 ? catalog_len : 0)), "catalog.json");
    if (!c.ok)
        for (const auto& e : c.errors) g_app.notices.push_back(e.to_string());
    g_base_catalog = c.catalog;
    g_app.catalog = c.catalog;
    lap(2);
    web::platform_init(frame);
    apply_link(link);
    lap(3);
    return 1;
}

// A provider's catalog file (extend or replace). Returns the errors as JSON ("[]" when applied).
EMSCRIPTEN_KEEPALIVE const char* gs_set_catalog(const char* json_text, int len, const char* name) {
    CatalogLoad p = apply_provider_catalog(g_base_catalog, std::string_view(json_text, size_t(len > 0 ? len : 0)), name ? name : "provider");
    std::string errors = "[";
    g_app.notices.clear();
    for (const auto& e : p.errors) {
        g_app.notices.push_back(std::string(ui::tr("Provider catalog rejected, the bundled one is used: ")) + e.to_string());
        std::string t = e.to_string(), esc;
        for (char ch : t) esc += ch == '"' || ch == '\\' ? std::string("\\") + ch : std::string(1, ch);
        errors += (errors.size() > 1 ? ",\"" : "\"") + esc + "\"";
    }
    g_app.catalog = p.catalog;
    g_app.recompute();
    return out(errors + "]");
}

EMSCRIPTEN_KEEPALIVE void gs_set_link(const char* link) { apply_link(link); }
EMSCRIPTEN_KEEPALIVE const char* gs_get_link() { return out(g_app.link()); }
EMSCRIPTEN_KEEPALIVE const char* gs_result_json() { return out(g_app.page_json()); }

// Test hook: set one link key (same validation as a link).
EMSCRIPTEN_KEEPALIVE void gs_test_set(const char* key, const char* value) {
    const std::string link = g_app.link() + "&" + percent_encode_value(key ? key : "") + "=" + percent_encode_value(value ? value : "");
    apply_link(link.c_str());
}

EMSCRIPTEN_KEEPALIVE const char* gs_export(int kind) {
    switch (kind) {
        case 0: return out(result_markdown(g_app.result));
        case 1: return out(result_csv(g_app.result));
        default: return out(result_json(g_app.result, g_app.link_warnings));
    }
}

EMSCRIPTEN_KEEPALIVE double gs_frame_count() { return double(g_app.frames); }
EMSCRIPTEN_KEEPALIVE double gs_last_frame_ms(int ui_only) { return ui_only ? g_ui_ms : g_frame_ms; }
// Benchmark: 0-3 the parts of gs_start, 4 the font bake of the first frame.
EMSCRIPTEN_KEEPALIVE double gs_startup_ms(int part) { return part >= 0 && part < 4 ? g_start_ms[part] : g_fonts_ms; }
EMSCRIPTEN_KEEPALIVE int gs_ui_height() { return int(g_app.content_height); }
EMSCRIPTEN_KEEPALIVE void gs_request_frame() { web::request_frames(2); }
EMSCRIPTEN_KEEPALIVE void gs_paste(const char* text) { web::queue_text(text ? text : ""); }
EMSCRIPTEN_KEEPALIVE void gs_key(int code, int down) { web::queue_key(code, down != 0); }
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
