#include "inspector/conflict_view.h"

#include "common/literal_highlighter.h"
#include "common/literal_pretty_printer.h"
#include "theme/ui_palette.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace kvs::ui {

namespace {

QPlainTextEdit *makePane(const QString &objectName, QWidget *parent)
{
    auto *pane = new QPlainTextEdit(parent);
    pane->setObjectName(objectName);
    pane->setReadOnly(true);
    pane->setLineWrapMode(QPlainTextEdit::NoWrap);
    pane->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    new LiteralHighlighter(pane->document(), UiPalette::of(pane));
    return pane;
}

QLabel *makeCaption(const QString &text, QWidget *parent)
{
    auto *caption = new QLabel(text, parent);
    QFont font = caption->font();
    font.setBold(true);
    caption->setFont(font);
    return caption;
}

} // namespace

ConflictView::ConflictView(QWidget *parent)
    : QWidget(parent)
{
    auto *title = new QLabel(tr("This key was changed by someone else"), this);
    QFont titleFont = title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    title->setFont(titleFont);
    title->setStyleSheet(UiPalette::of(title).textStyle(UiPalette::Role::Warning));
    auto *explanation = new QLabel(tr("Another writer changed the value after you loaded it, so "
                                      "your save was refused and nothing was written. Compare "
                                      "the three values and choose how to go on."),
                                   this);
    explanation->setWordWrap(true);

    m_loaded = makePane(QStringLiteral("conflictLoaded"), this);
    m_edited = makePane(QStringLiteral("conflictEdited"), this);
    m_current = makePane(QStringLiteral("conflictCurrent"), this);
    m_loadedCaption = makeCaption(QString(), this);
    m_currentCaption = makeCaption(QString(), this);

    auto *panes = new QGridLayout;
    panes->addWidget(m_loadedCaption, 0, 0);
    panes->addWidget(makeCaption(tr("Your edit"), this), 0, 1);
    panes->addWidget(m_currentCaption, 0, 2);
    panes->addWidget(m_loaded, 1, 0);
    panes->addWidget(m_edited, 1, 1);
    panes->addWidget(m_current, 1, 2);
    panes->setRowStretch(1, 1);

    m_keepMine = new QPushButton(tr("Keep mine (overwrite current)"), this);
    m_keepMine->setObjectName(QStringLiteral("keepMine"));
    auto *takeCurrent = new QPushButton(tr("Take current"), this);
    takeCurrent->setObjectName(QStringLiteral("takeCurrent"));
    auto *keepEditing = new QPushButton(tr("Keep editing"), this);
    keepEditing->setObjectName(QStringLiteral("keepEditing"));
    keepEditing->setDefault(true);
    connect(m_keepMine, &QPushButton::clicked, this, &ConflictView::keepMine);
    connect(takeCurrent, &QPushButton::clicked, this, &ConflictView::takeCurrent);
    connect(keepEditing, &QPushButton::clicked, this, &ConflictView::keepEditing);

    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_keepMine);
    buttons->addWidget(takeCurrent);
    buttons->addWidget(keepEditing);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(explanation);
    layout->addLayout(panes, 1);
    layout->addLayout(buttons);
}

void ConflictView::showConflict(const QString &loaded,
                                qint64 loadedVersion,
                                const QString &edited,
                                const QString &current,
                                qint64 currentVersion,
                                bool currentExists)
{
    m_loadedCaption->setText(tr("Loaded (version %1)").arg(loadedVersion));
    m_currentCaption->setText(currentExists ? tr("Current (version %1)").arg(currentVersion)
                                            : tr("Current (deleted)"));
    m_loaded->setPlainText(loaded);
    m_edited->setPlainText(edited);
    m_current->setPlainText(current);
    m_keepMine->setText(currentExists ? tr("Keep mine (overwrite current)")
                                      : tr("Keep mine (create it again)"));
}

QString ConflictView::loadedText() const
{
    return m_loaded->toPlainText();
}

QString ConflictView::editedText() const
{
    return m_edited->toPlainText();
}

QString ConflictView::multiLineText(const Value &value)
{
    PrettyPrintOptions options;
    options.breakOutermost = true;
    return QString::fromStdString(prettyPrintLiteral(value, options).text);
}

QString ConflictView::currentText() const
{
    return m_current->toPlainText();
}

} // namespace kvs::ui
