#include "watch/watch_pane.h"

#include "common/column_fitter.h"
#include "common/file_chooser.h"
#include "common/message_banner.h"
#include "common/scrolled_content.h"
#include "watch/marked_text_delegate.h"
#include "watch/watch_controller.h"
#include "watch/watch_detail_pane.h"
#include "watch/watch_entries_model.h"
#include "watch/watch_history_model.h"
#include "watch/watch_pane_controller.h"

#include <kvs/errors.h>
#include <kvs/literal.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace kvs::ui {

namespace {

QTableView *makeTable(QAbstractItemModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // At least the header and one row (less than a scroll area's own least height): the pane's
    // three parts fit a 1024x700 screen's window without scrolling.
    view->setMinimumHeight(view->horizontalHeader()->sizeHint().height()
                           + view->verticalHeader()->defaultSectionSize() + 2 * view->frameWidth());
    return view;
}

// Columns as wide as what they show, a key or value at most this wide (the tooltip and the
// detail pane have it whole); the values take what is left.
constexpr int kMostKeyWidth = 280;
constexpr int kMostValueWidth = 360;

void fitColumns(QTableView *view,
                std::initializer_list<int> keys,
                std::initializer_list<int> values)
{
    auto *fitter = new ColumnFitter(view);
    for (const int column : keys)
        fitter->setMaximumWidth(column, kMostKeyWidth);
    for (const int column : values) {
        fitter->setMaximumWidth(column, kMostValueWidth);
        fitter->setTakesRest(column);
    }
}

} // namespace

