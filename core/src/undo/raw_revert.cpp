#include "undo/raw_revert.h"

#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/future.h>
#include <kvs/key.h>
#include <kvs/value_codec.h>

#include <QPromise>
#include <QThreadPool>

#include <unordered_map>

namespace kvs {

namespace {

std::int64_t journalNow(const std::shared_ptr<UndoJournal> &journal)
{
    return journal ? journal->clock()->now() : systemClock()->now();
}

// A check of a raw revert that failed: the transaction rolls back.
struct KeyChanged
{};

} // namespace

namespace detail {

bool isRawStep(const UndoStep &step)
{
    if (step.label == kRawDeleteLabel)
        return true;
    try {
        for (const UndoChange &change : step.changes) {
            (void)decodeKey(change.key);
            if (change.before)
                (void)decodeValue(*change.before);
        }
        return false;
    } catch (const std::exception &) {
        return true;
    }
}

RevertPlan planRawRevert(AsyncKVStore &store, const UndoStep &step)
{
    RevertPlan plan;
    plan.step = step;
    plan.raw = true;
    std::vector<std::string> keys;
    for (const UndoChange &change : step.changes)
        keys.push_back(change.key);
    std::unordered_map<std::string, KvRow> held;
    for (KvRow &row :
         openedAdapter(store).getMany(std::move(keys), journalNow(undoJournalOf(store))).result())
        held.emplace(row.key, std::move(row));
    for (const UndoChange &change : step.changes) {
        RevertKey key;
        key.change = change;
        const auto it = held.find(change.key);
        const KvRow *row = it == held.end() ? nullptr : &it->second;
        key.matches = change.written ? row && row->version == *change.written : !row;
        if (row) {
            try {
                key.now = Entry{
                    decodeKey(row->key), decodeValue(row->value), row->version, row->expiresAt};
            } catch (const std::exception &) {
                // Whether it matches is decided on the version.
                key.undecodableVersion = row->version;
            }
        }
        plan.keys.push_back(std::move(key));
    }
    return plan;
}

RevertOutcome applyRawRevert(AsyncKVStore &store, const RevertPlan &plan, UndoEntryKind kind)
{
    RevertOutcome outcome;
    const std::shared_ptr<UndoJournal> journal = undoJournalOf(store);
    requireWritable(store, "undo");
    std::vector<const UndoChange *> matched;
    std::vector<std::string> keys;
    for (const RevertKey &key : plan.keys) {
        if (key.matches) {
            matched.push_back(&key.change);
            keys.push_back(key.change.key);
        } else {
            ++outcome.skipped;
        }
    }
    if (matched.empty()) {
        if (journal)
            journal->drop(plan.step.id);
        outcome.ok = true;
        return outcome;
    }
    UndoStep inverse;
    inverse.label = plan.step.label;
    try {
        openedAdapter(store)
            .transaction([&](SqlAdapter &tx) {
                inverse.changes.clear(); // a retried transaction starts again
                if (tx.supportsRowLocks())
                    tx.lockKeys(keys).waitForFinished();
                const std::int64_t now = journalNow(journal);
                std::unordered_map<std::string, KvRow> held;
                for (KvRow &row : tx.getMany(keys, now).result())
                    held.emplace(row.key, std::move(row));
                const std::int64_t version = tx.nextVersion().result();
                for (const UndoChange *change : matched) {
                    const auto it = held.find(change->key);
                    const KvRow *row = it == held.end() ? nullptr : &it->second;
                    if (change->written ? !row || row->version != *change->written : row != nullptr)
                        throw KeyChanged{};
                    UndoChange undone;
                    undone.key = change->key;
                    if (row) {
                        undone.before = row->value;
                        undone.beforeVersion = row->version;
                        undone.beforeExpiresAt = row->expiresAt;
                    }
                    const bool live
                        = change->before
                          && (!change->beforeExpiresAt || *change->beforeExpiresAt > now);
                    if (live) {
                        tx.set(change->key, *change->before, change->beforeExpiresAt, version)
                            .result();
                        undone.written = version;
                    } else {
                        tx.remove(change->key).result();
                    }
                    if (undone.before || undone.written)
                        inverse.changes.push_back(std::move(undone));
                }
            })
            .waitForFinished();
    } catch (const KeyChanged &) {
        outcome.skipped = 0;
        return outcome; // a key changed after the plan was read: nothing was written
    }
    outcome.ok = true;
    outcome.reverted = matched.size();
    if (journal) {
        outcome.inverse = journal->add(kind, std::move(inverse), plan.step.id);
        if (!outcome.inverse)
            journal->drop(plan.step.id);
    }
    return outcome;
}

} // namespace detail

std::optional<UndoStep> removeRawStepNow(AsyncKVStore &store, const std::string &encodedKey)
{
    const std::shared_ptr<UndoJournal> journal = undoJournalOf(store);
    if (!journal || store.isReadOnly()) {
        store.removeRaw(encodedKey).waitForFinished(); // its own errors (ReadOnlyError, ...)
        return std::nullopt;
    }
    std::optional<KvRow> removed;
    detail::openedAdapter(store)
        .transaction([&](SqlAdapter &tx) {
            removed.reset();
            if (tx.supportsRowLocks())
                tx.lockKeys({encodedKey}).waitForFinished();
            std::vector<KvRow> rows = tx.getMany({encodedKey}, journalNow(journal)).result();
            (void)tx.remove(encodedKey).result(); // an expired row goes too, as removeRaw()'s
            if (!rows.empty())
                removed = std::move(rows.front());
        })
        .waitForFinished();
    if (!removed)
        return std::nullopt;
    UndoStep step;
    step.label = detail::kRawDeleteLabel;
    UndoChange change;
    change.key = encodedKey;
    change.before = removed->value;
    change.beforeVersion = removed->version;
    change.beforeExpiresAt = removed->expiresAt;
    step.changes.push_back(std::move(change));
    return journal->add(UndoEntryKind::Step, std::move(step));
}

QFuture<void> removeRawStep(std::shared_ptr<AsyncKVStore> store, std::string encodedKey)
{
    if (!undoJournalOf(*store))
        return store->removeRaw(encodedKey); // nothing to journal: no worker needed
    auto promise = std::make_shared<QPromise<void>>();
    QFuture<void> future = promise->future();
    promise->start();
    QThreadPool::globalInstance()->start(
        [promise, store = std::move(store), encodedKey = std::move(encodedKey)]() mutable {
            try {
                (void)removeRawStepNow(*store, encodedKey);
            } catch (...) {
                promise->setException(std::current_exception());
            }
            finish(*promise);
            store.reset(); // the last owner may be this worker
        });
    return future;
}

} // namespace kvs
