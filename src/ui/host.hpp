// What the UI asks of the page it runs in: copy, download, open a URL or the import dialog, switch
// language, say that the state changed, ask for a frame. The platform (src/app/web_main.cpp) gives
// these callbacks at start-up; the UI never includes the platform, so the arrows point one way.
// A callback not given does nothing (a program without a page, such as the native tests).
#pragma once

#include <functional>
#include <string>
#include <utility>

namespace gpusizer::ui {

struct Host {
    std::function<void(const std::string& text)> copy_text;
    std::function<void(const std::string& filename, const std::string& mime, const std::string& text)> download;
    // order_link: an order button (an embedding page hears it as 'cta'); false for any other link.
    std::function<void(const std::string& url, bool order_link)> open_url;
    std::function<void()> open_import;           // the page's "size your own model" dialog
    std::function<void(const char* lang)> switch_language;  // the page fetches that language first
    // The state changed; the page calls `make` (link, text mirror JSON) when it needs them.
    std::function<void(std::function<std::pair<std::string, std::string>()> make)> state_changed;
    std::function<void()> request_frame;
    // In an embed: a notice only the provider can act on, for the host page (not the buyer).
    std::function<void(const std::string& text)> provider_notice;
};

void set_host(Host host);

namespace host {
void copy_text(const std::string& text);
void download(const std::string& filename, const std::string& mime, const std::string& text);
void open_url(const std::string& url, bool order_link = true);
void open_import();
void switch_language(const char* lang);
void state_changed(std::function<std::pair<std::string, std::string>()> make);
void request_frame();
void provider_notice(const std::string& text);
}  // namespace host

}  // namespace gpusizer::ui
