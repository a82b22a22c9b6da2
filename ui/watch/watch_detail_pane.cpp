#include "watch/watch_detail_pane.h"

#include "common/literal_highlighter.h"
#include "theme/ui_palette.h"
#include "watch/seen_change.h"
#include "watch/watch_history_model.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>

namespace kvs::ui {

namespace {

QPlainTextEdit *makeText(const QString &name, QWidget *parent)
{
    auto *text = new QPlainTextEdit(parent);
    text->setObjectName(name);
    text->setReadOnly(true);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    // Two lines at least (less than a scroll area's own least height): the detail fits below
    // the tables in a small window, and the splitter gives it more where there is room.
    text->setMinimumHeight(2 * text->fontMetrics().lineSpacing()
                           + 2 * int(text->document()->documentMargin()) + 2 * text->frameWidth());
    new LiteralHighlighter(text->document(), UiPalette::of(text));
    return text;
}

// text, cut at WatchDetailPane::kMaxChars with a note saying how long it is.
QString bounded(const QString &text)
{
    if (text.size() <= WatchDetailPane::kMaxChars)
        return text;
    return text.left(WatchDetailPane::kMaxChars) + QLatin1Char('\n')
           + WatchDetailPane::tr("// … cut here: %1 characters in all (Export history has them)")
                 .arg(QLocale().toString(qlonglong(text.size())));
}

} // namespace

WatchDetailPane::WatchDetailPane(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_oldCaption(new QLabel(tr("Old value"), this))
    , m_newCaption(new QLabel(tr("New value"), this))
    , m_old(makeText(QStringLiteral("watchDetailOld"), this))
    , m_new(makeText(QStringLiteral("watchDetailNew"), this))
{
    setObjectName(QStringLiteral("watchDetail"));
    m_title->setObjectName(QStringLiteral("watchDetailTitle"));
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title, 0, 0, 1, 2);
    layout->addWidget(m_oldCaption, 1, 0);
    layout->addWidget(m_newCaption, 1, 1);
    layout->addWidget(m_old, 2, 0);
    layout->addWidget(m_new, 2, 1);
    layout->setRowStretch(2, 1);
    clear();
}

void WatchDetailPane::showChange(const SeenChange &change)
{
    m_title->setText(
        tr("%1 · %2, version %3")
            .arg(change.keyText,
                 WatchHistoryModel::kindText(change.kind),
                 change.newVersion ? QString::number(*change.newVersion) : tr("none")));
    m_oldCaption->setText(tr("Old value"));
    m_old->setPlainText(change.oldText ? bounded(*change.oldText) : tr("// (no entry)"));
    m_new->setPlainText(change.newText ? bounded(*change.newText) : tr("// (no entry)"));
    m_oldCaption->show();
    m_old->show();
    m_newCaption->setText(tr("New value"));
}

void WatchDetailPane::showEntry(const SeenEntry &entry)
{
    m_title->setText(tr("%1 · version %2").arg(entry.keyText).arg(entry.version));
    m_oldCaption->hide();
    m_old->hide();
    m_old->clear();
    m_newCaption->setText(tr("Value"));
    m_new->setPlainText(bounded(entry.valueText));
}

void WatchDetailPane::clear()
{
    m_title->setText(tr("Select a row to see its values whole."));
    m_old->clear();
    m_new->clear();
}

QString WatchDetailPane::titleText() const
{
    return m_title->text();
}

QString WatchDetailPane::oldText() const
{
    return m_old->toPlainText();
}

QString WatchDetailPane::newText() const
{
    return m_new->toPlainText();
}

} // namespace kvs::ui
