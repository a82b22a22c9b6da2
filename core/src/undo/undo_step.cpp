#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/key.h>
#include <kvs/undo_step.h>
#include <kvs/value_codec.h>

#include <QPromise>
#include <QThreadPool>

#include <algorithm>
#include <map>

namespace kvs {

namespace {

constexpr std::size_t kReadPage = 1000; // getMany()'s limit
constexpr int kAttempts = 5;

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

} // namespace

StepCommit commitStepNow(AsyncKVStore &store,
                         const std::vector<Check> &checks,
                         const std::vector<Mutation> &mutations,
                         const std::string &label,
                         UndoEntryKind kind,
                         const std::string &ofStep)
{
    const std::shared_ptr<UndoJournal> journal = store.undoJournal();
    if (!journal)
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
        return {result, journal->add(kind, std::move(step), ofStep)};
    }
    throw Error("kvs: the keys of this step keep changing; nothing was written");
}

QFuture<CommitResult>
commitStep(std::shared_ptr<AsyncKVStore> store, const AsyncAtomicOperation &op, std::string label)
{
    if (!store->undoJournal()) {
        AsyncAtomicOperation plain = store->atomic();
        for (const Check &check : op.checks())
            plain.check(check);
        for (const Mutation &m : op.mutations()) {
            switch (m.type) {
            case Mutation::Type::Set:
                plain.set(m.key, m.value, m.options);
                break;
            case Mutation::Type::Delete:
                plain.remove(m.key);
                break;
            case Mutation::Type::Sum:
                plain.sum(m.key, m.delta);
                break;
            case Mutation::Type::Enqueue:
                plain.enqueue(m.value, m.queue);
                break;
            }
        }
        return plain.commit();
    }
    auto promise = std::make_shared<QPromise<CommitResult>>();
    QFuture<CommitResult> future = promise->future();
    promise->start();
    QThreadPool::globalInstance()->start([promise,
                                          store = std::move(store),
                                          checks = op.checks(),
                                          mutations = op.mutations(),
                                          label = std::move(label)]() mutable {
        try {
            promise->addResult(commitStepNow(*store, checks, mutations, label).result);
        } catch (...) {
            promise->setException(std::current_exception());
        }
        finish(*promise);
        store.reset(); // the last owner may be this worker: the store ends here, not in a lambda
                       // copy
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

RevertOutcome applyRevert(AsyncKVStore &store, const RevertPlan &plan, UndoEntryKind kind)
{
    RevertOutcome outcome;
    const std::shared_ptr<UndoJournal> journal = store.undoJournal();
    const std::int64_t now = journal ? journal->clock()->now() : systemClock()->now();
    std::vector<Check> checks;
    std::vector<Mutation> mutations;
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
        ++outcome.reverted;
    }
    if (outcome.reverted == 0) {
        // Nothing of the step is left to take back.
        if (journal)
            journal->drop(plan.step.id);
        outcome.ok = true;
        return outcome;
    }
    const StepCommit commit
        = commitStepNow(store, checks, mutations, plan.step.label, kind, plan.step.id);
    if (!commit.result.ok) {
        outcome.reverted = 0;
        outcome.skipped = 0;
        return outcome;
    }
    outcome.ok = true;
    outcome.inverse = commit.step;
    if (!commit.step && journal)
        journal->drop(plan.step.id); // reverted, though its inverse is not kept
    return outcome;
}

} // namespace kvs
