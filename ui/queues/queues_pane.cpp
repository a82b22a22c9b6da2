#include "queues/queues_pane.h"

#include "common/audited_job.h"
#include "common/column_fitter.h"
#include "common/file_chooser.h"
#include "common/production_mark.h"
#include "common/scrolled_content.h"
#include "queues/dead_letter_groups_panel.h"
#include "queues/queue_actions_bar.h"
#include "queues/queue_charts_view.h"
#include "queues/queue_count_job.h"
#include "queues/queue_message_model.h"
#include "queues/queue_overview_model.h"
#include "queues/queue_rate_sampler.h"
#include "queues/queue_refresh_scheduler.h"
#include "queues/queue_trends_panel.h"
#include "queues/queues_controller.h"
#include "queues/sweep_job.h"
#include "queues/sweep_job_bar.h"

#include <kvs/clock.h>
#include <kvs/condition.h>
#include <kvs/literal.h>
#include <kvs/payload_path.h>

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTime>
#include <QVBoxLayout>

#include <set>
#include <utility>

namespace kvs::ui {

QueuesPane::QueuesPane(QWidget *parent)
    : QWidget(parent)
    , m_controller(new QueuesController(this))
    , m_overview(new QTableView(this))
    , m_topicTitle(new QLabel(this))
    , m_errorFilter(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regular expression"), this))
    , m_payloadFilter(new QLineEdit(this))
    , m_payloadCondition(new QCheckBox(tr("Condition"), this))
    , m_payloadPath(new QLineEdit(this))
    , m_payloadEquals(new QLineEdit(this))
    , m_statusChoice(new QComboBox(this))
    , m_olderThan(new QSpinBox(this))
    , m_attempts(new QSpinBox(this))
    , m_count(new QPushButton(tr("Count matching"), this))
    , m_deadLetters(new QTableView(this))
    , m_loadMore(new QPushButton(tr("Load more"), this))
    , m_retrySelected(new QPushButton(tr("Retry selected"), this))
    , m_deleteSelected(new QPushButton(tr("Delete selected…"), this))
    , m_retryAll(new QPushButton(tr("Retry all matching…"), this))
    , m_deleteAll(new QPushButton(tr("Delete all matching…"), this))
    , m_countJob(new QueueCountJob(this))
    , m_jobBar(new SweepJobBar(m_controller, m_countJob, this))
    , m_status(new QLabel(this))
    , m_pollInterval(new QSpinBox(this))
    , m_trends(new QueueTrendsPanel(m_controller, this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
{
    m_confirm = [this](const QString &question) {
        return QMessageBox::question(this,
                                     tr("Queue action"),
                                     question,
                                     QMessageBox::Ok | QMessageBox::Cancel,
                                     QMessageBox::Cancel)
               == QMessageBox::Ok;
    };
    m_confirmDelete = [this](const QString &question, qint64 count) {
        return askDeleteWithExport(question, count);
    };
    m_overview->setModel(m_controller->overview());
    m_overview->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_overview->setSelectionMode(QAbstractItemView::SingleSelection);
    m_overview->verticalHeader()->hide();
    m_deadLetters->setModel(m_controller->deadLetters());
    m_actionsBar = new QueueActionsBar(m_controller, m_deadLetters, this);
    m_deadLetters->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_deadLetters->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_deadLetters->verticalHeader()->hide();
    m_deadLetters->setWordWrap(false);
    // Dates and counts whole (not "12/6/26 …"), the error and the payload share the rest.
    auto *columns = new ColumnFitter(m_deadLetters);
    columns->setMaximumWidth(QueueMessageModel::LastError, 320);
    columns->setMaximumWidth(QueueMessageModel::Payload, 480);
    columns->setTakesRest(QueueMessageModel::LastError);
    columns->setTakesRest(QueueMessageModel::Payload);
    auto *overviewColumns = new ColumnFitter(m_overview);
    overviewColumns->setTakesRest(QueueOverviewModel::Status);
    m_errorFilter->setPlaceholderText(tr("Last error contains…"));
    m_payloadFilter->setPlaceholderText(tr("Payload contains…"));
    m_errorFilter->setClearButtonEnabled(true);
    m_payloadFilter->setClearButtonEnabled(true);
    m_payloadCondition->setToolTip(tr("Read the payload filter as a condition on the payload "
                                      "as value, e.g. value.customer.id == 42 && "
                                      "value.retries > 2 (the README's \"Searching inside "
                                      "values\")."));
    m_payloadPath->setPlaceholderText(tr("Payload path…"));
    m_payloadPath->setToolTip(tr("A key path into the payload, customer.id or [\"customer\", "
                                 "\"id\"]; the message matches when the value there equals the "
                                 "literal beside it."));
    m_payloadEquals->setPlaceholderText(tr("equals literal…"));
    m_payloadEquals->setToolTip(tr("A literal such as 42, \"abc\" or 7n."));
    m_payloadPath->setClearButtonEnabled(true);
    m_payloadEquals->setClearButtonEnabled(true);

    // The order of BrowseStatus.
    m_statusChoice->addItems({tr("Due"), tr("Delayed"), tr("Processing"), tr("Dead"), tr("Done")});
    m_statusChoice->setCurrentIndex(int(BrowseStatus::Dead));
    m_olderThan->setRange(0, 525600);
    m_olderThan->setSpecialValueText(tr("any age"));
    m_olderThan->setPrefix(tr("older than "));
    m_olderThan->setSuffix(tr(" min"));
    m_attempts->setRange(0, 1000);
    m_attempts->setSpecialValueText(tr("any attempts"));
    m_attempts->setPrefix(tr("attempts ≥ "));
    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(m_statusChoice);
    filterRow->addWidget(m_errorFilter, 2);
    filterRow->addWidget(m_regex);
    filterRow->addWidget(m_payloadFilter, 1);
    filterRow->addWidget(m_payloadCondition);
    filterRow->addWidget(m_payloadPath, 1);
    filterRow->addWidget(m_payloadEquals, 1);
    filterRow->addWidget(m_olderThan);
    filterRow->addWidget(m_attempts);
    auto *apply = new QPushButton(tr("Apply"), this);
    filterRow->addWidget(apply);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_loadMore);
    actions->addWidget(m_count);
    actions->addStretch(1);
    actions->addWidget(m_retrySelected);
    actions->addWidget(m_deleteSelected);
    actions->addWidget(m_retryAll);
    actions->addWidget(m_deleteAll);

    auto *lower = new QWidget(this);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_topicTitle);
    m_groups = new DeadLetterGroupsPanel(lower);
    lowerLayout->addWidget(m_groups);
    lowerLayout->addLayout(filterRow);
    lowerLayout->addWidget(m_deadLetters, 1);
    lowerLayout->addLayout(actions);
    lowerLayout->addWidget(m_jobBar);
    lowerLayout->addWidget(m_actionsBar);
    // The overview shows a few topics at least, the charts their axes; what the window has
    // beyond their minimums is shared 2 : 3 : 4, and the user's division is kept.
    m_overview->setMinimumHeight(m_overview->horizontalHeader()->sizeHint().height()
                                 + kOverviewRowsShown
                                       * m_overview->verticalHeader()->defaultSectionSize()
                                 + 2 * m_overview->frameWidth());
    m_splitter->addWidget(m_overview);
    m_splitter->addWidget(m_trends);
    m_splitter->addWidget(lower);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setCollapsible(1, true); // a small screen can close the charts
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setStretchFactor(2, 4);
    m_splitter->setSizes({200, 300, 400}); // scaled to the height the pane gets
    m_splitter->restoreState(QSettings().value(QLatin1String(kSplitterKey)).toByteArray());
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        QSettings().setValue(QLatin1String(kSplitterKey), m_splitter->saveState());
    });
    // A window smaller than the view needs scrolls it (the window never outgrows the screen).
    // Slim margins above and below: the view's least height fits a 1024x700 screen's window.
    auto *layout = new QVBoxLayout(scrolledContent(this, "queues"));
    layout->setContentsMargins(6, 2, 6, 0);
    layout->addWidget(m_splitter, 1);
    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_trends->thresholdControls());
    statusRow->addWidget(new QLabel(tr("Poll every"), this));
    statusRow->addWidget(m_pollInterval);
    layout->addLayout(statusRow);
    m_pollInterval->setRange(1, 3600);
    m_pollInterval->setValue(QueueRefreshScheduler::kDefaultPollMs / 1000);
    m_pollInterval->setSuffix(tr(" s"));
    m_pollInterval->setToolTip(tr("How often the overview is read when the database cannot say "
                                  "that something was committed (PostgreSQL)."));
    connect(m_pollInterval, &QSpinBox::valueChanged, this, [this](int seconds) {
        m_controller->scheduler()->setPollIntervalMs(seconds * 1000);
    });
    connect(m_controller->scheduler(),
            &QueueRefreshScheduler::watchingCommits,
            this,
            [this](const QString &how) {
                m_pollInterval->setEnabled(false);
                m_pollInterval->setToolTip(
                    tr("This SQLite file says when something was committed (%1): the overview is "
                       "read then, and every %2 s for what time alone changes.")
                        .arg(how)
                        .arg(QueueRefreshScheduler::kSlowTickMs / 1000));
            });

    connect(m_overview->selectionModel(),
            &QItemSelectionModel::currentRowChanged,
            this,
            &QueuesPane::onTopicSelected);
    // A click on the current topic while nothing is browsed browses it.
    connect(m_overview, &QTableView::clicked, this, [this] {
        if (m_controller->browsedTopic().empty())
            applyFilter();
    });
    connect(apply, &QPushButton::clicked, this, &QueuesPane::applyFilter);
    connect(m_statusChoice, &QComboBox::currentIndexChanged, this, &QueuesPane::applyFilter);
    connect(m_count, &QPushButton::clicked, this, [this] {
        m_bulkAfterCount.reset();
        if (m_controller->browsedStatus() == BrowseStatus::Dead) {
            m_controller->startJob(DeadLetterAction::Count);
        } else {
            m_countJob->start(m_controller->store(),
                              m_controller->browsedTopic(),
                              m_controller->browsedStatus(),
                              m_controller->browsedFilter(),
                              browsedStatusCount());
        }
        updateActions();
    });
    // The job bar shows the count's progress and result; the buttons follow its state.
    connect(m_countJob, &QueueCountJob::finished, this, &QueuesPane::updateActions);
    connect(m_errorFilter, &QLineEdit::returnPressed, this, &QueuesPane::applyFilter);
    connect(m_payloadFilter, &QLineEdit::returnPressed, this, &QueuesPane::applyFilter);
    connect(m_payloadPath, &QLineEdit::returnPressed, this, &QueuesPane::applyFilter);
    connect(m_payloadEquals, &QLineEdit::returnPressed, this, &QueuesPane::applyFilter);
    connect(m_actionsBar, &QueueActionsBar::statusMessage, m_status, &QLabel::setText);
    connect(m_actionsBar, &QueueActionsBar::messagesChanged, this, [this] {
        m_controller->refresh();
        applyFilter();
    });
    connect(m_loadMore, &QPushButton::clicked, m_controller, &QueuesController::loadMore);
    connect(m_deadLetters->selectionModel(),
            &QItemSelectionModel::selectionChanged,
            this,
            &QueuesPane::updateActions);
    connect(m_retrySelected, &QPushButton::clicked, this, [this] {
        const std::vector<double> ids = selectedIds();
        confirmThen(tr("Retry %Ln dead message(s) of topic \"%1\"? They become due now, with their "
                       "attempts reset.",
                       nullptr,
                       int(ids.size()))
                        .arg(QString::fromStdString(m_controller->browsedTopic())),
                    [this, ids](AuditPolicy audit) { m_controller->retry(ids, audit); });
    });
    connect(m_deleteSelected, &QPushButton::clicked, this, [this] {
        const std::vector<double> ids = selectedIds();
        const QString question
            = tr("Delete %Ln dead message(s) of topic \"%1\"? This cannot be undone.",
                 nullptr,
                 int(ids.size()))
                  .arg(QString::fromStdString(m_controller->browsedTopic()));
        confirmThen(question, [this, ids, question](AuditPolicy audit) {
            // On a production tab the database's name is typed too.
            if (confirmOnProduction(this,
                                    QStringLiteral("confirmDeleteSelectedProduction"),
                                    question,
                                    tr("Delete")))
                m_controller->remove(ids, audit);
        });
    });
    // A bulk action counts the matches first, so its confirmation says exactly how many.
    const auto startBulk = [this](DeadLetterAction action) {
        m_bulkAfterCount = action;
        m_controller->startJob(DeadLetterAction::Count);
        updateActions();
    };
    connect(m_retryAll, &QPushButton::clicked, this, [startBulk] {
        startBulk(DeadLetterAction::Retry);
    });
    connect(m_deleteAll, &QPushButton::clicked, this, [startBulk] {
        startBulk(DeadLetterAction::Delete);
    });
    connect(m_jobBar, &SweepJobBar::settingsChanged, this, &QueuesPane::updateActions);

    connect(m_controller, &QueuesController::refreshed, this, [this](qint64 ms) {
        const QueueRefreshScheduler *scheduler = m_controller->scheduler();
        const QString time = QLocale().toString(QTime::currentTime(), QLocale::LongFormat);
        const double every = scheduler->tickIntervalMs() / 1000.0;
        m_status->setText(
            scheduler->watchesCommits()
                ? tr("Refreshed at %1 (%2 ms); on each commit and every %3 s.")
                      .arg(time)
                      .arg(ms)
                      .arg(every)
                : tr("Refreshed at %1 (%2 ms); every %3 s.").arg(time).arg(ms).arg(every));
    });
    connect(m_controller, &QueuesController::failed, m_status, &QLabel::setText);
    connect(m_trends, &QueueTrendsPanel::problem, m_status, &QLabel::setText);
    connect(m_controller, &QueuesController::actionFinished, m_status, &QLabel::setText);
    connect(m_controller, &QueuesController::browseChanged, this, &QueuesPane::updateActions);
    // A job's progress and result are the job bar's (not repeated in the status line).
    connect(m_controller, &QueuesController::jobFinished, this, [this] {
        // Taken before the buttons are updated: a bulk action whose question is cancelled
        // leaves them enabled.
        const std::optional<DeadLetterAction> bulk = std::exchange(m_bulkAfterCount, std::nullopt);
        updateActions();
        const SweepJob *job = m_controller->job();
        if (bulk && job && job->spec().action == DeadLetterAction::Count && !job->cancelled()
            && !job->failed())
            confirmBulk(*bulk, job->progress().matched);
    });
    connect(m_controller, &QueuesController::jobStateChanged, this, &QueuesPane::updateActions);
    // A group chosen filters the dead letters to it; its Retry and Delete are the bulk jobs on
    // that filter (their count, question, rate, pause and audit); once one ends, regrouped.
    connect(m_groups, &DeadLetterGroupsPanel::groupChosen, this, [this] {
        if (m_statusChoice->currentIndex() != int(BrowseStatus::Dead))
            m_statusChoice->setCurrentIndex(int(BrowseStatus::Dead)); // applies the filter
        else
            applyFilter();
    });
    connect(m_groups, &DeadLetterGroupsPanel::retryRequested, m_retryAll, &QPushButton::click);
    connect(m_groups, &DeadLetterGroupsPanel::deleteRequested, m_deleteAll, &QPushButton::click);
    connect(m_controller, &QueuesController::jobFinished, m_groups, [this] {
        const SweepJob *job = m_controller->job();
        if (job && job->spec().action != DeadLetterAction::Count)
            m_groups->reload();
    });
    updateActions();
}

