// Coded messages (engine/message.hpp) and plain text lists as one string, to pass between the page's
// two WebAssembly modules: the JSON module (provider files, config.json import) reports what it read
// as codes, and the page's module renders them in the UI's language.
//
// Format: messages are separated by RS (0x1E), a message's fields by US (0x1F): the code, then one
// field per parameter, "<kind><name>=<value>" with kind n (number, %.17g), t (text) or c (a term's
// code). Control characters 0x1C–0x1F inside names and texts become spaces when encoded. Decoding
// takes any string: a malformed field is skipped, never read past.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/message.hpp"

namespace gpusizer {

std::string encode_messages(const std::vector<Message>& messages);
std::vector<Message> decode_messages(std::string_view encoded);

// Plain strings (error lines) separated by RS.
std::string join_lines(const std::vector<std::string>& lines);
std::vector<std::string> split_lines(std::string_view joined);

}  // namespace gpusizer
