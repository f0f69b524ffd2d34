// Russian and English. UI code writes English; tr() returns the Russian text when it is on.
#pragma once

#include <string>

namespace gpusizer::ui {

void set_language(const std::string& lang);  // "ru" or "en"
const std::string& language();
const char* tr(const char* english);

}  // namespace gpusizer::ui