void QueuesPane::setClock(const std::shared_ptr<Clock> &clock)
{
    m_controller->setClock(clock);
    m_trends->sampler()->setClock(clock);
    m_trends->charts()->setClock(clock);
}

void QueuesPane::setStore(std::shared_ptr<AsyncKVStore> store,
                          bool writable,
                          const QString &database,
                          const QString &auditDatabase)
{
    const QString audited = auditDatabase.isEmpty() ? database : auditDatabase;
    m_trends->setStore(store, database);
    m_actionsBar->setStore(store, writable, audited);
    m_controller->setStore(std::move(store), writable, audited);
    m_topicTitle->setText(tr("Select a topic to see its dead letters."));
    updateActions();
    // Writes allowed (or taken back) on the same database: the selected topic stays browsed.
    if (m_overview->currentIndex().isValid())
        onTopicSelected();
    else
        m_groups->load(nullptr, {});
}

void QueuesPane::setSqliteFile(const std::string &path)
{
    m_pollInterval->setEnabled(path.empty());
    m_controller->setSqliteFile(path);
}

void QueuesPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_controller->setPolling(true);
    m_controller->refresh();
}

void QueuesPane::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_controller->setPolling(false);
}

void QueuesPane::onTopicSelected()
{
    const QueueStats *stats = m_controller->overview()->statsAt(m_overview->currentIndex().row());
    m_groups->load(m_controller->store(), stats ? stats->topic : std::string());
    applyFilter();
}

