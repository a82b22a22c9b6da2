#include "inspector/value_view.h"

#include "common/literal_highlighter.h"
#include "inspector/entry_header.h"
#include "inspector/hex_bytes_model.h"
#include "inspector/structured_value_view.h"
#include "theme/ui_palette.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace kvs::ui {

namespace {

// Lines longer than this are cut in the view: laying out a line of a whole long string stalls
// the GUI thread, and nobody reads it there (Edit and Save to file give it whole).
constexpr qsizetype kMaxViewLine = 1024;

// text with every line longer than kMaxViewLine cut, and whether one was.
QString cutLongLines(const QString &text, bool *cut)
{
    *cut = false;
    QString out;
    qsizetype start = 0;
    while (start <= text.size()) {
        qsizetype end = text.indexOf(QLatin1Char('\n'), start);
        if (end < 0)
            end = text.size();
        if (end - start > kMaxViewLine) {
            if (!*cut)
                out = text.left(start);
            *cut = true;
            out += QStringView(text).mid(start, kMaxViewLine);
            out += QStringLiteral(" …");
        } else if (*cut) {
            out += QStringView(text).mid(start, end - start);
        }
        if (end < text.size() && *cut)
            out += QLatin1Char('\n');
        start = end + 1;
    }
    return *cut ? out : text;
}

} // namespace

ValueView::ValueView(QWidget *parent)
    : QWidget(parent)
{
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("truncatedNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::RichText);
    m_note->setStyleSheet(QStringLiteral("QLabel { %1 padding: 4px 8px; }")
                              .arg(UiPalette::of(m_note).bannerStyle(UiPalette::Tone::Warning)));
    m_note->hide();
    connect(m_note, &QLabel::linkActivated, this, &ValueView::saveRequested);

    m_literal = new QPlainTextEdit(this);
    m_literal->setObjectName(QStringLiteral("valueLiteral"));
    m_literal->setReadOnly(true);
    m_literal->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_literal->setFont(fixed);
    m_literal->setFrameShape(QFrame::NoFrame);
    new LiteralHighlighter(m_literal->document(), UiPalette::of(m_literal));

    m_hexModel = new HexBytesModel(this);
    m_hex = new QTableView(this);
    m_hex->setObjectName(QStringLiteral("valueHex"));
    m_hex->setModel(m_hexModel);
    m_hex->setFont(fixed);
    m_hex->setFrameShape(QFrame::NoFrame);
    m_hex->setShowGrid(false);
    m_hex->setWordWrap(false);
    m_hex->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_hex->verticalHeader()->hide();
    // Uniform rows: the view never measures the rows of a 20 MB value.
    m_hex->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_hex->verticalHeader()->setDefaultSectionSize(QFontMetrics(fixed).height() + 4);
    const QFontMetrics metrics(fixed);
    m_hex->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_hex->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_hex->setColumnWidth(HexBytesModel::OffsetColumn,
                          metrics.horizontalAdvance(QStringLiteral("00000000")) + 24);
    m_hex->setColumnWidth(HexBytesModel::HexColumn,
                          metrics.horizontalAdvance(QString(49, QLatin1Char('0'))) + 24);
    m_hex->horizontalHeader()->setStretchLastSection(true);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("valueTabs"));
    m_tabs->setDocumentMode(true);
    m_structured = new StructuredValueView(this);
    m_structured->setObjectName(QStringLiteral("structuredValue"));

    m_tabs->addTab(m_literal, tr("Value"));
    m_tabs->addTab(m_structured, tr("Structure"));
    m_tabs->addTab(m_hex, tr("Raw bytes"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addWidget(m_note);
    layout->addWidget(m_tabs, 1);
}

void ValueView::showEntry(const InspectedEntry &entry, bool prefixOnly)
{
    m_hexModel->setBytes(entry.rawValue);
    m_structured->setValue(entry.found ? entry.value : nullptr);
    if (!entry.found) {
        m_literal->setPlainText(prefixOnly ? tr("// No value: this key is the prefix of the keys "
                                                "below it.")
                                           : tr("// No entry at this key."));
        m_note->hide();
        return;
    }
    if (!entry.value) {
        m_literal->setPlainText(
            tr("// The value does not decode:\n// %1\n// The stored bytes are in Raw bytes.")
                .arg(entry.valueError));
        m_note->hide();
        m_tabs->setCurrentWidget(m_hex);
        return;
    }
    bool cut = false;
    m_literal->setPlainText(cutLongLines(entry.prettyText, &cut));
    if (entry.truncated) {
        m_note->setText(
            tr("Value truncated: showing the first %1 of the literal of a %2 value. "
               "<a href=\"save\">Save value to file…</a>")
                .arg(EntryHeader::sizeText(entry.prettyText.toUtf8().size()),
                     EntryHeader::sizeText(static_cast<qint64>(entry.rawValue->size()))));
        m_note->show();
    } else if (cut) {
        m_note->setText(tr("Lines longer than %1 characters are cut here; Edit or "
                           "<a href=\"save\">Save value to file…</a> shows them whole.")
                            .arg(kMaxViewLine));
        m_note->show();
    } else {
        m_note->hide();
    }
    if (m_tabs->currentWidget() == m_hex && entry.value->type() != Value::Type::Bytes)
        m_tabs->setCurrentWidget(m_literal);
}

void ValueView::clear()
{
    m_literal->clear();
    m_structured->setValue(nullptr);
    m_hexModel->setBytes(nullptr);
    m_note->hide();
}

} // namespace kvs::ui
