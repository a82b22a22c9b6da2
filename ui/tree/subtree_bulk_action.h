#pragma once

#include "common/batch_progress.h"

#include <kvs/async_kvstore.h>
#include <kvs/audit_log.h>
#include <kvs/entry_transfer.h>

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QWidget;

namespace kvs::ui {

// One bulk action on a subtree of the key tree, run as the issue asks: the exact count first
// (read off the GUI thread), a confirmation that says what will happen, then the work on a worker
// thread in batches (kvs/entry_transfer.h) with a progress dialog whose Cancel stops after the
// current batch. Export writes the subtree's entries to a file (complete or not at all); Delete
// deletes them; Import writes a file's entries into the database (its keys as they are in the
// file); Copy writes the subtree's entries into another open database at the same keys. Deletes
// itself when done. Thread rule: GUI thread only; the worker sees only the shared state and the
// store, never this object.
class SubtreeBulkAction : public QObject
{
    Q_OBJECT

public:
    enum class Kind { Export, Delete, Import, Copy };

    // prefix: the subtree's node (its own key and everything below; [] for the whole
    // database). path: the file written (Export) or read (Import); unused for Delete. parent:
    // where the dialogs show (not owned; the action ends when it goes).
    SubtreeBulkAction(
        std::shared_ptr<AsyncKVStore> store, Kind kind, Key prefix, QString path, QWidget *parent);
    ~SubtreeBulkAction() override;

    // Copy: the database written to, and the names the confirmation gives both. Requires: kind
    // is Copy, before start().
    void setCopyTarget(std::shared_ptr<AsyncKVStore> target,
                       const QString &sourceName,
                       const QString &targetName);

    // The database as the audit log names it (auditDatabaseName()) where a delete, an import or
    // a copy writes and is audited: for a copy, the target's (the filter names the source).
    void setAuditDatabase(const QString &database) { m_auditDatabase = database; }

    // Counts, asks, runs. finished() comes in every case (cancelled or refused too).
    void start();

    // Tests only: called on the worker after each batch of the work (not of the count), with
    // the entries done so far; a test holds the work there (the README's screenshot of an export
    // in progress). Set it before the count ends.
    void setAfterBatchHook(std::function<void(long long done)> hook)
    {
        m_afterBatch = std::move(hook);
    }

    // The confirmation's text and informative text, once asked (tests read them).
    QString question() const { return m_question; }

signals:
    // summary: what was done ("Exported 1,234 entries to users.jsonl."), or why not;
    // changedData: the database may have changed (the tree should read it again); failed: the
    // work failed (summary says why).
    void finished(const QString &summary, bool changedData, bool failed);

private:
    // What the worker and the GUI share: the worker writes the counts, the GUI reads them.
    struct Shared
    {
        std::atomic<bool> cancel{false};
        std::atomic<long long> done{0};
        std::atomic<long long> skipped{0};
        // What earlier phases did: a delete's keeping in the recycle bin, then its deleting, fill
        // one bar of twice the entries.
        std::atomic<long long> before{0};
        std::function<void(long long done)> afterBatch; // set before the work starts
    };
    struct Outcome
    {
        TransferResult result;
        QString error;      // set when the work failed
        long long line = 0; // Import: the malformed line, if that was the failure
    };

    void onCounted(const Outcome &counted);
    bool confirm(long long count, ImportMode *mode);
    void run(ImportMode mode, long long total);
    // The audit entry of a writing kind (nullopt for an export, which changes nothing).
    std::optional<AuditRecord> auditSubject() const;
    void onRan(const Outcome &outcome);
    void showProgress(const QString &label, long long total);
    QString subtreeText() const;
    void finish(const QString &summary, bool changedData, bool failed = false);

    std::shared_ptr<AsyncKVStore> m_store;
    std::shared_ptr<AsyncKVStore> m_target; // Copy: written to
    QString m_sourceName;                   // Copy: m_store's name
    QString m_targetName;                   // Copy: m_target's name
    Kind m_kind;
    Key m_prefix;
    QString m_path;
    QPointer<QWidget> m_parent;
    std::shared_ptr<Shared> m_shared;
    QFutureWatcher<Outcome> m_watcher;
    BatchProgress m_progress; // of the count, then of the work
    QString m_question;
    QString m_auditDatabase;
    QString m_auditProblem; // why the audit log cannot be written, asked with the question
    std::function<void(long long done)> m_afterBatch;
    bool m_running = false; // the second phase (the work itself) runs
};

} // namespace kvs::ui