void QueuesPane::applyFilter()
{
    const QueueStats *stats = m_controller->overview()->statsAt(m_overview->currentIndex().row());
    if (!stats)
        return;
    DeadLetterFilter filter;
    const std::string error = m_errorFilter->text().toStdString();
    if (!error.empty()) {
        if (m_regex->isChecked()) {
            try {
                filter.setErrorPattern(error);
            } catch (const std::exception &e) {
                m_status->setText(QString::fromStdString(e.what()));
                return;
            }
        } else {
            filter.setErrorContains(error);
        }
    }
    if (!m_payloadFilter->text().isEmpty() && m_payloadCondition->isChecked()) {
        try {
            filter.setWhere(Condition::parse(m_payloadFilter->text().toStdString()));
        } catch (const std::exception &e) {
            m_status->setText(QString::fromStdString(e.what()));
            return;
        }
    } else if (!m_payloadFilter->text().isEmpty()) {
        filter.setPayloadContains(m_payloadFilter->text().toStdString());
    }
    if (!m_payloadPath->text().isEmpty() || !m_payloadEquals->text().isEmpty()) {
        if (m_payloadPath->text().isEmpty() || m_payloadEquals->text().isEmpty()) {
            m_status->setText(tr("A payload path condition needs both the path and the literal "
                                 "its value equals."));
            return;
        }
        try {
            filter.setPayloadPathEquals(PayloadPath::parse(m_payloadPath->text().toStdString()),
                                        parseLiteral(m_payloadEquals->text().toStdString()));
        } catch (const std::exception &e) {
            m_status->setText(QString::fromStdString(e.what()));
            return;
        }
    }
    if (m_olderThan->value() > 0) {
        filter.setEnqueuedAtOrBefore(m_controller->clock()->now()
                                     - std::int64_t(m_olderThan->value()) * 60000);
    }
    if (m_attempts->value() > 0)
        filter.setAttemptsAtLeast(m_attempts->value());
    if (const QString signature = m_groups->chosenSignature(); !signature.isEmpty())
        filter.setSignature(signature.toStdString());
    m_topicTitle->setText(tr("%1 messages of \"%2\" matching %3")
                              .arg(m_statusChoice->currentText(),
                                   QString::fromStdString(stats->topic),
                                   filterDescription()));
    m_controller->browse(stats->topic,
                         BrowseStatus(m_statusChoice->currentIndex()),
                         std::move(filter),
                         filterDescription());
}

