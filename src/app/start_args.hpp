// The page's start-up arguments (web/app/start.js → gs_start), one buffer in one documented layout:
//
//   key=value\n … \n           text lines, then one empty line
//   <bytes of each blob>        the blobs, one after another, in the order of their keys above
//
// Text keys: lang (en, ru), dark (0/1), embed (0/1), full_url (the page without embed flags),
// cta (the trusted ?cta= order-link template, or empty), accent (0xRRGGBB as a decimal number;
// absent or empty: none), link (the URL fragment as it is). Blob keys, whose value is the blob's
// length in bytes: catalog (catalog.bin), font_regular, font_medium (TTF; 0 when one failed to
// download). Unknown keys are ignored; values hold no line breaks (app.js drops them: URLs, ids and
// a fragment have none). A blob that runs past the end is cut at the end.
#pragma once

#include <string>
#include <string_view>

namespace gpusizer::app {

struct StartArgs {
    std::string_view catalog, font_regular, font_medium;  // views into the buffer
    std::string lang = "en", full_url, cta, link;
    bool dark = false, embed = false, has_accent = false;
    unsigned accent = 0;
};

StartArgs parse_start_args(std::string_view buffer);

}  // namespace gpusizer::app
