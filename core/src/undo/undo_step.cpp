#include "undo/raw_revert.h"
#include "undo/store_attachment.h"

#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/key.h>
#include <kvs/undo_step.h>
#include <kvs/value_codec.h>

#include <QPromise>
#include <QThreadPool>

#include <algorithm>
#include <map>
#include <mutex>

namespace kvs {

namespace {

constexpr std::size_t kReadPage = 1000; // getMany()'s limit
constexpr int kAttempts = 5;
constexpr std::size_t kRevertBatch = 1000; // keys per checked atomic() of a large revert

// What the keys hold now, in pages getMany() takes.
std::vector<std::optional<Entry>> readKeys(AsyncKVStore &store, const std::vector<Key> &keys)
{
    std::vector<std::optional<Entry>> entries;
    entries.reserve(keys.size());
    for (std::size_t start = 0; start < keys.size(); start += kReadPage) {
        const std::size_t end = std::min(keys.size(), start + kReadPage);
        std::vector<Key> page(keys.begin() + std::ptrdiff_t(start),
                              keys.begin() + std::ptrdiff_t(end));
        std::vector<std::optional<Entry>> read = store.getMany(page).result();
        for (auto &entry : read)
            entries.push_back(std::move(entry));
    }
    return entries;
}

// The keys the mutations write, each once, in the order they are first written, with whether
// the last write of each removes it.
struct TouchedKeys
{
    std::vector<Key> keys;
    std::vector<std::string> encoded;
    std::vector<bool> removed;
};

TouchedKeys touchedKeys(const std::vector<Mutation> &mutations)
{
    TouchedKeys touched;
    std::map<std::string, std::size_t> index;
    for (const Mutation &mutation : mutations) {
        if (mutation.type == Mutation::Type::Enqueue)
            continue;
        std::string encoded = encodeKey(mutation.key);
        auto [it, fresh] = index.emplace(encoded, touched.keys.size());
        if (fresh) {
            touched.keys.push_back(mutation.key);
            touched.encoded.push_back(std::move(encoded));
            touched.removed.push_back(false);
        }
        touched.removed[it->second] = mutation.type == Mutation::Type::Delete;
    }
    return touched;
}

CommitResult commitPlain(AsyncKVStore &store,
                         const std::vector<Check> &checks,
                         const std::vector<Mutation> &mutations)
{
    AsyncAtomicOperation op = store.atomic();
    for (const Check &check : checks)
        op.check(check);
    for (const Mutation &m : mutations) {
        switch (m.type) {
        case Mutation::Type::Set:
            op.set(m.key, m.value, m.options);
            break;
        case Mutation::Type::Delete:
            op.remove(m.key);
            break;
        case Mutation::Type::Sum:
            op.sum(m.key, m.delta);
            break;
        case Mutation::Type::Enqueue:
            op.enqueue(m.value, m.queue);
            break;
        }
    }
    return op.commit().result();
}

// The journals attached to stores. A store is matched through a weak pointer, so the entry of a
// store that is gone never matches a new store at the same address.
detail::StoreAttachment<UndoJournal> &attachments()
{
    static detail::StoreAttachment<UndoJournal> attachments;
    return attachments;
}

} // namespace

void setUndoJournal(const std::shared_ptr<AsyncKVStore> &store,
                    std::shared_ptr<UndoJournal> journal)
{
    attachments().set(store, std::move(journal));
}

std::shared_ptr<UndoJournal> undoJournalOf(const AsyncKVStore &store)
{
    return attachments().of(store);
}

namespace {

// commitStepNow() without journaling: the step as it would be kept (nullopt without a journal
// or when a check of the caller's failed).
StepCommit commitTracked(AsyncKVStore &store,
                         const std::vector<Check> &checks,
                         const std::vector<Mutation> &mutations,
                         const std::string &label)
{
    if (!undoJournalOf(store))
        return {commitPlain(store, checks, mutations), std::nullopt};
    const TouchedKeys touched = touchedKeys(mutations);
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        const std::vector<std::optional<Entry>> before = readKeys(store, touched.keys);
        std::vector<Check> all = checks;
        for (std::size_t i = 0; i < touched.keys.size(); ++i) {
            all.push_back(Check{touched.keys[i],
                                before[i] ? std::optional(before[i]->version) : std::nullopt});
        }
        const CommitResult result = commitPlain(store, all, mutations);
        if (!result.ok) {
            if (!result.failedCheck || *result.failedCheck < checks.size())
                return {result, std::nullopt}; // the caller's own check failed
            continue;                          // a key changed since the read: read again
        }
        UndoStep step;
        step.label = label;
        for (std::size_t i = 0; i < touched.keys.size(); ++i) {
            UndoChange change;
            change.key = touched.encoded[i];
            if (before[i]) {
                change.before = encodeValue(before[i]->value);
                change.beforeVersion = before[i]->version;
                change.beforeExpiresAt = before[i]->expiresAt;
            }
            if (!touched.removed[i])
                change.written = result.version;
            if (change.before || change.written) // removing an absent key changed nothing
                step.changes.push_back(std::move(change));
        }
        return {result, std::move(step)};
    }
    throw Error("kvs: the keys of this step keep changing; nothing was written");
}

} // namespace