WatchPane::WatchPane(WatchController *watch, QWidget *parent)
    : QWidget(parent)
    , m_watch(watch)
    , m_controller(watch->addPane())
    , m_keyEdit(new QLineEdit(this))
    , m_keyError(new QLabel(this))
    , m_watchKey(new QPushButton(tr("Watch key"), this))
    , m_watchPrefix(new QPushButton(tr("Watch prefix"), this))
    , m_targets(new QListWidget(this))
    , m_remove(new QPushButton(tr("Stop watching"), this))
    , m_banner(new MessageBanner(MessageBanner::Tone::Error, this))
    , m_entriesView(makeTable(m_controller->entries(), this))
    , m_historyView(makeTable(m_controller->history(), this))
    , m_detail(new WatchDetailPane(this))
    , m_status(new QLabel(this))
{
    m_keyEdit->setObjectName(QStringLiteral("watchKeyEdit"));
    m_keyEdit->setPlaceholderText(tr("Key literal, e.g. [\"users\", 42]"));
    m_keyError->setObjectName(QStringLiteral("watchKeyError"));
    m_watchKey->setToolTip(tr("Watch this key: its value, and each change any process makes"));
    m_watchPrefix->setToolTip(tr("Watch every key below this one (its subtree)"));
    m_targets->setMaximumHeight(90);
    m_remove->setEnabled(false);

    auto *toolBar = new QToolBar(this);
    toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_pause = toolBar->addAction(tr("Pause"));
    m_pause->setCheckable(true);
    m_pause->setToolTip(tr("Stop watching for now; on resume, what changed meanwhile shows as one "
                           "change per key"));
    m_clear = toolBar->addAction(tr("Clear history"));
    m_export = toolBar->addAction(tr("Export history…"));
    m_export->setToolTip(tr("Save the history as JSON lines, one change a line"));

    m_historyView->setItemDelegateForColumn(
        WatchHistoryModel::OldValueColumn,
        new MarkedTextDelegate(MarkedTextDelegate::Tone::Removed, m_historyView));
    m_historyView->setItemDelegateForColumn(
        WatchHistoryModel::NewValueColumn,
        new MarkedTextDelegate(MarkedTextDelegate::Tone::Added, m_historyView));
    m_entriesView->setObjectName(QStringLiteral("watchEntries"));
    m_historyView->setObjectName(QStringLiteral("watchHistory"));
    fitColumns(m_entriesView, {WatchEntriesModel::KeyColumn}, {WatchEntriesModel::ValueColumn});
    fitColumns(m_historyView,
               {WatchHistoryModel::KeyColumn},
               {WatchHistoryModel::OldValueColumn, WatchHistoryModel::NewValueColumn});

    auto *input = new QHBoxLayout;
    input->addWidget(m_keyEdit, 1);
    input->addWidget(m_watchKey);
    input->addWidget(m_watchPrefix);
    auto *targets = new QHBoxLayout;
    targets->addWidget(m_targets, 1);
    targets->addWidget(m_remove, 0, Qt::AlignTop);

    auto *entriesBox = new QWidget(this);
    auto *entriesLayout = new QVBoxLayout(entriesBox);
    entriesLayout->setContentsMargins(0, 0, 0, 0);
    entriesLayout->addWidget(new QLabel(tr("Entries now"), entriesBox));
    entriesLayout->addWidget(m_entriesView);
    auto *historyBox = new QWidget(this);
    auto *historyLayout = new QVBoxLayout(historyBox);
    historyLayout->setContentsMargins(0, 0, 0, 0);
    historyLayout->addWidget(new QLabel(tr("History (newest first)"), historyBox));
    historyLayout->addWidget(m_historyView);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(entriesBox);
    splitter->addWidget(historyBox);
    splitter->addWidget(m_detail);
    splitter->setChildrenCollapsible(false);
    splitter->setCollapsible(2, true); // a small screen can close the detail
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 2);

    // A window smaller than the pane needs scrolls it; off the window's edge, the buttons at the
    // right end of a row are not flush with it.
    auto *layout = new QVBoxLayout(scrolledContent(this, "watchPane"));
    layout->setContentsMargins(6, 6, 6, 0);
    layout->addLayout(input);
    layout->addWidget(m_keyError);
    layout->addLayout(targets);
    layout->addWidget(toolBar);
    layout->addWidget(m_banner);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);

    connect(m_keyEdit, &QLineEdit::textChanged, this, &WatchPane::updateInput);
    connect(m_keyEdit, &QLineEdit::returnPressed, this, [this] { watchTypedKey(false); });
    connect(m_watchKey, &QPushButton::clicked, this, [this] { watchTypedKey(false); });
    connect(m_watchPrefix, &QPushButton::clicked, this, [this] { watchTypedKey(true); });
    connect(m_targets, &QListWidget::currentRowChanged, this, [this](int row) {
        m_remove->setEnabled(row >= 0);
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        m_controller->removeTarget(m_targets->currentRow());
    });
    connect(m_pause, &QAction::toggled, this, [this](bool paused) {
        m_controller->setPaused(paused);
        updateStatus();
    });
    connect(m_controller, &WatchPaneController::changesSeen, this, &WatchPane::updateStatus);
    connect(m_clear, &QAction::triggered, this, &WatchPane::clearHistory);
    // The selected row whole in the detail pane.
    connect(m_historyView->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    m_detail->showChange(m_controller->history()->changeAt(current.row()));
            });
    connect(m_entriesView->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            [this](const QModelIndex &current) {
                const auto &entries = m_controller->entries()->entries();
                if (current.isValid() && std::size_t(current.row()) < entries.size())
                    m_detail->showEntry(entries[std::size_t(current.row())]);
            });
    connect(m_export, &QAction::triggered, this, &WatchPane::exportHistory);
    connect(m_controller, &WatchPaneController::targetsChanged, this, &WatchPane::updateTargets);
    connect(m_controller,
            &WatchPaneController::exported,
            this,
            [this](const QString &path, const QString &error) {
                if (error.isEmpty())
                    m_status->setText(tr("History saved to %1").arg(path));
                else
                    m_banner->showMessage(
                        tr("Could not save the history to %1: %2").arg(path, error));
            });
    LiveFeed *feed = watch->feed();
    m_probe = feed->probeDescription();
    connect(feed, &LiveFeed::opened, this, [this](const QString &probe) {
        m_probe = probe;
        updateStatus();
    });
    connect(watch, &WatchController::failed, m_banner, &MessageBanner::showMessage);
    connect(watch,
            &WatchController::prefixRefused,
            this,
            [this](WatchPaneController *pane, const QString &message) {
                if (pane != m_controller)
                    return;
                m_refusal = message;
                m_banner->showMessage(message);
                updateTargets();
            });
    connect(watch, &WatchController::prefixLimitChanged, this, [this] {
        m_refusal.clear();
        updateTargets();
    });
    const auto settle = [this] {
        // Recovered, or read the targets: only a refused prefix of this pane is still news.
        if (m_refusal.isEmpty())
            m_banner->hide();
        else
            m_banner->showMessage(m_refusal);
        updateStatus();
    };
    connect(feed, &LiveFeed::recovered, this, settle);
    connect(feed, &LiveFeed::targetsRead, this, settle);

    m_confirm = [this](const QString &question) {
        return QMessageBox::question(this,
                                     tr("Clear the history?"),
                                     question,
                                     QMessageBox::Yes | QMessageBox::Cancel,
                                     QMessageBox::Cancel)
               == QMessageBox::Yes;
    };
    m_choosePath = [this] {
        return FileChooser::getSaveFileName(this,
                                            tr("Export the history"),
                                            QStringLiteral("watch-history.jsonl"),
                                            tr("JSON lines (*.jsonl);;All files (*)"));
    };
    updateInput();
    updateStatus();
}