qint64 QueuesPane::browsedStatusCount() const
{
    const QueueOverviewModel *overview = m_controller->overview();
    const QueueStats *stats = overview->statsAt(overview->rowOf(m_controller->browsedTopic()));
    if (!stats)
        return 0;
    switch (m_controller->browsedStatus()) {
    case BrowseStatus::Due:
        return stats->pending;
    case BrowseStatus::Delayed:
        return stats->delayed;
    case BrowseStatus::Processing:
        return stats->processing;
    case BrowseStatus::Dead:
        return stats->dead;
    case BrowseStatus::Done:
        return stats->done;
    }
    return 0;
}

QString QueuesPane::filterDescription() const
{
    QStringList parts;
    if (!m_errorFilter->text().isEmpty()) {
        parts << (m_regex->isChecked() ? tr("error matching /%1/") : tr("error containing \"%1\""))
                     .arg(m_errorFilter->text());
    }
    if (!m_payloadFilter->text().isEmpty()) {
        parts << (m_payloadCondition->isChecked() ? tr("payload where %1")
                                                  : tr("payload containing \"%1\""))
                     .arg(m_payloadFilter->text());
    }
    if (!m_payloadPath->text().isEmpty())
        parts
            << tr("payload at %1 equal to %2").arg(m_payloadPath->text(), m_payloadEquals->text());
    if (m_olderThan->value() > 0)
        parts << tr("enqueued more than %Ln minute(s) ago", nullptr, m_olderThan->value());
    if (m_attempts->value() > 0)
        parts << tr("at least %Ln attempt(s)", nullptr, m_attempts->value());
    if (const QString signature = m_groups->chosenSignature(); !signature.isEmpty())
        parts << tr("error signature %1").arg(signature);
    return parts.isEmpty() ? tr("any filter") : parts.join(tr(" and "));
}

