#pragma once

#include <kvs/types.h>

#include <string>
#include <vector>

namespace kvs {

class KVStore;

/// One mutation of an atomic commit, in the order it was added.
struct Mutation
{
    enum class Type { Set, Delete, Sum, Enqueue };
    Type type;
    Key key;            // Set, Delete, Sum
    Value value;        // Set: the value; Enqueue: the payload
    double delta = 0;   // Sum
    SetOptions options; // Set
    QueueOptions queue; // Enqueue
};

/// Fluent builder of a version-checked transaction (the reference's AtomicOperation). Built by
/// KVStore::atomic(); commits once. Thread rule: that of its store.
class AtomicOperation
{
public:
    /// Adds a check: the key must be at check.version, or absent when version is nullopt.
    AtomicOperation &check(Check check);
    AtomicOperation &set(Key key, Value value, SetOptions options = {});
    /// The reference's delete().
    AtomicOperation &remove(Key key);
    /// Adds delta to the number at key when the commit runs.
    AtomicOperation &sum(Key key, double delta);
    AtomicOperation &enqueue(Value payload, QueueOptions options = {});

    /// Runs every check and mutation in one transaction: { ok: false } when a check fails, else
    /// { ok: true, version } with the commit's one versionstamp. Throws Error "kvs: this atomic
    /// operation was already committed" on a second call, RangeError "kvs: atomic().sum() delta
    /// must be a finite number, got X" before the transaction opens, TypeError
    /// "kvs: atomic().sum() needs a number, but the key holds <kind>" (rolled back).
    CommitResult commit();

    const std::vector<Check> &checks() const noexcept { return m_checks; }
    const std::vector<Mutation> &mutations() const noexcept { return m_mutations; }

private:
    friend class KVStore;
    explicit AtomicOperation(KVStore *store)
        : m_store(store)
    {}

    KVStore *m_store; // Not owned.
    std::vector<Check> m_checks;
    std::vector<Mutation> m_mutations;
    bool m_committed = false;
};

} // namespace kvs