WatchPane::~WatchPane()
{
    if (m_watch)
        m_watch->removePane(m_controller); // its targets leave the feed
}

QString WatchPane::title() const
{
    const auto &targets = m_controller->targets();
    if (targets.empty())
        return tr("New pane");
    const auto &first = targets.front();
    QString name = QString::fromStdString(printKeyLiteral(first.key));
    if (first.prefix)
        name += QStringLiteral("…");
    constexpr int kTitleChars = 32;
    if (name.size() > kTitleChars)
        name = name.left(kTitleChars - 1) + QStringLiteral("…");
    if (targets.size() > 1)
        name = tr("%1 and %Ln more", nullptr, static_cast<int>(targets.size() - 1)).arg(name);
    return name;
}

QString WatchPane::bannerText() const
{
    return m_banner->message();
}

void WatchPane::updateInput()
{
    const QString text = m_keyEdit->text().trimmed();
    QString error;
    if (!text.isEmpty()) {
        try {
            (void)parseKeyLiteral(text.toStdString());
        } catch (const Error &e) {
            error = QString::fromStdString(e.what());
        }
    }
    m_keyError->setText(error);
    m_keyError->setVisible(!error.isEmpty());
    const bool valid = !text.isEmpty() && error.isEmpty();
    m_watchKey->setEnabled(valid);
    m_watchPrefix->setEnabled(valid);
}

void WatchPane::watchTypedKey(bool asPrefix)
{
    Key key;
    try {
        key = parseKeyLiteral(m_keyEdit->text().trimmed().toStdString());
    } catch (const Error &) {
        return; // the buttons are disabled; Return in the field does nothing either
    }
    if (!asPrefix && key.empty())
        return; // the empty key names no entry
    if (m_controller->addTarget({key, asPrefix}))
        m_keyEdit->clear();
}

void WatchPane::updateTargets()
{
    m_targets->clear();
    bool refused = false;
    for (const WatchPaneController::Target &target : m_controller->targets()) {
        const QString key = QString::fromStdString(printKeyLiteral(target.key));
        QString text
            = target.prefix ? tr("Prefix %1 (every key below it)").arg(key) : tr("Key %1").arg(key);
        if (m_controller->isRefused(target)) {
            text += QStringLiteral(" · ") + tr("not watched: over the limit");
            refused = true;
        }
        m_targets->addItem(text);
    }
    if (!refused && !m_refusal.isEmpty()) {
        m_refusal.clear(); // the refused prefix was removed, or the limit raised
        m_banner->hide();
    }
    m_remove->setEnabled(false);
    updateStatus();
    emit titleChanged(title());
}

void WatchPane::updateStatus()
{
    const int entries = m_controller->entries()->rowCount();
    const int changes = m_controller->history()->rowCount();
    if (m_controller->targets().empty()) {
        m_status->setText(tr("Type a key literal and choose Watch key or Watch prefix."));
        return;
    }
    QString text = tr("%Ln entries watched", nullptr, entries) + QStringLiteral(" · ")
                   + tr("%Ln changes in the history", nullptr, changes);
    if (m_controller->isPaused())
        text += QStringLiteral(" · ") + tr("paused");
    else if (!m_probe.isEmpty())
        text += QStringLiteral(" · ") + tr("sees other processes' commits by %1").arg(m_probe);
    m_status->setText(text);
}

void WatchPane::clearHistory()
{
    const int changes = m_controller->history()->rowCount();
    if (changes == 0)
        return;
    if (!m_confirm(tr("Clear the %Ln changes of the history? They are not kept anywhere else; "
                      "export them first to keep them. The database is not touched.",
                      nullptr,
                      changes)))
        return;
    m_controller->clearHistory();
    updateStatus();
}

void WatchPane::exportHistory()
{
    const QString path = m_choosePath();
    if (path.isEmpty())
        return;
    m_controller->exportHistory(path);
}

} // namespace kvs::ui
