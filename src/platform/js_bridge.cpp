// The JS bridge (platform.hpp): the calls into the page (web/app.js hooks on Module) and the
// debounced state notification.
#include "platform/platform.hpp"

#include <emscripten.h>
#include <emscripten/eventloop.h>

#include <functional>
#include <string>
#include <utility>

namespace gpusizer::platform {

EM_JS(void, js_text_input_impl, (int on), {
    if (Module.onTextInput) Module.onTextInput(!!on);
});

void sync_text_input(bool wanted) {
    static bool last = false;
    if (wanted != last) {
        last = wanted;
        js_text_input_impl(wanted ? 1 : 0);
    }
}

namespace {
std::function<std::pair<std::string, std::string>()> g_notify;
bool g_notify_pending = false;

void send_state_notification() {
    g_notify_pending = false;
    if (!g_notify) return;
    const auto [link, json] = g_notify();
    js_state_changed(link, json);
}
}  // namespace

void notify_state_changed(std::function<std::pair<std::string, std::string>()> make) {
    g_notify = std::move(make);
    if (g_notify_pending) return;
    g_notify_pending = true;
    emscripten_set_timeout([](void*) { if (g_notify_pending) send_state_notification(); }, 120, nullptr);
}

void flush_state_notification() {
    if (g_notify_pending) send_state_notification();
}

EM_JS(void, js_state_changed_impl, (const char* link, const char* summary), {
    if (Module.onStateChanged) Module.onStateChanged(UTF8ToString(link), UTF8ToString(summary));
});
EM_JS(void, js_copy_text_impl, (const char* text), {
    if (Module.copyText) Module.copyText(UTF8ToString(text));
});
EM_JS(void, js_download_impl, (const char* name, const char* mime, const char* text), {
    if (Module.download) Module.download(UTF8ToString(name), UTF8ToString(mime), UTF8ToString(text));
});
EM_JS(void, js_open_url_impl, (const char* url, int order_link), {
    if (Module.openUrl) Module.openUrl(UTF8ToString(url), order_link !== 0);
});
EM_JS(void, js_open_import_impl, (), {
    if (Module.openImport) Module.openImport();
});
EM_JS(void, js_switch_language_impl, (const char* lang), {
    if (Module.switchLanguage) Module.switchLanguage(UTF8ToString(lang));
});
EM_JS(void, js_provider_notice_impl, (const char* text), {
    if (Module.onProviderNotice) Module.onProviderNotice(UTF8ToString(text));
});
EM_JS(void, js_first_frame_impl, (), {
    if (Module.onFirstFrame) Module.onFirstFrame();
});
EM_JS(void, js_set_cursor_impl, (int c), {
    const names = ['default', 'text', 'move', 'ns-resize', 'ew-resize', 'nesw-resize', 'nwse-resize', 'pointer', 'not-allowed'];
    document.getElementById('canvas').style.cursor = c < 0 ? 'none' : (names[c] || 'default');
});

void js_state_changed(const std::string& link, const std::string& summary) { js_state_changed_impl(link.c_str(), summary.c_str()); }
void js_copy_text(const std::string& text) { js_copy_text_impl(text.c_str()); }
void js_download(const std::string& f, const std::string& m, const std::string& t) { js_download_impl(f.c_str(), m.c_str(), t.c_str()); }
void js_open_url(const std::string& url, bool order_link) { js_open_url_impl(url.c_str(), order_link ? 1 : 0); }
void js_open_import() { js_open_import_impl(); }
void js_switch_language(const char* lang) { js_switch_language_impl(lang); }
void js_first_frame() { js_first_frame_impl(); }
void js_provider_notice(const std::string& text) { js_provider_notice_impl(text.c_str()); }
void js_set_cursor(int c) { js_set_cursor_impl(c); }

double now_seconds() { return emscripten_get_now() / 1000.0; }

}  // namespace gpusizer::platform