StepCommit commitStepNow(AsyncKVStore &store,
                         const std::vector<Check> &checks,
                         const std::vector<Mutation> &mutations,
                         const std::string &label,
                         UndoEntryKind kind,
                         const std::string &ofStep)
{
    StepCommit commit = commitTracked(store, checks, mutations, label);
    if (commit.step) {
        const std::shared_ptr<UndoJournal> journal = undoJournalOf(store);
        commit.step = journal ? journal->add(kind, std::move(*commit.step), ofStep) : std::nullopt;
    }
    return commit;
}

QFuture<CommitResult> commitStep(std::shared_ptr<AsyncKVStore> store,
                                 std::vector<Check> checks,
                                 std::vector<Mutation> mutations,
                                 std::string label)
{
    if (!undoJournalOf(*store)) {
        AsyncAtomicOperation op = store->atomic();
        for (const Check &check : checks)
            op.check(check);
        for (Mutation &m : mutations) {
            switch (m.type) {
            case Mutation::Type::Set:
                op.set(std::move(m.key), std::move(m.value), m.options);
                break;
            case Mutation::Type::Delete:
                op.remove(std::move(m.key));
                break;
            case Mutation::Type::Sum:
                op.sum(std::move(m.key), m.delta);
                break;
            case Mutation::Type::Enqueue:
                op.enqueue(std::move(m.value), std::move(m.queue));
                break;
            }
        }
        return op.commit(); // a plain commit needs no worker
    }
    auto promise = std::make_shared<QPromise<CommitResult>>();
    QFuture<CommitResult> future = promise->future();
    promise->start();
    QThreadPool::globalInstance()->start([promise,
                                          store = std::move(store),
                                          checks = std::move(checks),
                                          mutations = std::move(mutations),
                                          label = std::move(label)]() mutable {
        try {
            promise->addResult(commitStepNow(*store, checks, mutations, label).result);
        } catch (...) {
            promise->setException(std::current_exception());
        }
        finish(*promise);
        // The last owner may be this worker: the store ends here, on the pool's thread.
        store.reset();
    });
    return future;
}

std::size_t RevertPlan::matching() const
{
    return std::size_t(
        std::count_if(keys.begin(), keys.end(), [](const RevertKey &key) { return key.matches; }));
}

RevertPlan planRevert(AsyncKVStore &store, const UndoStep &step)
{
    if (detail::isRawStep(step))
        return detail::planRawRevert(store, step);
    RevertPlan plan;
    plan.step = step;
    std::vector<Key> keys;
    keys.reserve(step.changes.size());
    for (const UndoChange &change : step.changes)
        keys.push_back(decodeKey(change.key));
    std::vector<std::optional<Entry>> now = readKeys(store, keys);
    for (std::size_t i = 0; i < keys.size(); ++i) {
        RevertKey key;
        key.change = step.changes[i];
        key.now = std::move(now[i]);
        key.matches
            = key.change.written ? key.now && key.now->version == *key.change.written : !key.now;
        plan.keys.push_back(std::move(key));
    }
    return plan;
}

