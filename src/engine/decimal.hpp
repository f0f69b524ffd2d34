// Fixed-point text of a number, exactly what printf("%.*f") writes, without printf for the common
// case. The page formats a few thousand numbers before its first frame; through printf that made
// musl's printf_core and fmt_fp hot enough for Chromium to recompile them with its optimising
// compiler during start-up, and each call costs several times the arithmetic below.
#pragma once

#include <string>

namespace gpusizer {

// printf("%.*f", decimals, v): the exact binary value rounded to `decimals` digits (ties to even),
// "-" for every negative value (also "-0.0"), "inf" / "nan" as printf spells them.
std::string fixed_decimal(double v, int decimals);

}  // namespace gpusizer
