#pragma once

#include <string>

namespace kvs {

/// Appends JavaScript's Number.prototype.toString() of n: the shortest round-trip digits in JS
/// notation ("1e+21", "1e-7", "0.1", "NaN", "-Infinity"); -0 prints as "0" (use the literal
/// printer for "-0").
void appendJsNumber(double n, std::string &out);
[[nodiscard]] std::string formatJsNumber(double n);

} // namespace kvs
