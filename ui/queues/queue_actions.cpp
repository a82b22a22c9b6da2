#include "queues/queue_actions.h"

#include "common/audited_job.h"

#include <kvs/future.h>
#include <kvs/queue_errors.h>

#include <optional>

namespace kvs::ui {

namespace {

// How a move ended, on the worker: moved, gone, or no longer dead (with its status now).
struct MoveOutcome
{
    std::optional<EnqueueResult> moved;
    std::optional<std::string> notDeadStatus;
};

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

AuditRecord QueueActions::subject(std::string action, std::string topic, std::string filter) const
{
    return {std::move(action), m_database.toStdString(), std::move(topic), std::move(filter)};
}

void QueueActions::enqueue(const Value &payload, const QueueOptions &options, AuditPolicy audit)
{
    if (!isWritable())
        return;
    const std::string topic = options.topic;
    auto job = runAudited<std::int64_t>(
        subject("enqueue", topic, {}),
        1,
        audit,
        [store = m_store, payload, options](AuditedAction &record) {
            const std::int64_t id = store->enqueue(payload, options).result().id;
            (void)record.end(AuditOutcome::Done, 1, 1, "new id " + std::to_string(id));
            return id;
        });
    kvs::then(job, this, [this, topic](QFuture<Audited<std::int64_t>> f) {
        const Audited<std::int64_t> outcome = f.result();
        if (!outcome.error.isEmpty()) {
            emit failed(outcome.error);
            return;
        }
        emit finished(tr("Enqueued message %1 in topic \"%2\".")
                          .arg(outcome.value)
                          .arg(QString::fromStdString(topic)));
    });
}

void QueueActions::cleanDone(const std::string &topic, AuditPolicy audit)
{
    if (!isWritable())
        return;
    auto job = runAudited<CleanResult>(
        subject("clean-done", topic, "status done"),
        std::nullopt,
        audit,
        [store = m_store, topic](AuditedAction &record) {
            const CleanResult result = deleteDoneMessages(*store, topic);
            (void)record.end(AuditOutcome::Done, result.found, result.deleted);
            return result;
        });
    kvs::then(job, this, [this, topic](QFuture<Audited<CleanResult>> f) {
        const Audited<CleanResult> outcome = f.result();
        if (!outcome.error.isEmpty()) {
            emit failed(outcome.error);
            return;
        }
        emit finished(
            tr("Deleted %Ln done message(s) of topic \"%1\".", nullptr, int(outcome.value.deleted))
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

void QueueActions::move(std::int64_t id,
                        const Value &payload,
                        const QueueOptions &options,
                        AuditPolicy audit)
{
    if (!isWritable())
        return;
    const std::string topic = options.topic;
    auto job = runAudited<MoveOutcome>(
        subject("move", topic, "id " + std::to_string(id)),
        1,
        audit,
        [store = m_store, id, payload, options](AuditedAction &record) {
            MoveOutcome outcome;
            try {
                outcome.moved = store->moveMessage(double(id), payload, options).result();
            } catch (const MessageNotDeadError &error) {
                outcome.notDeadStatus = error.status();
                (void)record.end(AuditOutcome::Failed, 0, 0, error.what());
                return outcome;
            }
            if (outcome.moved) {
                (void)record.end(
                    AuditOutcome::Done, 1, 1, "new id " + std::to_string(outcome.moved->id));
            } else {
                (void)record.end(AuditOutcome::Failed, 0, 0, "not found");
            }
            return outcome;
        });
    kvs::then(job, this, [this, id, topic](QFuture<Audited<MoveOutcome>> f) {
        const Audited<MoveOutcome> outcome = f.result();
        if (!outcome.error.isEmpty()) {
            emit failed(outcome.error);
            return;
        }
        if (const std::optional<std::string> &status = outcome.value.notDeadStatus) {
            emit gone(tr("Message %1 of topic \"%2\" was retried meanwhile and is %3 now: "
                         "nothing was written.")
                          .arg(id)
                          .arg(QString::fromStdString(topic), statusText(*status)));
            return;
        }
        const std::optional<EnqueueResult> &moved = outcome.value.moved;
        if (!moved) {
            emit gone(tr("Message %1 of topic \"%2\" is gone (retried, deleted or "
                         "moved meanwhile): nothing was written.")
                          .arg(id)
                          .arg(QString::fromStdString(topic)));
            return;
        }
        emit finished(tr("Replaced message %1 of topic \"%2\" with message %3.")
                          .arg(id)
                          .arg(QString::fromStdString(topic))
                          .arg(moved->id));
    });
}

} // namespace kvs::ui
