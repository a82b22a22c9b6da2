#pragma once

#include "search/value_search_hit.h"

#include <kvs/key.h>
#include <kvs/value_search.h>

#include <QRegularExpression>
#include <QString>

#include <optional>

namespace kvs::ui {

// What the values mode of the Search view looks for: entries under prefix whose value's
// literal contains text (case-insensitively unless matchCase), matches it as a regular
// expression, or for which it holds as a condition (kvs/condition.h). A value type.
struct ValueSearchRequest
{
    enum class Mode { Text, RegularExpression, Condition };

    Mode mode = Mode::Text;
    QString text;
    bool matchCase = false;
    Key prefix;

    // Why text cannot be searched in this mode ("kvs: expected ... at position 11", "Not a
    // valid regular expression: ..."), or empty. Cheap enough to call on each keystroke.
    [[nodiscard]] QString problem() const;
    // The engine's query (the prefix's children). Requires: problem() is empty.
    [[nodiscard]] ValueSearchQuery engineQuery() const;
    // A short description for the audit log and the summaries: "text \"ada\" under [\"users\"]".
    [[nodiscard]] std::string describe() const;
};

// Turns what the engine found into what the results list shows: the preview of the value with
// the match marked. Made once per search, used on the search's worker (one thread at a time).
class ValueHitMaker
{
public:
    // The longest preview, in characters: a longer literal is cut around the match.
    static constexpr int kPreviewLength = 160;

    explicit ValueHitMaker(const ValueSearchRequest &request);

    [[nodiscard]] ValueSearchHit make(ValueMatch match) const;

private:
    ValueSearchRequest::Mode m_mode;
    QString m_text;
    Qt::CaseSensitivity m_case;
    std::optional<QRegularExpression> m_pattern;
};

} // namespace kvs::ui
