#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/audit_log.h>
#include <kvs/dead_letter_sweep.h>

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <string>

class QLabel;
class QLineEdit;
class QCheckBox;
class QComboBox;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTableView;

namespace kvs::ui {

class DeadLetterGroupsPanel;
class QueueActionsBar;
class QueuesController;
class QueueTrendsPanel;
class QueueCountJob;
class SweepJobBar;

// The Queues tab of a database: the overview of every topic (counts, oldest due, warnings
// first) refreshed while shown, and below it the selected topic's messages of one status (due,
// delayed, processing, dead, done) with a filter (error text or regular expression, payload
// text, age, attempts) and a count of the dead letters it matches, and the operator's actions:
// retry or delete the selection, or everything the filter matches as a job with progress and
// Cancel. Read-only databases show everything and offer no action. Every action asks first, saying
// how many messages of which topic with which filter. Thread rule: GUI thread only.
class QueuesPane : public QWidget
{
    Q_OBJECT

public:
    // Where the division of overview, charts and messages is kept (QSettings).
    static constexpr const char *kSplitterKey = "queues/splitterState";
    // The overview's least height shows this many topics (the pane of a 1024x700 window); a
    // 1400x900 one shows four or more.
    static constexpr int kOverviewRowsShown = 3;

    explicit QueuesPane(QWidget *parent = nullptr);

    // database: the charts' history is kept under it; auditDatabase: the database as the audit
    // log names it (auditDatabaseName(); empty: database).
    void setStore(std::shared_ptr<AsyncKVStore> store,
                  bool writable,
                  const QString &database,
                  const QString &auditDatabase = {});
    // The SQLite file whose commits refresh the overview, or empty (PostgreSQL): a poll at the
    // interval the user sets (default 2 s).
    void setSqliteFile(const std::string &path);
    // The time of the overview's ages, the charts and their samples, the "older than" filter and
    // the jobs (the store's clock; null: the system's, the default).
    void setClock(const std::shared_ptr<Clock> &clock);
    QueuesController *controller() const { return m_controller; }
    QTableView *overviewView() const { return m_overview; }
    QTableView *deadLetterView() const { return m_deadLetters; }
    QLineEdit *errorFilter() const { return m_errorFilter; }
    QCheckBox *regexFilter() const { return m_regex; }
    QLineEdit *payloadFilter() const { return m_payloadFilter; }
    // Reads the payload filter as a condition (kvs/condition.h, the payload as `value`).
    QCheckBox *payloadConditionBox() const { return m_payloadCondition; }
    // The payload key-path condition: the path (customer.id or ["customer", "id"]) and the
    // literal the value there equals.
    QLineEdit *payloadPathFilter() const { return m_payloadPath; }
    QLineEdit *payloadEqualsFilter() const { return m_payloadEquals; }
    QueueActionsBar *actionsBar() const { return m_actionsBar; }
    QComboBox *statusChoice() const { return m_statusChoice; }
    QSpinBox *olderThanMinutes() const { return m_olderThan; }
    QSpinBox *attemptsAtLeast() const { return m_attempts; }
    QPushButton *countButton() const { return m_count; }
    QPushButton *retrySelectedButton() const { return m_retrySelected; }
    QPushButton *retryAllButton() const { return m_retryAll; }
    QPushButton *deleteAllButton() const { return m_deleteAll; }
    QLabel *statusLabel() const { return m_status; }
    QSpinBox *pollInterval() const { return m_pollInterval; }
    QueueTrendsPanel *trends() const { return m_trends; }
    QueueCountJob *countJob() const { return m_countJob; }
    QSplitter *splitter() const { return m_splitter; }

    // Asks the user (a question box by default); tests replace it. When the audit log cannot be
    // written the question says so, and yes means: run this action without an audit entry.
    void setConfirm(std::function<bool(const QString &question)> confirm)
    {
        m_confirm = std::move(confirm);
    }
    // The delete-all confirmation's answer: go ahead or not, and the file to export the
    // messages to first (empty: no export).
    struct DeleteChoice
    {
        bool confirmed = false;
        QString exportPath;
    };
    // Asks before deleting count matches (a question box offering "Export N messages to a file
    // first" and then a file dialog, by default); tests replace it.
    void
    setConfirmDelete(std::function<DeleteChoice(const QString &question, qint64 count)> confirm)
    {
        m_confirmDelete = std::move(confirm);
    }
    SweepJobBar *jobBar() const { return m_jobBar; }
    // Applies the filter fields to the selected topic's dead letters.
    void applyFilter();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void onTopicSelected();
    void updateActions();
    std::vector<double> selectedIds() const;
    QString filterDescription() const;
    // How many messages of the browsed topic and status the overview last counted (0: none).
    qint64 browsedStatusCount() const;
    // Asks question (with the audit log's problem, if any) and runs action with the policy the
    // answer chose.
    void confirmThen(const QString &question, const std::function<void(AuditPolicy)> &action);
    DeleteChoice askDeleteWithExport(const QString &question, qint64 count);
    // Asks about a bulk action on the count matches a count job found, then starts it.
    void confirmBulk(DeadLetterAction action, std::int64_t count);

    QueuesController *m_controller; // Owned (child).
    QTableView *m_overview;         // Owned.
    QLabel *m_topicTitle;           // Owned.
    QLineEdit *m_errorFilter;       // Owned.
    QCheckBox *m_regex;             // Owned.
    QLineEdit *m_payloadFilter;     // Owned.
    QCheckBox *m_payloadCondition;  // Owned.
    QLineEdit *m_payloadPath;       // Owned.
    QLineEdit *m_payloadEquals;     // Owned.
    QueueActionsBar *m_actionsBar;  // Owned.
    QComboBox *m_statusChoice;      // Owned.
    QSpinBox *m_olderThan;          // Owned.
    QSpinBox *m_attempts;           // Owned.
    QPushButton *m_count;           // Owned.
    QTableView *m_deadLetters;      // Owned.
    QPushButton *m_loadMore;        // Owned.
    QPushButton *m_retrySelected;   // Owned.
    QPushButton *m_deleteSelected;  // Owned.
    QPushButton *m_retryAll;        // Owned.
    QPushButton *m_deleteAll;       // Owned.
    QueueCountJob *m_countJob;      // Owned (child): the count of a status other than dead.
    SweepJobBar *m_jobBar;          // Owned: every job's progress, Cancel and result.
    QLabel *m_status;               // Owned.
    QSpinBox *m_pollInterval;       // Owned.
    QueueTrendsPanel *m_trends;     // Owned.
    QSplitter *m_splitter;          // Owned: overview, charts, messages.
    std::function<bool(const QString &)> m_confirm;
    std::function<DeleteChoice(const QString &, qint64)> m_confirmDelete;
    // A bulk action waiting for its count job, to ask with the exact count.
    std::optional<DeadLetterAction> m_bulkAfterCount;
    // Owned: the topic's dead letters by error signature (issue 43); choosing one filters.
    DeadLetterGroupsPanel *m_groups = nullptr;
};

} // namespace kvs::ui