std::vector<double> QueuesPane::selectedIds() const
{
    std::set<double> ids;
    for (const QModelIndex &index : m_deadLetters->selectionModel()->selectedRows()) {
        if (const BrowsedMessage *m = m_controller->deadLetters()->messageAt(index.row()))
            ids.insert(double(m->id));
    }
    return {ids.begin(), ids.end()};
}

void QueuesPane::confirmThen(const QString &question,
                             const std::function<void(AuditPolicy)> &action)
{
    const QString problem = auditLogProblem();
    if (m_confirm(questionWithAudit(question, problem)))
        action(policyAfter(problem));
}

void QueuesPane::updateActions()
{
    const bool writable = m_controller->isWritable();
    const bool topic = !m_controller->browsedTopic().empty()
                       && m_controller->browsedStatus() == BrowseStatus::Dead;
    const bool job
        = m_controller->isJobRunning() || m_countJob->isRunning() || m_bulkAfterCount.has_value();
    const bool selection = m_deadLetters->selectionModel()->hasSelection();
    m_loadMore->setEnabled(m_controller->hasMore());
    // Every status can be counted (dead letters by the sweep, the others by QueueCountJob).
    m_count->setEnabled(!m_controller->browsedTopic().empty() && !job);
    for (QPushButton *button : {m_retrySelected, m_deleteSelected})
        button->setEnabled(writable && topic && selection && !job);
    for (QPushButton *button : {m_retryAll, m_deleteAll})
        button->setEnabled(writable && topic && !job && m_jobBar->hasValidSettings());
    m_groups->setActionsEnabled(writable && topic && !job && m_jobBar->hasValidSettings());
    const QString readOnly = tr("The database is open read-only: allow writes to act on messages.");
    for (QPushButton *button : {m_retrySelected, m_deleteSelected, m_retryAll, m_deleteAll})
        button->setToolTip(writable ? QString() : readOnly);
}

