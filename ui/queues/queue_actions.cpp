#include "queues/queue_actions.h"

#include "common/future_error.h"
#include "queues/queue_audit.h"

#include <kvs/future.h>
#include <kvs/queue_errors.h>

#include <QtConcurrent>

#include <optional>

namespace kvs::ui {

namespace {

// The status a move found its message in, when it failed because the message is no longer
// dead (MessageNotDeadError); nullopt for any other outcome. For continuations: no waiting.
std::optional<std::string> notDeadStatusOf(QFuture<std::optional<EnqueueResult>> &future)
{
    try {
        future.waitForFinished(); // rethrows the stored exception
    } catch (const MessageNotDeadError &error) {
        return error.status();
    } catch (...) {
    }
    return std::nullopt;
}

struct CleanResult
{
    std::int64_t found = 0;
    std::int64_t deleted = 0;
};

// Runs on a worker thread: waits on the store's futures there, never on the GUI thread.
CleanResult deleteDoneMessages(AsyncKVStore &store, const std::string &topic)
{
    CleanResult result;
    std::int64_t after = 0;
    while (true) {
        const std::vector<QueuePeekMessage> page
            = store
                  .peek(topic,
                        PeekOptions{PeekStatus::Done,
                                    after,
                                    double(QueueActions::kBatch),
                                    ExpiredLeases::Project})
                  .result();
        if (page.empty())
            return result;
        std::vector<double> ids;
        ids.reserve(page.size());
        for (const QueuePeekMessage &message : page)
            ids.push_back(double(message.id));
        result.found += std::int64_t(page.size());
        result.deleted += store.deleteMessages(topic, ids).result();
        after = page.back().id;
        if (page.size() < std::size_t(QueueActions::kBatch))
            return result;
    }
}

} // namespace

QueueActions::QueueActions(QObject *parent)
    : QObject(parent)
{}

void QueueActions::setStore(std::shared_ptr<AsyncKVStore> store, bool writable, QString database)
{
    m_store = std::move(store);
    m_writable = writable;
    m_database = std::move(database);
}

void QueueActions::record(AuditRecord record) const
{
    record.database = m_database.toStdString();
    appendAuditLater(std::move(record));
}

void QueueActions::enqueue(const Value &payload, const QueueOptions &options)
{
    if (!isWritable())
        return;
    const std::string topic = options.topic;
    kvs::then(m_store->enqueue(payload, options), this, [this, topic](QFuture<EnqueueResult> f) {
        if (const QString error = errorOf(f); !error.isEmpty()) {
            record({"enqueue", {}, topic, {}, 0, 0, error.toStdString()});
            emit failed(error);
            return;
        }
        const std::int64_t id = f.result().id;
        record({"enqueue", {}, topic, {}, 1, 1, "ok, new id " + std::to_string(id)});
        emit finished(
            tr("Enqueued message %1 in topic \"%2\".").arg(id).arg(QString::fromStdString(topic)));
    });
}

void QueueActions::cleanDone(const std::string &topic)
{
    if (!isWritable())
        return;
    const std::shared_ptr<AsyncKVStore> store = m_store;
    AuditRecord audit{"clean-done", m_database.toStdString(), topic, "status done", 0, 0, "ok"};
    auto job = QtConcurrent::run([store, topic, audit]() mutable {
        CleanResult result;
        try {
            result = deleteDoneMessages(*store, topic);
        } catch (const std::exception &e) {
            audit.result = e.what();
            appendAuditQuietly(audit);
            throw;
        }
        audit.matched = result.found;
        audit.changed = result.deleted;
        appendAuditQuietly(audit);
        return result;
    });
    kvs::then(job, this, [this, topic](QFuture<CleanResult> f) {
        if (const QString error = errorOf(f); !error.isEmpty()) {
            emit failed(error);
            return;
        }
        emit finished(
            tr("Deleted %n done message(s) of topic \"%1\".", nullptr, int(f.result().deleted))
                .arg(QString::fromStdString(topic)));
    });
}

QString QueueActions::statusText(const std::string &status)
{
    if (status == "processing")
        return tr("leased by a consumer");
    if (status == "pending")
        return tr("waiting for delivery");
    if (status == "done")
        return tr("done");
    return QString::fromStdString(status);
}

void QueueActions::move(std::int64_t id, const Value &payload, const QueueOptions &options)
{
    if (!isWritable())
        return;
    const std::string topic = options.topic;
    const std::string filter = "id " + std::to_string(id);
    kvs::then(
        m_store->moveMessage(double(id), payload, options),
        this,
        [this, id, topic, filter](QFuture<std::optional<EnqueueResult>> f) {
            if (const std::optional<std::string> status = notDeadStatusOf(f)) {
                record({"move", {}, topic, filter, 0, 0, errorOf(f).toStdString()});
                emit gone(tr("Message %1 of topic \"%2\" was retried meanwhile and is %3 now: "
                             "nothing was written.")
                              .arg(id)
                              .arg(QString::fromStdString(topic), statusText(*status)));
                return;
            }
            if (const QString error = errorOf(f); !error.isEmpty()) {
                record({"move", {}, topic, filter, 0, 0, error.toStdString()});
                emit failed(error);
                return;
            }
            const std::optional<EnqueueResult> moved = f.result();
            if (!moved) {
                record({"move", {}, topic, filter, 0, 0, "not found"});
                emit gone(tr("Message %1 of topic \"%2\" is gone (retried, deleted or "
                             "moved meanwhile): nothing was written.")
                              .arg(id)
                              .arg(QString::fromStdString(topic)));
                return;
            }
            record({"move", {}, topic, filter, 1, 1, "ok, new id " + std::to_string(moved->id)});
            emit finished(tr("Replaced message %1 of topic \"%2\" with message %3.")
                              .arg(id)
                              .arg(QString::fromStdString(topic))
                              .arg(moved->id));
        });
}

} // namespace kvs::ui
