#include <kvs/error_signature.h>

#include <QCryptographicHash>

#include <cstddef>

namespace kvs {

namespace {

// A hand-written scanner rather than a list of regular expressions: one pass per error, so that
// grouping 100,000 dead letters costs little beside reading them (bench op queue_dead_groups).
class SignatureScanner
{
public:
    explicit SignatureScanner(std::string_view text)
        : m_s(text)
    {
        m_out.reserve(text.size());
    }

    std::string run()
    {
        while (m_i < m_s.size()) {
            if (const std::size_t end = quoted(m_i)) {
                replaceUpTo("<str>", end);
                continue;
            }
            if (startsWord(m_i) && variablePart())
                continue;
            m_out += m_s[m_i++];
        }
        return std::move(m_out);
    }

private:
    static bool isDigit(char c) { return c >= '0' && c <= '9'; }
    static bool isHex(char c)
    {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
    static bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
    // Bytes of UTF-8 sequences count as letters: "größe2" is one word.
    static bool isWord(char c)
    {
        return isDigit(c) || isLetter(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
    }

    char at(std::size_t i) const { return i < m_s.size() ? m_s[i] : '\0'; }
    bool wordBefore(std::size_t i) const { return i > 0 && isWord(m_s[i - 1]); }
    // Not inside a word, nor after "word." (v1.2.3.4 is a name, not v1. and an address).
    bool startsWord(std::size_t i) const
    {
        return !wordBefore(i) && !(i >= 2 && m_s[i - 1] == '.' && isWord(m_s[i - 2]));
    }
    bool wordAt(std::size_t i) const { return i < m_s.size() && isWord(m_s[i]); }

    // Writes placeholder for the text up to end; true.
    bool replaceUpTo(const char *placeholder, std::size_t end)
    {
        m_out += placeholder;
        m_i = end;
        return true;
    }

    // n digits from i; the end, or 0.
    std::size_t digits(std::size_t i, std::size_t n) const
    {
        for (std::size_t k = 0; k < n; ++k) {
            if (!isDigit(at(i + k)))
                return 0;
        }
        return i + n;
    }
    std::size_t digitRun(std::size_t i) const
    {
        while (isDigit(at(i)))
            ++i;
        return i;
    }

    // The end of a quoted string starting at i, or 0.
    std::size_t quoted(std::size_t i) const
    {
        const char quote = m_s[i];
        if (quote != '"' && quote != '\'' && quote != '`')
            return 0;
        if (quote == '\'' && wordBefore(i))
            return 0; // an apostrophe
        for (std::size_t k = i + 1; k < m_s.size(); ++k) {
            if (quote == '"' && m_s[k] == '\\') {
                ++k;
                continue;
            }
            if (m_s[k] == quote) {
                if (quote == '\'' && wordAt(k + 1))
                    continue; // it's inside the quote
                return k + 1;
            }
        }
        return 0;
    }

    // Tries every rule but the quote at m_i (the start of a word); true when one emitted.
    bool variablePart()
    {
        if (std::size_t end = timestamp(m_i))
            return replaceUpTo("<time>", end);
        if (std::size_t end = uuid(m_i))
            return replaceUpTo("<uuid>", end);
        if (std::size_t end = ipAddress(m_i))
            return replaceUpTo("<ip>", end);
        if (std::size_t end = path(m_i))
            return replaceUpTo("<path>", end);
        if (std::size_t end = hexNumber(m_i))
            return replaceUpTo("<hex>", end);
        if (std::size_t end = number(m_i))
            return replaceUpTo("<num>", end);
        return false;
    }

    // hh:mm[:ss[.fff]] from i; the end, or 0.
    std::size_t timeOfDay(std::size_t i, bool secondsRequired) const
    {
        std::size_t k = digits(i, 2);
        if (!k || at(k) != ':' || !digits(k + 1, 2))
            return 0;
        k += 3;
        if (at(k) == ':' && digits(k + 1, 2)) {
            k += 3;
            if ((at(k) == '.' || at(k) == ',') && isDigit(at(k + 1)))
                k = digitRun(k + 1);
        } else if (secondsRequired) {
            return 0;
        }
        return k;
    }

    std::size_t timestamp(std::size_t i) const
    {
        std::size_t k = digits(i, 4);
        if (k && at(k) == '-' && digits(k + 1, 2) && at(k + 3) == '-' && digits(k + 4, 2)) {
            k += 6;
            if ((at(k) == 'T' || at(k) == ' ') && timeOfDay(k + 1, false)) {
                k = timeOfDay(k + 1, false);
                if (at(k) == 'Z') {
                    ++k;
                } else if ((at(k) == '+' || at(k) == '-') && digits(k + 1, 2)) {
                    k += 3;
                    if (at(k) == ':' && digits(k + 1, 2))
                        k += 3;
                    else if (digits(k, 2))
                        k += 2;
                }
            }
            return wordAt(k) ? 0 : k;
        }
        k = timeOfDay(i, true);
        return k && !wordAt(k) ? k : 0;
    }

    std::size_t uuid(std::size_t i) const
    {
        static constexpr std::size_t kGroups[] = {8, 4, 4, 4, 12};
        std::size_t k = i;
        for (std::size_t g = 0; g < 5; ++g) {
            if (g > 0) {
                if (at(k) != '-')
                    return 0;
                ++k;
            }
            for (std::size_t n = 0; n < kGroups[g]; ++n, ++k) {
                if (!isHex(at(k)))
                    return 0;
            }
        }
        return wordAt(k) ? 0 : k;
    }

    // :port after an address ending at k; the end.
    std::size_t port(std::size_t k) const
    {
        if (at(k) == ':' && isDigit(at(k + 1)))
            return digitRun(k + 1);
        return k;
    }

    std::size_t ipAddress(std::size_t i) const
    {
        // IPv4: four parts of 1-3 digits.
        std::size_t k = i;
        for (int part = 0; part < 4; ++part) {
            if (part > 0) {
                if (at(k) != '.')
                    break;
                ++k;
            }
            const std::size_t end = digitRun(k);
            if (end == k || end - k > 3)
                break;
            k = end;
            if (part == 3) {
                k = port(k);
                return wordAt(k) || (at(k) == '.' && isDigit(at(k + 1))) ? 0 : k;
            }
        }
        // IPv6 in brackets, with an optional port.
        if (at(i) == '[') {
            const std::size_t end = ipv6(i + 1);
            if (end && at(end) == ']')
                return port(end + 1);
            return 0;
        }
        const std::size_t end = ipv6(i);
        return end && !wordAt(end) ? end : 0;
    }

    // A run of hex digits and colons with "::" or seven colons and a decimal digit; its end, or 0.
    std::size_t ipv6(std::size_t i) const
    {
        std::size_t k = i;
        int colons = 0;
        bool doubleColon = false, digit = false;
        while (isHex(at(k)) || at(k) == ':') {
            if (at(k) == ':') {
                ++colons;
                doubleColon = doubleColon || at(k + 1) == ':';
            }
            digit = digit || isDigit(at(k));
            ++k;
        }
        return digit && colons >= 2 && (doubleColon || colons == 7) ? k : 0;
    }

    std::size_t path(std::size_t i) const
    {
        std::size_t k = i;
        if (at(k) == '/') {
            if (i > 0 && (m_s[i - 1] == ':' || m_s[i - 1] == '/'))
                return 0;
            k += 1;
        } else if (at(k) == '.' && at(k + 1) == '/') {
            k += 2;
        } else if (at(k) == '.' && at(k + 1) == '.' && at(k + 2) == '/') {
            k += 3;
        } else if (at(k) == '~' && at(k + 1) == '/') {
            k += 2;
        } else if (isLetter(at(k)) && at(k + 1) == ':' && at(k + 2) == '\\') {
            k += 3;
        } else {
            return 0;
        }
        const std::size_t from = k;
        while (k < m_s.size()) {
            const char c = m_s[k];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '\'' || c == '`'
                || c == ',' || c == ';' || c == ':' || c == '(' || c == ')' || c == '[' || c == ']'
                || c == '{' || c == '}' || c == '<' || c == '>')
                break;
            ++k;
        }
        while (k > from && m_s[k - 1] == '.')
            --k; // the end of a sentence
        if (k == from || m_s[from] == '/')
            return 0; // a lone slash, or //
        return k;
    }

    std::size_t hexNumber(std::size_t i) const
    {
        if (at(i) == '0' && (at(i + 1) == 'x' || at(i + 1) == 'X') && isHex(at(i + 2))) {
            std::size_t k = i + 2;
            while (isHex(at(k)))
                ++k;
            return wordAt(k) ? 0 : k;
        }
        std::size_t k = i;
        bool digit = false, letter = false;
        while (isHex(at(k))) {
            (isDigit(at(k)) ? digit : letter) = true;
            ++k;
        }
        return k - i >= 8 && digit && letter && !wordAt(k) ? k : 0;
    }

    std::size_t number(std::size_t i) const
    {
        std::size_t k = i;
        if (at(k) == '-' && isDigit(at(k + 1)))
            ++k;
        if (!isDigit(at(k)))
            return 0;
        k = digitRun(k);
        while (at(k) == '.' && isDigit(at(k + 1)))
            k = digitRun(k + 1);
        return k;
    }

    std::string_view m_s;
    std::size_t m_i = 0;
    std::string m_out;
};

} // namespace

std::string errorSignatureText(std::string_view error)
{
    return SignatureScanner(error).run();
}

std::string errorSignatureId(std::string_view signatureText)
{
    const QByteArray digest = QCryptographicHash::hash(
        QByteArrayView(signatureText.data(), qsizetype(signatureText.size())),
        QCryptographicHash::Sha1);
    return digest.toHex().left(8).toStdString();
}

ErrorSignature errorSignature(const std::optional<std::string> &lastError)
{
    ErrorSignature signature;
    if (lastError)
        signature.text = errorSignatureText(*lastError);
    signature.id = errorSignatureId(signature.text);
    return signature;
}

bool looksLikeErrorSignatureId(std::string_view text) noexcept
{
    if (text.size() != 8)
        return false;
    for (const char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

} // namespace kvs
