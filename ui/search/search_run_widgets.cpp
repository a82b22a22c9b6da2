#include "search/search_run_widgets.h"

#include "common/message_banner.h"

#include <kvs/literal.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QTreeView>
#include <QVBoxLayout>

#include <exception>

namespace kvs::ui {

SearchRunWidgets::SearchRunWidgets(QWidget *pane,
                                   SearchController *controller,
                                   QLineEdit *text,
                                   QLineEdit *prefix,
                                   QPushButton *search,
                                   QPushButton *cancel,
                                   QTreeView *results)
    : m_controller(controller)
    , m_text(text)
    , m_prefix(prefix)
    , m_search(search)
    , m_cancel(cancel)
    , m_results(results)
    , m_busy(new QProgressBar(pane))
    , m_status(new QLabel(pane))
    , m_capNote(new QLabel(pane))
    , m_banner(new MessageBanner(MessageBanner::Tone::Error, pane))
{}

void SearchRunWidgets::setUpWidgets(QAbstractItemModel *model) const
{
    m_text->setClearButtonEnabled(true);
    m_search->setDefault(true);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->hide();
    m_capNote->setWordWrap(true);
    m_capNote->hide();
    m_results->setModel(model);
    m_results->setRootIsDecorated(false);
    m_results->setUniformRowHeights(true);
    m_results->setAlternatingRowColors(true);
}

QHBoxLayout *SearchRunWidgets::prefixRow() const
{
    auto *row = new QHBoxLayout;
    row->addWidget(m_prefix, 1);
    row->addWidget(m_search);
    row->addWidget(m_cancel);
    return row;
}

void SearchRunWidgets::addStatus(QVBoxLayout *layout) const
{
    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_busy);
    statusRow->addWidget(m_status, 1);
    layout->addWidget(m_banner);
    layout->addLayout(statusRow);
    layout->addWidget(m_capNote);
}

void SearchRunWidgets::setPrefix(const Key &key) const
{
    m_prefix->setText(key.empty() ? QString() : QString::fromStdString(printKeyLiteral(key)));
}

void SearchRunWidgets::focusText() const
{
    m_text->setFocus(Qt::ShortcutFocusReason);
    m_text->selectAll();
}

bool SearchRunWidgets::readPrefix(Key &key, const QString &notALiteral) const
{
    m_banner->hide();
    m_capNote->hide();
    const QString literal = m_prefix->text().trimmed();
    if (literal.isEmpty())
        return true;
    try {
        key = parseKeyLiteral(literal.toStdString());
    } catch (const std::exception &error) {
        m_banner->showMessage(notALiteral.arg(QString::fromUtf8(error.what())));
        return false;
    }
    return true;
}

void SearchRunWidgets::showRefusal() const
{
    m_status->clear();
    m_banner->showMessage(m_controller->errorText());
}

void SearchRunWidgets::showEnd(const QString &statusText,
                               bool capped,
                               const QString &capText,
                               const QString &stopped) const
{
    m_status->setText(statusText);
    if (!m_controller->errorText().isEmpty())
        m_banner->showMessage(stopped.arg(m_controller->errorText()));
    if (capped) {
        m_capNote->setText(capText);
        m_capNote->show();
    }
}

void SearchRunWidgets::showRunning(bool canStart) const
{
    const bool running = m_controller->isRunning();
    m_search->setEnabled(!running && m_controller->hasStore() && canStart);
    m_cancel->setEnabled(running);
    m_busy->setVisible(running);
}

QString SearchRunWidgets::errorText() const
{
    return m_banner->message();
}

QString SearchRunWidgets::statusText() const
{
    return m_status->text();
}

QString SearchRunWidgets::capNoteText() const
{
    return m_capNote->isHidden() ? QString() : m_capNote->text();
}

} // namespace kvs::ui
