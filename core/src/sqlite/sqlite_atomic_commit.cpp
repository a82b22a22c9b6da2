#include "runtime/clock.h"
#include "sqlite/sqlite_store.h"
#include "store/validation.h"

#include <kvs/errors.h>
#include <kvs/value_codec.h>

namespace kvs::detail {

namespace {

// A mutation with its bytes encoded before the transaction opens, so that every validation
// error is thrown before anything is written.
struct PreparedMutation
{
    const Mutation *mutation;
    std::string key;
    std::string value; // Set: value bytes; Enqueue: payload bytes
    std::optional<std::int64_t> expiresAt;
};

} // namespace

CommitResult SqliteStore::commit(const std::vector<Check> &checks,
                                 const std::vector<Mutation> &mutations)
{
    requireWritable("atomic().commit()");
    const std::int64_t now = nowMs();
    std::vector<std::string> checkKeys(checks.size());
    for (std::size_t i = 0; i < checks.size(); ++i)
        encodeChecked(checks[i].key, checkKeys[i]);
    std::vector<PreparedMutation> prepared;
    prepared.reserve(mutations.size());
    for (const Mutation &mutation : mutations) {
        PreparedMutation p{&mutation, {}, {}, std::nullopt};
        switch (mutation.type) {
        case Mutation::Type::Set:
            encodeChecked(mutation.key, p.key);
            p.expiresAt = expiryFor(mutation.options, now);
            encodeValue(mutation.value, p.value);
            break;
        case Mutation::Type::Delete:
            encodeChecked(mutation.key, p.key);
            break;
        case Mutation::Type::Sum:
            encodeChecked(mutation.key, p.key);
            validateDelta("atomic().sum()", mutation.delta);
            break;
        case Mutation::Type::Enqueue:
            validateQueueOptions(mutation.queue);
            encodeValue(mutation.value, p.value);
            break;
        }
        prepared.push_back(std::move(p));
    }

    // One versionstamp for the whole commit, reserved outside the transaction (KVS-05).
    const std::int64_t version = m_versions->next();
    Transaction tx(*m_connection, Transaction::Kind::Immediate);
    for (std::size_t i = 0; i < checks.size(); ++i) {
        StatementScope read(statement(SqlId::GetVersion));
        read->bindBlob(1, checkKeys[i]);
        read->bindInt64(2, now);
        const std::optional<std::int64_t> current
            = read->step() ? std::optional(read->columnInt64(0)) : std::nullopt;
        if (current != checks[i].version)
            return {false, 0}; // tx rolls back
    }
    for (const PreparedMutation &p : prepared) {
        const Mutation &mutation = *p.mutation;
        switch (mutation.type) {
        case Mutation::Type::Set:
            upsert(p.key, p.value, version, p.expiresAt);
            break;
        case Mutation::Type::Delete:
            removeEncoded(p.key);
            break;
        case Mutation::Type::Sum:
            addToNumber(p.key, mutation.delta, now, version, "atomic().sum()");
            break;
        case Mutation::Type::Enqueue: {
            StatementScope enqueue(statement(SqlId::Enqueue));
            enqueue->bindText(1, mutation.queue.topic);
            enqueue->bindBlob(2, p.value);
            enqueue->bindInt64(3, now);
            enqueue->bindInt64(4, addMs(now, mutation.queue.delay));
            enqueue->bindInt64(5, static_cast<std::int64_t>(mutation.queue.maxAttempts));
            enqueue->run();
            break;
        }
        }
    }
    tx.commit();
    return {true, version};
}

} // namespace kvs::detail