RevertOutcome applyRevert(AsyncKVStore &store,
                          const RevertPlan &plan,
                          UndoEntryKind kind,
                          const RevertProgress &progress)
{
    if (plan.raw)
        return detail::applyRawRevert(store, plan, kind);
    RevertOutcome outcome;
    const std::shared_ptr<UndoJournal> journal = undoJournalOf(store);
    const std::int64_t now = journal ? journal->clock()->now() : systemClock()->now();
    std::vector<Check> checks;
    std::vector<Mutation> mutations;
    std::vector<UndoChange> matched; // what the mutations revert, in their order
    for (const RevertKey &key : plan.keys) {
        if (!key.matches) {
            ++outcome.skipped;
            continue;
        }
        const Key decoded = decodeKey(key.change.key);
        checks.push_back(Check{decoded, key.change.written});
        const UndoChange &change = key.change;
        if (change.before && (!change.beforeExpiresAt || *change.beforeExpiresAt > now)) {
            SetOptions options;
            if (change.beforeExpiresAt)
                options.ttl = double(*change.beforeExpiresAt - now);
            mutations.push_back(
                {Mutation::Type::Set, decoded, decodeValue(*change.before), 0, options, {}});
        } else {
            mutations.push_back({Mutation::Type::Delete, decoded, {}, 0, {}, {}});
        }
        matched.push_back(change);
    }
    if (matched.empty()) {
        // Nothing of the step is left to take back.
        if (journal)
            journal->drop(plan.step.id);
        outcome.ok = true;
        return outcome;
    }
    if (matched.size() <= kRevertBatch) {
        const StepCommit commit
            = commitStepNow(store, checks, mutations, plan.step.label, kind, plan.step.id);
        if (!commit.result.ok) {
            outcome.skipped = 0;
            return outcome;
        }
        outcome.ok = true;
        outcome.reverted = matched.size();
        outcome.inverse = commit.step;
        if (!commit.step && journal)
            journal->drop(plan.step.id); // reverted, though its inverse is not kept
        if (progress)
            (void)progress(matched.size(), matched.size());
        return outcome;
    }
    // Batches of kRevertBatch keys, each one checked atomic(): what a batch reverted stays
    // reverted when a later one is cancelled or finds a key changed since the plan was read.
    UndoStep inverse;
    inverse.label = plan.step.label;
    const std::size_t total = matched.size();
    std::size_t done = 0;
    outcome.ok = true;
    while (done < total) {
        const std::size_t end = std::min(total, done + kRevertBatch);
        const auto from = std::ptrdiff_t(done);
        const auto to = std::ptrdiff_t(end);
        StepCommit commit = commitTracked(store,
                                          {checks.begin() + from, checks.begin() + to},
                                          {mutations.begin() + from, mutations.begin() + to},
                                          plan.step.label);
        if (!commit.result.ok) {
            outcome.ok = false;
            break;
        }
        if (commit.step) {
            for (UndoChange &change : commit.step->changes)
                inverse.changes.push_back(std::move(change));
        }
        done = end;
        if (progress && !progress(done, total) && done < total) {
            outcome.cancelled = true;
            break;
        }
    }
    outcome.reverted = done;
    outcome.left = total - done;
    if (!journal || done == 0)
        return outcome; // nothing written: the step stays as it was
    if (done == total) {
        outcome.inverse = journal->add(kind, std::move(inverse), plan.step.id);
        if (!outcome.inverse)
            journal->drop(plan.step.id); // reverted, though its inverse is not kept
        return outcome;
    }
    UndoStep rest = plan.step;
    rest.changes.assign(matched.begin() + std::ptrdiff_t(done), matched.end());
    outcome.inverse = journal->addPartial(kind, std::move(inverse), std::move(rest), plan.step.id);
    return outcome;
}

} // namespace kvs
