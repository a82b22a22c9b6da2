#include <kvs/js_number.h>

#include <charconv>
#include <cmath>

namespace kvs {

// Number::toString (ECMAScript 6.1.6.1.20) from the shortest round-trip digits, which
// std::to_chars gives us (GCC 12 implements it with Ryu); only the notation is ours. Every value
// write formats its numbers here, so this appends from stack buffers and allocates nothing.
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
    char buf[32];
    // An integer below 2^53 is its own shortest form (no other integer is within half an ulp),
    // so its plain digits are JavaScript's: the common case, without the shortest-digits search.
    if (std::fabs(n) < 9007199254740992.0 && n == std::trunc(n)) {
        const auto result = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(n));
        out.append(buf, result.ptr);
        return;
    }
    if (n < 0) {
        out += '-';
        n = -n;
    }
    const auto result = std::to_chars(buf, buf + sizeof buf, n, std::chars_format::scientific);
    // buf is "d[.ddd]e[+-]xx": collect the digits and the decimal exponent.
    char digits[24];
    int k = 0;
    const char *p = buf;
    for (; p != result.ptr && *p != 'e'; ++p) {
        if (*p != '.')
            digits[k++] = *p;
    }
    int exponent = 0;
    std::from_chars(p[1] == '+' ? p + 2 : p + 1, result.ptr, exponent);
    const int point = exponent + 1; // n = 0.digits * 10^point
    const auto size = [](int count) {
        return static_cast<std::size_t>(count);
    };
    if (k <= point && point <= 21) {
        out.append(digits, size(k));
        out.append(size(point - k), '0');
    } else if (0 < point && point <= 21) {
        out.append(digits, size(point));
        out += '.';
        out.append(digits + point, size(k - point));
    } else if (-6 < point && point <= 0) {
        out += "0.";
        out.append(size(-point), '0');
        out.append(digits, size(k));
    } else {
        out += digits[0];
        if (k > 1) {
            out += '.';
            out.append(digits + 1, size(k - 1));
        }
        out += 'e';
        out += point - 1 >= 0 ? '+' : '-';
        const auto exp = std::to_chars(buf, buf + sizeof buf, std::abs(point - 1));
        out.append(buf, exp.ptr);
    }
}

std::string formatJsNumber(double n)
{
    std::string out;
    appendJsNumber(n, out);
    return out;
}

} // namespace kvs
