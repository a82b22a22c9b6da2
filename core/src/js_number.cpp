#include <kvs/js_number.h>

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace kvs {

// Number::toString (ECMAScript 6.1.6.1.20) from the shortest round-trip digits, which
// std::to_chars gives us (GCC 12 implements it with Ryu); only the notation is ours.
void appendJsNumber(double n, std::string &out)
{
    if (n != n) {
        out += "NaN";
        return;
    }
    if (std::isinf(n)) {
        out += n < 0 ? "-Infinity" : "Infinity";
        return;
    }
    if (n == 0) {
        out += '0';
        return;
    }
    if (n < 0) {
        out += '-';
        n = -n;
    }
    char buf[32];
    const auto result = std::to_chars(buf, buf + sizeof buf, n, std::chars_format::scientific);
    // buf is "d[.ddd]e[+-]xx": collect the digits and the decimal exponent.
    std::string digits;
    const char *p = buf;
    for (; p != result.ptr && *p != 'e'; ++p) {
        if (*p != '.')
            digits += *p;
    }
    const int exponent = std::atoi(std::string(static_cast<const char *>(p + 1), static_cast<const char *>(result.ptr)).c_str());
    const int k = static_cast<int>(digits.size());
    const int point = exponent + 1; // n = 0.digits * 10^point
    if (k <= point && point <= 21) {
        out += digits;
        out.append(static_cast<std::size_t>(point - k), '0');
    } else if (0 < point && point <= 21) {
        out.append(digits, 0, static_cast<std::size_t>(point));
        out += '.';
        out.append(digits, static_cast<std::size_t>(point));
    } else if (-6 < point && point <= 0) {
        out += "0.";
        out.append(static_cast<std::size_t>(-point), '0');
        out += digits;
    } else {
        out += digits[0];
        if (k > 1) {
            out += '.';
            out.append(digits, 1);
        }
        out += 'e';
        out += point - 1 >= 0 ? '+' : '-';
        out += std::to_string(std::abs(point - 1));
    }
}

std::string formatJsNumber(double n)
{
    std::string out;
    appendJsNumber(n, out);
    return out;
}

} // namespace kvs
