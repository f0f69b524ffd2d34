#include "engine/catalog_types.hpp"

#include <cctype>

namespace gpusizer {
namespace {

bool equals_ignore_case(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (std::string::size_type i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

}  // namespace

bool Catalog::is_gpu_id(const std::string& id) const {
    for (const auto& g : gpus)
        if (equals_ignore_case(g.id, id)) return true;
    return false;
}

const GpuSpec* Catalog::find_gpu(const std::string& id) const {
    for (const auto& g : gpus)
        if (equals_ignore_case(g.id, id)) return &g;
    for (const auto& [from, to] : aliases)
        if (equals_ignore_case(from, id))
            for (const auto& g : gpus)
                if (equals_ignore_case(g.id, to)) return &g;
    return nullptr;
}

const ModelVariant* Catalog::find_variant(const std::string& id) const {
    for (const auto& v : variants)
        if (equals_ignore_case(v.id, id)) return &v;
    return nullptr;
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
    return nullptr;
}

}  // namespace gpusizer
