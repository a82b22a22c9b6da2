#pragma once

#include <kvs/literal_tokens.h>

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <array>

namespace kvs::ui {

class UiPalette;

// Colours the literal syntax (kvs/literal.h) in a QTextDocument, one line at a time, by the
// token kinds of core's scanner (kvs::scanLiteralText): strings, member names, numbers, bigints,
// constants, constructors, comments and what has no place in a literal. Strings never span
// lines in the literal syntax, so no state is carried between blocks. Colours come from the
// palette given at construction. Thread rule: GUI thread only (that of its document).
class LiteralHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    LiteralHighlighter(QTextDocument *document, const UiPalette &palette);

    // Lines longer than this are left plain: a cut 256 KB string is not worth colouring.
    static constexpr int kMaxHighlightedLine = 16 * 1024;

protected:
    void highlightBlock(const QString &text) override;

private:
    // LiteralTokenKind lists the text kinds first, up to Invalid; the structure marks the
    // scanner never returns come after.
    static constexpr std::size_t kTextKinds
        = static_cast<std::size_t>(LiteralTokenKind::Invalid) + 1;
    // By the scanner's token kind; an empty format leaves the text as it is (punctuation).
    std::array<QTextCharFormat, kTextKinds> m_formats;
};

} // namespace kvs::ui