void QueuesPane::confirmBulk(DeadLetterAction action, std::int64_t count)
{
    const QString topic = QString::fromStdString(m_controller->browsedTopic());
    const QString filter = m_controller->browsedFilterText();
    if (count == 0) {
        m_status->setText(
            tr("No dead message of topic \"%1\" matches %2: nothing to do.").arg(topic, filter));
        return;
    }
    SweepJobSpec spec;
    spec.action = action;
    spec.expected = count;
    m_jobBar->applyTo(spec, m_controller->clock()->now());
    const QString how = m_jobBar->describe(spec);
    if (action == DeadLetterAction::Retry) {
        const QString question
            = tr("Retry the %Ln dead message(s) of topic \"%1\" that match %2? They become due "
                 "now, with their attempts reset.",
                 nullptr,
                 int(count))
                  .arg(topic, filter)
              + QLatin1Char(' ') + how;
        confirmThen(question, [this, spec](AuditPolicy audit) mutable {
            spec.audit = audit;
            m_controller->startJob(spec);
        });
        return;
    }
    const QString question = tr("Delete the %Ln dead message(s) of topic \"%1\" that match %2? "
                                "This cannot be undone.",
                                nullptr,
                                int(count))
                                 .arg(topic, filter)
                             + QLatin1Char(' ') + how;
    const QString problem = auditLogProblem();
    const DeleteChoice choice = m_confirmDelete(questionWithAudit(question, problem), count);
    if (!choice.confirmed)
        return;
    // On a production tab the database's name is typed too.
    if (!confirmOnProduction(
            this, QStringLiteral("confirmDeleteDeadProduction"), question, tr("Delete")))
        return;
    spec.exportPath = choice.exportPath;
    spec.audit = policyAfter(problem);
    m_controller->startJob(spec);
}

QueuesPane::DeleteChoice QueuesPane::askDeleteWithExport(const QString &question, qint64 count)
{
    QMessageBox box(QMessageBox::Question,
                    tr("Queue action"),
                    question,
                    QMessageBox::Ok | QMessageBox::Cancel,
                    this);
    box.setDefaultButton(QMessageBox::Cancel);
    auto *exportFirst
        = new QCheckBox(tr("Export %Ln message(s) to a file first", nullptr, int(count)), &box);
    exportFirst->setChecked(true);
    box.setCheckBox(exportFirst);
    if (box.exec() != QMessageBox::Ok)
        return {};
    if (!exportFirst->isChecked())
        return {true, {}};
    const QString path = FileChooser::getSaveFileName(this,
                                                      tr("Export the dead messages to"),
                                                      QStringLiteral("dead-letters.jsonl"),
                                                      tr("JSON lines (*.jsonl);;All files (*)"));
    if (path.isEmpty())
        return {}; // no file chosen: nothing is deleted
    return {true, path};
}

} // namespace kvs::ui
