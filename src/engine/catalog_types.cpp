#include "engine/catalog_types.hpp"

#include <cctype>
#include <string>

namespace gpusizer {
namespace {

bool equals_ignore_case(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (std::string::size_type i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// A GPU's designation as people write it: lower case, letters and digits only, without the vendor's
// and the product line's words ("NVIDIA GeForce RTX 4090" and "rtx-4090" both read "rtx4090").
std::string gpu_words(const std::string& s) {
    std::string out;
    for (char c : s.substr(0, s.find('(')))  // a name's remark in brackets is not part of it
        if (std::isalnum(static_cast<unsigned char>(c))) out += char(std::tolower(static_cast<unsigned char>(c)));
    for (bool cut = true; cut;) {
        cut = false;
        for (const char* word : {"nvidia", "amd", "geforce", "instinct", "tesla"})
            if (out.rfind(word, 0) == 0 && out.size() > std::char_traits<char>::length(word)) {
                out.erase(0, std::char_traits<char>::length(word));
                cut = true;
            }
    }
    return out;
}

// A name without its trailing memory size, as a word of its own ("NVIDIA L4 24GB" -> "NVIDIA L4").
std::string without_memory(const std::string& name) {
    std::string n = name.substr(0, name.find('('));
    while (!n.empty() && n.back() == ' ') n.pop_back();
    const auto space = n.rfind(' ');
    if (space == std::string::npos) return n;
    const std::string last = n.substr(space + 1);
    const bool size = last.size() > 2 && std::isdigit(static_cast<unsigned char>(last[0])) &&
                      equals_ignore_case(last.substr(last.size() - 2), "gb");
    return size ? n.substr(0, space) : n;
}

std::string owner_less(const std::string& id) {
    const auto slash = id.rfind('/');
    return slash == std::string::npos ? id : id.substr(slash + 1);
}

}  // namespace

// The GPU whose designation (id or name) reads as the one typed; nullptr unless exactly one does.
const GpuSpec* Catalog::find_gpu_by_name(const std::string& typed) const {
    const std::string words = gpu_words(typed);
    if (words.empty()) return nullptr;
    for (const auto& g : gpus)
        if (gpu_words(g.id) == words) return &g;
    for (const bool memory : {true, false}) {  // the full name first, then without its memory size
        const GpuSpec* found = nullptr;
        int count = 0;
        for (const auto& g : gpus)
            if (gpu_words(memory ? g.name : without_memory(g.name)) == words) found = &g, ++count;
        if (count == 1) return found;
        if (count > 1) return nullptr;
    }
    return nullptr;
}

std::string Catalog::full_model_id(const std::string& typed) const {
    if (typed.empty() || typed.find('/') != std::string::npos) return {};
    // Ids with an owner whose name part reads as typed; they must all stand for one thing (a model
    // and an alias to it are one; a GPU alias has no owner and is not a candidate).
    std::string found, found_target;
    auto consider = [&](const std::string& id, const std::string& target) {
        if (id.find('/') == std::string::npos || !equals_ignore_case(owner_less(id), typed)) return true;
        if (!found.empty() && !equals_ignore_case(found_target, target)) return false;  // ambiguous
        if (found.empty() || equals_ignore_case(id, target)) found = id;  // the model's own id first
        found_target = target;
        return true;
    };
    for (const auto& m : models)
        if (!consider(m.id, m.id)) return {};
    for (const auto& a : aliases)
        if (!consider(a.first, a.second)) return {};
    for (const auto& v : variants)
        if (!consider(v.id, v.id)) return {};
    return found;
}

bool Catalog::is_gpu_id(const std::string& id) const {
    for (const auto& g : gpus)
        if (equals_ignore_case(g.id, id)) return true;
    return false;
}

const GpuSpec* Catalog::find_gpu(const std::string& id) const {
    auto own_id = [&](const std::string& wanted) -> const GpuSpec* {
        for (const auto& g : gpus)
            if (equals_ignore_case(g.id, wanted)) return &g;
        return nullptr;
    };
    if (const GpuSpec* g = own_id(id)) return g;
    // An alias as written, a card's id or name spelled loosely, then an alias spelled loosely ("H100 80GB").
    for (const auto& [from, to] : aliases)
        if (equals_ignore_case(from, id))
            if (const GpuSpec* g = own_id(to)) return g;
    if (const GpuSpec* g = find_gpu_by_name(id)) return g;
    const std::string words = gpu_words(id);
    if (words.empty()) return nullptr;
    for (const auto& [from, to] : aliases)
        if (from.find('/') == std::string::npos && gpu_words(from) == words)
            if (const GpuSpec* g = own_id(to)) return g;
    return nullptr;
}

const ModelVariant* Catalog::find_variant(const std::string& id) const {
    for (const auto& v : variants)
        if (equals_ignore_case(v.id, id)) return &v;
    const std::string full = full_model_id(id);
    return full.empty() || equals_ignore_case(full, id) ? nullptr : find_variant(full);
}

const ModelSpec* Catalog::find_model(const std::string& id, std::string* via_alias) const {
    for (const auto& m : models)
        if (equals_ignore_case(m.id, id)) return &m;
    for (const auto& [from, to] : aliases) {
        if (!equals_ignore_case(from, id)) continue;
        for (const auto& m : models)
            if (equals_ignore_case(m.id, to)) {
                if (via_alias) *via_alias = from;
                return &m;
            }
    }
    const std::string full = full_model_id(id);  // an id without its owner: "qwen3-8b"
    return full.empty() || equals_ignore_case(full, id) ? nullptr : find_model(full, via_alias);
}

}  // namespace gpusizer
