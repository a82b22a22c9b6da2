#pragma once

#include <QRegularExpression>
#include <QString>

#include <optional>
#include <string>
#include <string_view>

// The text and regular-expression criteria of a value search (kvs/value_search.h), applied to a
// printed literal. Private to the core.
namespace kvs::detail {

// Thread rule: built once, then only read (its regular expression is compiled when built).
class TextMatcher
{
public:
    // A substring; ignoring case: Qt's simple case folding (QString::contains), with an ASCII
    // fast path where both sides are ASCII (where the two agree).
    static TextMatcher text(std::string needle, bool matchCase);
    // An unanchored QRegularExpression. Throws TypeError "kvs: invalid regular expression:
    // REASON at offset N".
    static TextMatcher regex(const std::string &pattern);

    [[nodiscard]] bool matches(std::string_view literal) const;

private:
    std::string m_needle;
    bool m_matchCase = true;
    bool m_asciiNeedle = true;
    QString m_foldedNeedle; // text ignoring case
    std::optional<QRegularExpression> m_regex;
};

} // namespace kvs::detail
