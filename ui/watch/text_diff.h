#pragma once

#include <QString>

#include <utility>

namespace kvs::ui {

// A text to show in one line, with one part marked (markLength 0: nothing marked).
struct MarkedText
{
    QString text;
    int markStart = 0;
    int markLength = 0;
};

// The one-line excerpts of an old and a new printed value with the part that differs marked:
// what lies between their common beginning and their common end. A text longer than maxChars
// is cut around the marked part, with "…" where it was cut. Safe from any thread.
[[nodiscard]] std::pair<MarkedText, MarkedText>
markDifference(const QString &before, const QString &after, int maxChars = 200);

// text cut to maxChars (with "…"), nothing marked.
[[nodiscard]] MarkedText excerpt(const QString &text, int maxChars = 200);

} // namespace kvs::ui
