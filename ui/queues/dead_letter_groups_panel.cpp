#include "queues/dead_letter_groups_panel.h"

#include "queues/dead_letter_groups_model.h"

#include <kvs/dead_letter_groups.h>
#include <kvs/future.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>

namespace kvs::ui {

// What the worker hands back: never an exception across the thread (STYLE.md 9).
struct GroupingOutcome
{
    DeadLetterGroups groups;
    QString error;
};

namespace {

// The list shows a few groups; a topic's causes are few, and the browser below needs the room.
constexpr int kRowsShown = 4;
constexpr int kSignatureWidth = 360;

} // namespace

DeadLetterGroupsPanel::DeadLetterGroupsPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new DeadLetterGroupsModel(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_refresh(new QPushButton(tr("Group again"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_retry(new QPushButton(tr("Retry group…"), this))
    , m_delete(new QPushButton(tr("Delete group…"), this))
    , m_progress(new QTimer(this))
{
    m_view->setObjectName(QStringLiteral("deadLetterGroups"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    const auto heightFor = [this](int rows) {
        return m_view->horizontalHeader()->sizeHint().height()
               + rows * m_view->verticalHeader()->defaultSectionSize() + 2 * m_view->frameWidth();
    };
    m_view->setMinimumHeight(heightFor(1)); // the overview and charts above need the room
    m_view->setMaximumHeight(heightFor(kRowsShown));
    m_retry->setToolTip(tr("Retry every dead letter of the chosen group (asks first)"));
    m_delete->setToolTip(tr("Delete every dead letter of the chosen group (asks first)"));
    m_cancel->hide();
    hide(); // until a topic is grouped

    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Errors by signature:"), this));
    row->addWidget(m_status, 1);
    row->addWidget(m_cancel);
    row->addWidget(m_refresh);
    row->addWidget(m_retry);
    row->addWidget(m_delete);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_view);

    m_progress->setInterval(200);
    connect(m_progress, &QTimer::timeout, this, [this] {
        if (m_running)
            m_status->setText(tr("Reading dead letters… %1")
                                  .arg(QLocale().toString(qlonglong(m_running->scanned.load()))));
    });
    connect(m_refresh, &QPushButton::clicked, this, &DeadLetterGroupsPanel::reload);
    connect(m_cancel, &QPushButton::clicked, this, &DeadLetterGroupsPanel::cancel);
    connect(m_retry, &QPushButton::clicked, this, &DeadLetterGroupsPanel::retryRequested);
    connect(m_delete, &QPushButton::clicked, this, &DeadLetterGroupsPanel::deleteRequested);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateButtons();
        if (m_quiet)
            return; // the list was read again: the choice and the filter stay
        const QModelIndexList rows = m_view->selectionModel()->selectedRows();
        const DeadLetterGroup *group = rows.isEmpty() ? nullptr : m_model->groupAt(rows[0].row());
        m_chosen = group ? QString::fromStdString(group->signature.id) : QString();
        emit groupChosen(m_chosen,
                         group ? QString::fromStdString(group->signature.text) : QString());
    });
    updateButtons();
}

DeadLetterGroupsPanel::~DeadLetterGroupsPanel()
{
    if (m_running)
        m_running->cancel = true; // the worker stops after its page; its result is dropped
}

void DeadLetterGroupsPanel::load(std::shared_ptr<AsyncKVStore> store, std::string topic)
{
    cancel();
    m_store = std::move(store);
    m_topic = std::move(topic);
    m_chosen.clear(); // another topic: the pane browses it unfiltered
    reload();
}

void DeadLetterGroupsPanel::reload()
{
    cancel();
    const std::uint64_t generation = ++m_generation;
    m_quiet = true;
    m_model->setGroups({}, 0);
    m_quiet = false;
    // Shown while a topic is browsed: without one it would only take the browser's room.
    setVisible(m_store && !m_topic.empty());
    if (!m_store || m_topic.empty()) {
        m_status->clear();
        updateButtons();
        return;
    }
    m_running = std::make_shared<Running>();
    m_loading = true;
    m_status->setText(tr("Reading dead letters…"));
    m_progress->start();
    updateButtons();
    // The worker holds the store while it reads; the continuation never does (see
    // QueuesController::m_store).
    auto work = [store = m_store, topic = m_topic, running = m_running] {
        GroupingOutcome outcome;
        DeadLetterGroupsOptions options;
        options.topic = topic;
        options.cancel = &running->cancel;
        options.onProgress = [&running](std::int64_t scanned) {
            running->scanned = scanned;
        };
        try {
            outcome.groups = groupDeadLetters(*store, options);
        } catch (const std::exception &e) {
            outcome.error = QString::fromStdString(e.what());
        }
        return outcome;
    };
    kvs::then(QtConcurrent::run(std::move(work)),
              this,
              [this, generation](const GroupingOutcome &outcome) { finish(generation, outcome); });
}

void DeadLetterGroupsPanel::finish(std::uint64_t generation, const GroupingOutcome &outcome)
{
    if (generation != m_generation)
        return;
    m_loading = false;
    m_running.reset();
    m_progress->stop();
    const bool cancelled = outcome.groups.cancelled;
    if (!outcome.error.isEmpty()) {
        m_status->setText(tr("Cannot group the dead letters: %1").arg(outcome.error));
    } else {
        m_quiet = true;
        m_model->setGroups(outcome.groups.groups, outcome.groups.total);
        m_quiet = false;
        // Every column as wide as it needs, but the signature leaves room for the example.
        m_view->resizeColumnsToContents();
        m_view->setColumnWidth(
            DeadLetterGroupsModel::Signature,
            std::min(m_view->columnWidth(DeadLetterGroupsModel::Signature), kSignatureWidth));
        rechoose();
        const QString summary = tr("%Ln dead letter(s)", nullptr, int(outcome.groups.total))
                                + QLatin1Char(' ')
                                + tr("in %Ln group(s)", nullptr, int(outcome.groups.groups.size()));
        m_status->setText(
            cancelled ? tr("Cancelled after %1: %2")
                            .arg(QLocale().toString(qlonglong(outcome.groups.scanned)), summary)
                      : summary);
    }
    updateButtons();
    emit loaded(cancelled, outcome.error);
}

void DeadLetterGroupsPanel::cancel()
{
    if (!m_running)
        return;
    m_running->cancel = true;
    m_running.reset();
    ++m_generation; // the cancelled worker's result, when it comes, is dropped
    m_loading = false;
    m_progress->stop();
    m_status->setText(tr("Cancelled."));
    updateButtons();
}

void DeadLetterGroupsPanel::setActionsEnabled(bool enabled)
{
    m_actionsEnabled = enabled;
    updateButtons();
}

void DeadLetterGroupsPanel::rechoose()
{
    if (m_chosen.isEmpty())
        return;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (QString::fromStdString(m_model->groupAt(row)->signature.id) == m_chosen) {
            m_quiet = true; // the filter is the same
            m_view->selectRow(row);
            m_quiet = false;
            return;
        }
    }
    m_chosen.clear(); // retried or deleted: the browser shows every dead letter again
    emit groupChosen({}, {});
}

void DeadLetterGroupsPanel::updateButtons()
{
    const bool chosen = m_view->selectionModel()->hasSelection();
    m_cancel->setVisible(m_loading);
    m_refresh->setEnabled(!m_loading && m_store && !m_topic.empty());
    m_retry->setEnabled(m_actionsEnabled && chosen && !m_loading);
    m_delete->setEnabled(m_actionsEnabled && chosen && !m_loading);
}

} // namespace kvs::ui
