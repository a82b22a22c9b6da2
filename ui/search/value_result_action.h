#pragma once

#include "common/batch_progress.h"
#include "search/checked_writes.h"
#include "search/value_search_hit.h"

#include <kvs/async_kvstore.h>
#include <kvs/audit_log.h>

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

class QWidget;

namespace kvs::ui {

// One action on the entries a value search found, as issue 38 asks: it says how many entries
// and what will happen and asks first (on a production tab a delete also asks for the database's
// name), then runs on a worker in batches of 1,000 with a progress dialog whose Cancel stops
// after the current batch, audited (action "search-delete", "search-expire",
// "search-clear-expiry" or "search-export", the search as its filter). Writes act on an entry
// only if it still has the version the search saw (writeChecked): entries changed since are
// skipped, counted and named in the summary. Export writes the entries as `kvs find --export`
// does (kvs/entry_transfer.h), the file complete or not at all. Deletes itself when done.
// Thread rule: GUI thread only; the worker sees only the shared state, the entries and the store.
class ValueResultAction : public QObject
{
    Q_OBJECT

public:
    enum class Kind { Delete, SetExpiry, ClearExpiry, Export };
    static constexpr int kBatch = 1000;

    // hits: the entries acted on (copied). auditDatabase: the database as the audit log names
    // it; search: the search as its filter. parent: where the dialogs show (not owned).
    ValueResultAction(std::shared_ptr<AsyncKVStore> store,
                      Kind kind,
                      const ValueSearchHits &hits,
                      QString auditDatabase,
                      std::string search,
                      QWidget *parent);
    ~ValueResultAction() override;

    // SetExpiry: the time to live, in milliseconds from each batch's commit.
    void setTtlMs(double ttlMs) { m_ttlMs = ttlMs; }
    // Export: the file written.
    void setPath(const QString &path) { m_path = path; }
    // Replaces the confirmation box (tests): question in, yes or no out.
    void setConfirm(std::function<bool(const QString &question)> confirm)
    {
        m_confirm = std::move(confirm);
    }
    // Tests only: called on the worker after each batch with the entries done so far.
    void setAfterBatchHook(std::function<void(std::int64_t done)> hook)
    {
        m_afterBatch = std::move(hook);
    }

    // Asks, runs. finished() comes in every case (refused and cancelled too).
    void start();
    // The question asked (tests read it).
    QString question() const { return m_question; }

    // What the worker hands back.
    struct Outcome
    {
        CheckedWriteResult result; // Export: states Written for each entry written
        QString error;
    };

signals:
    // summary: what was done, or why not; outcome: what became of each entry (empty when
    // nothing ran); failed: the work failed (summary says why).
    void finished(const QString &summary,
                  const kvs::ui::ValueResultAction::Outcome &outcome,
                  bool failed);

private:
    struct Shared
    {
        std::atomic<bool> cancel{false};
        std::atomic<std::int64_t> done{0};
    };

    bool confirm();
    void run(AuditPolicy policy);
    void onRan(const Outcome &outcome);
    QString summaryOf(const Outcome &outcome) const;
    void finish(const QString &summary, const Outcome &outcome, bool failed = false);

    std::shared_ptr<AsyncKVStore> m_store;
    Kind m_kind;
    std::vector<Entry> m_entries;
    std::vector<std::pair<std::string, std::string>> m_bytes; // Export: key and value as stored
    QString m_auditDatabase;
    std::string m_search;
    QPointer<QWidget> m_parent;
    double m_ttlMs = 0;
    QString m_path;
    std::function<bool(const QString &)> m_confirm;
    std::function<void(std::int64_t)> m_afterBatch;
    std::shared_ptr<Shared> m_shared;
    QFutureWatcher<Outcome> m_watcher;
    BatchProgress m_progress;
    QString m_question;
};

} // namespace kvs::ui
