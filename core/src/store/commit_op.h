#pragma once

#include "rules/validation.h"
#include "store/op_support.h"
#include "store/store_runtime.h"

#include <kvs/atomic_operation.h>
#include <kvs/errors.h>
#include <kvs/sql_adapter.h>
#include <kvs/types.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace kvs::detail {

// atomic().commit() for both stores, in one transaction (reference "atomic()" and "atomic()
// .commit() inside transaction()"): on a backend with row locks (PostgreSQL) the checked and
// mutated keys are locked first (ascending advisory locks) and checks read with FOR UPDATE; then
// each check, one versionstamp for the whole commit, the mutations in order (a key checked
// version: null is created with insertIfAbsent where row locks exist, so a row a concurrent
// plain write created since the check makes the commit { ok: false }), then the enqueues. A
// failed check rolls back and answers { ok: false }, never an error.
class CommitOp
{
public:
    static constexpr const char *kName = "atomic().commit()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Transaction;

    // Everything is encoded and validated here, before the transaction opens: the key rules, a
    // set's ttl, a sum's delta (RangeError "kvs: atomic().sum() delta must be a finite number,
    // got X"), an enqueue's options, and every value.
    CommitOp(const StoreRules &rules,
             const std::vector<Check> &checks,
             const std::vector<Mutation> &mutations);

    template <typename S>
    CommitResult call(S &tx, OpContext &ctx)
    {
        m_changes.clear();
        m_failedCheck.reset(); // a retried transaction decides again
        const bool rowLocks = hasRowLocks(tx);
        if constexpr (std::is_base_of_v<SqlAdapter, S>) {
            if (rowLocks)
                valueOf(tx.lockKeys(lockedKeys()));
        }
        std::map<std::string, std::size_t> mustBeAbsent; // key -> its check's index
        for (std::size_t i = 0; i < m_checks.size(); ++i) {
            const std::string &key = m_checkKeys[i];
            if (readVersion(tx, rowLocks, key, ctx.now) != m_checks[i].version)
                failCheck(i);
            if (!m_checks[i].version)
                mustBeAbsent.emplace(key, i);
        }
        const std::int64_t version = valueOf(tx.nextVersion());
        for (const Prepared &p : m_prepared) {
            // The check this write's insertIfAbsent stands for, when the key was checked absent.
            std::optional<std::size_t> absentCheck;
            if (auto it = mustBeAbsent.find(p.key); rowLocks && it != mustBeAbsent.end()) {
                absentCheck = it->second;
                mustBeAbsent.erase(it);
            }
            switch (p.type) {
            case Mutation::Type::Set:
                set(tx, absentCheck, p, ctx.now, version);
                break;
            case Mutation::Type::Sum:
                sum(tx, absentCheck, p, ctx.now, version);
                break;
            case Mutation::Type::Delete:
                if (valueOf(tx.remove(p.key)))
                    m_changes.push_back({p.key, std::nullopt, version, std::nullopt});
                break;
            case Mutation::Type::Enqueue:
                break;
            }
        }
        for (const Prepared &p : m_prepared) {
            if (p.type == Mutation::Type::Enqueue) {
                valueOf(tx.enqueue(p.queue.topic,
                                   p.value,
                                   ctx.now,
                                   addMs(ctx.now, p.queue.delay),
                                   static_cast<std::int64_t>(p.queue.maxAttempts)));
            }
        }
        return {true, version, std::nullopt};
    }

    // nullopt: a check failed (the answer then names it in failedCheck). Tells the watchers and
    // the topics' listeners.
    CommitResult finish(std::optional<CommitResult> committed, OpContext &ctx);

private:
    // A mutation with its bytes encoded.
    struct Prepared
    {
        Mutation::Type type;
        std::string key;
        std::string value; // Set: value bytes; Enqueue: payload bytes
        SetOptions options;
        double delta = 0;
        QueueOptions queue;
    };

    template <typename S>
    static bool hasRowLocks(S &tx)
    {
        if constexpr (std::is_base_of_v<SqlAdapter, S>)
            return tx.supportsRowLocks();
        else
            return false;
    }
    template <typename S>
    static std::optional<std::int64_t>
    readVersion(S &tx, bool rowLocks, const std::string &key, std::int64_t now)
    {
        if constexpr (std::is_base_of_v<SqlAdapter, S>) {
            if (rowLocks)
                return valueOf(tx.getVersionForUpdate(key, now));
        }
        return valueOf(tx.getVersion(key, now));
    }
    template <typename S>
    void set(S &tx,
             std::optional<std::size_t> absentCheck,
             const Prepared &p,
             std::int64_t now,
             std::int64_t version)
    {
        const std::optional<std::int64_t> expiresAt = expiryFor(p.options, now);
        if constexpr (std::is_base_of_v<SqlAdapter, S>) {
            if (absentCheck) {
                if (!valueOf(tx.insertIfAbsent(p.key, p.value, expiresAt, now, version)))
                    failCheck(*absentCheck);
                m_changes.push_back({p.key, p.value, version, expiresAt});
                return;
            }
        }
        valueOf(tx.set(p.key, p.value, expiresAt, version));
        m_changes.push_back({p.key, p.value, version, expiresAt});
    }
    template <typename S>
    void sum(S &tx,
             std::optional<std::size_t> absentCheck,
             const Prepared &p,
             std::int64_t now,
             std::int64_t version)
    {
        if constexpr (std::is_base_of_v<SqlAdapter, S>) {
            if (absentCheck) {
                const std::string value = encodedNumber(p.delta);
                if (!valueOf(tx.insertIfAbsent(p.key, value, std::nullopt, now, version)))
                    failCheck(*absentCheck);
                m_changes.push_back({p.key, value, version, std::nullopt});
                return;
            }
        }
        try {
            const IncrementResult result = valueOf(tx.increment(p.key, p.delta, now, version));
            m_changes.push_back({p.key, encodedNumber(result.value), version, std::nullopt});
        } catch (const TypeError &error) {
            rethrowForSum(error);
        } catch (const RangeError &error) {
            rethrowForSum(error);
        }
    }
    // Remembers the failed check for finish() and rolls the transaction back.
    [[noreturn]] void failCheck(std::size_t index)
    {
        m_failedCheck = index;
        throw Rollback{};
    }
    std::vector<std::string> lockedKeys() const;
    static std::string encodedNumber(double value);
    // The backend says "kvs: increment() ..."; inside a commit the reference says
    // atomic().sum().
    [[noreturn]] static void rethrowForSum(const TypeError &error);
    [[noreturn]] static void rethrowForSum(const RangeError &error);

    std::vector<Check> m_checks;
    std::vector<std::string> m_checkKeys;
    std::vector<Prepared> m_prepared;
    CommittedChanges m_changes; // what the last call() wrote, for the watchers
    // The check the last call() failed on. Written by call() on the transaction's thread, read by
    // finish() after the transaction ended (the stores order the two).
    std::optional<std::size_t> m_failedCheck;
};

} // namespace kvs::detail
