#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace kvs::ui {

// Colours the literal syntax (kvs/literal.h) in a QTextDocument, one line at a time: strings,
// member names (a string before ':'), numbers, bigints with their n, the constructors new
// Date/Map/Set/Uint8Array, the constants undefined/null/NaN/Infinity/true/false. Strings never
// span lines in the literal syntax, so no state is carried between blocks. Thread rule: GUI
// thread only (that of its document).
class LiteralHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    explicit LiteralHighlighter(QTextDocument *document);

    // Lines longer than this are left plain: a cut 256 KB string is not worth colouring.
    static constexpr int kMaxHighlightedLine = 16 * 1024;

protected:
    void highlightBlock(const QString &text) override;

private:
    QTextCharFormat m_string;
    QTextCharFormat m_name;
    QTextCharFormat m_number;
    QTextCharFormat m_bigint;
    QTextCharFormat m_constructor;
    QTextCharFormat m_constant;
};

} // namespace kvs::ui
