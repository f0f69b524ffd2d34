// The UI's calls to its page (host.hpp): each goes to the callback the platform gave, if any.
#include "ui/host.hpp"

namespace gpusizer::ui {
namespace {
Host& current() {
    static Host h;
    return h;
}
}  // namespace

void set_host(Host host) { current() = std::move(host); }

namespace host {
void copy_text(const std::string& text) { if (current().copy_text) current().copy_text(text); }
void download(const std::string& filename, const std::string& mime, const std::string& text) {
    if (current().download) current().download(filename, mime, text);
}
void open_url(const std::string& url, bool order_link) { if (current().open_url) current().open_url(url, order_link); }
void open_import() { if (current().open_import) current().open_import(); }
void switch_language(const char* lang) { if (current().switch_language) current().switch_language(lang); }
void state_changed(std::function<std::pair<std::string, std::string>()> make) {
    if (current().state_changed) current().state_changed(std::move(make));
}
void request_frame() { if (current().request_frame) current().request_frame(); }
void provider_notice(const std::string& text) { if (current().provider_notice) current().provider_notice(text); }
}  // namespace host

}  // namespace gpusizer::ui
