// Internal to the config.json importer: the family readers (hf_families.cpp).
#pragma once

#include <map>
#include <string>

#include "catalog/hf_arch.hpp"
#include "catalog/hf_fields.hpp"

namespace gpusizer::hf {

struct FamilyRead {
    bool unsupported = false;  // a family gpusizer does not size yet
    std::string kind;          // what it is ("encoder-decoder text model"), "" when not known
    std::string nearest;       // the nearest family it sizes
};

// Reads the model the config describes into `a`, in its family's vocabulary; errors and notes go to
// the Fields' lists. Layer kinds it does not know are counted in `unknown_kinds` (sized as attention).
FamilyRead read_family(Fields& f, Arch& a, std::map<std::string, int>& unknown_kinds);

}  // namespace gpusizer::hf
