#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/transaction_json.h>

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvs::ui {

class CommitHistoryModel;
class TransactionModel;

// A check the commit (or a dry run) failed on: its row and key, the version it expected, and
// what the key holds now (read after the commit answered, for the user to compare).
struct FailedCheck
{
    int row = 0;
    Key key;
    std::optional<std::int64_t> expected; // nullopt: must not exist
    std::optional<Entry> current;         // nullopt: absent
    bool dryRun = false;
};

// The transaction editor's work with the store, all of it off the GUI thread (kvs::then): the
// commit (writes allowed only), the dry run (re-reads the checked keys, writes nothing), the
// refresh of the checks' versions, and a key's current version for a new check. Results of a
// store that was replaced meanwhile are dropped. Save and load read and write the JSON document
// of `kvs atomic` (kvs/transaction_json.h). Thread rule: GUI thread only.
class TransactionController : public QObject
{
    Q_OBJECT

public:
    explicit TransactionController(QObject *parent = nullptr);

    TransactionModel *model() const { return m_model; }
    CommitHistoryModel *history() const { return m_history; }

    void setStore(std::shared_ptr<AsyncKVStore> store, bool writable);
    // The database as the audit log names it (auditDatabaseName()). Each commit is audited there,
    // as `kvs atomic` commits are: nothing is committed when its started line cannot be written,
    // unless commit() is told to run without it.
    void setAuditDatabase(const QString &database) { m_auditDatabase = database; }
    bool hasStore() const { return m_store != nullptr; }
    bool isWritable() const { return m_writable; }
    bool isBusy() const { return m_busy; }
    // Whether Commit is possible now: writes allowed, a store, nothing running, and a
    // transaction with rows and no problem.
    bool canCommit() const;
    bool canDryRun() const;

    // audit: the confirmation's choice when the audit log cannot be written (this commit only).
    void commit(AuditPolicy audit = AuditPolicy::Required);
    void dryRun();
    // Reads every checked key again and sets its check to what it holds now (its version, or
    // "must not exist" when absent); then commits (with audit) when commitAfter is set.
    void refreshChecks(bool commitAfter = false, AuditPolicy audit = AuditPolicy::Required);
    // Adds a check of key at the version it has now (or "must not exist").
    void addCheckFor(const Key &key);

    // The document of the rows; throws kvs::Error for a row with a problem or a file that
    // cannot be written ("kvs: cannot write PATH: REASON").
    void saveTo(const QString &path) const;
    // Replaces the rows by the document's; throws kvs::Error for a file that cannot be read and
    // parseTransactionJson's errors (the rows stay as they were).
    void loadFrom(const QString &path);

signals:
    void busyChanged(bool busy);
    void committed(qint64 version);
    void checkFailed(const kvs::ui::FailedCheck &failure);
    void dryRunPassed(int checks);
    void checksRefreshed();
    void failed(const QString &message);
    // A commit wrote (set, sum) or deleted these encoded keys, for the key tree.
    void keyWritten(const std::string &encodedKey);
    void keyDeleted(const std::string &encodedKey);

private:
    void setBusy(bool busy);
    void reportFailedCheck(const TransactionSpec &spec, std::size_t index, bool dryRun);
    void recordCommit(const TransactionSpec &spec, bool ok, const QString &result);
    void announceWrites(const TransactionSpec &spec);

    TransactionModel *m_model;     // Owned (child).
    CommitHistoryModel *m_history; // Owned (child).
    std::shared_ptr<AsyncKVStore> m_store;
    QString m_auditDatabase;
    bool m_writable = false;
    bool m_busy = false;
};

} // namespace kvs::ui

Q_DECLARE_METATYPE(kvs::ui::FailedCheck)
