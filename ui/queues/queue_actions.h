#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/audit_log.h>

#include <QObject>
#include <QString>

#include <memory>
#include <string>

namespace kvs::ui {

// The queue dashboard's single-message actions on the store: enqueue a new message, delete a
// topic's done messages, and replace a (dead) message with a corrected copy (moveMessage). All
// of it off the GUI thread, through the store API (the same on SQLite and PostgreSQL), each
// between its started and ended lines in the audit log (kvs/audit_log.h; no payloads): with
// AuditPolicy::Required an action whose started line cannot be written does nothing and fails
// with the log's error. Does nothing on a read-only store. Thread rule: GUI thread only.
class QueueActions : public QObject
{
    Q_OBJECT

public:
    // Done messages read per page and deleted per statement (the store's most).
    static constexpr int kBatch = 1000;

    explicit QueueActions(QObject *parent = nullptr);

    // database: as the audit log names it (auditDatabaseName()).
    void setStore(std::shared_ptr<AsyncKVStore> store, bool writable, QString database);
    bool isWritable() const { return m_store && m_writable; }

    // Enqueues payload with options; finished() names its new id.
    void enqueue(const Value &payload,
                 const QueueOptions &options,
                 AuditPolicy audit = AuditPolicy::Required);
    // Deletes every done message of topic, in id pages of kBatch (one statement each); done is
    // final, so a page read is a page deleted unless someone else deleted it first.
    void cleanDone(const std::string &topic, AuditPolicy audit = AuditPolicy::Required);
    // In one transaction: deletes dead message id of options.topic and enqueues payload in its
    // place. When the message is gone, or no longer dead (retried meanwhile, perhaps leased by a
    // consumer), writes nothing and says so (gone()).
    void move(std::int64_t id,
              const Value &payload,
              const QueueOptions &options,
              AuditPolicy audit = AuditPolicy::Required);

signals:
    // After a successful action: what it did, for the status line.
    void finished(const QString &message);
    // The action failed: the store's message ("kvs: ...").
    void failed(const QString &message);
    // move(): the message was gone or no longer dead, nothing was written.
    void gone(const QString &message);

private:
    AuditRecord subject(std::string action, std::string topic, std::string filter) const;
    // A message status of the store ("processing", ...) in the operator's words.
    static QString statusText(const std::string &status);

    std::shared_ptr<AsyncKVStore> m_store;
    bool m_writable = false;
    QString m_database;
};

} // namespace kvs::ui
