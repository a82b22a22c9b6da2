#pragma once

#include <kvs/key.h>

#include <QRegularExpression>
#include <QString>

#include <optional>

namespace kvs::ui {

// What a key search looks for: keys under prefix one of whose parts below the prefix contains
// text (or matches it as a regular expression), case-insensitively unless caseSensitive. A
// value type.
struct KeySearchQuery
{
    QString text;
    bool regularExpression = false;
    bool caseSensitive = false;
    Key prefix;
};

// Decides whether a key matches a query. Parts are compared as the key tree shows them (strings
// as they are, numbers as JavaScript writes them, bigints with "n", bytes as hex). Safe to use
// from one thread at a time (a copy per thread).
class KeyMatcher
{
public:
    explicit KeyMatcher(const KeySearchQuery &query);

    // False for an invalid regular expression; errorText() says why.
    bool isValid() const { return m_error.isEmpty(); }
    // "Not a valid regular expression: REASON (at character N)."; empty when valid.
    QString errorText() const { return m_error; }
    // The index of the first part of key after the first prefixSize parts that matches, or
    // nullopt. Requires: isValid().
    [[nodiscard]] std::optional<std::size_t> matchingPart(const Key &key,
                                                          std::size_t prefixSize) const;

    // The text a part is compared as.
    [[nodiscard]] static QString partText(const KeyPart &part);

private:
    QString m_text;
    Qt::CaseSensitivity m_case;
    std::optional<QRegularExpression> m_pattern;
    QString m_error;
};

} // namespace kvs::ui
