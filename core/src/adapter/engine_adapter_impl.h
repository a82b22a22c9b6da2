#pragma once

#include <kvs/engine_adapter.h>

#include <utility>

// The definitions of EngineAdapter (kvs/engine_adapter.h), instantiated once per backend in that
// backend's own source file (template class EngineAdapter<...>).
//
// What a Backend provides:
//   using Ops = ...;                        the class whose members are the operations, with the
//                                           contract's names and arguments
//   static constexpr const char *kName;     backendName()
//   static constexpr bool kRowLocks;        whether lockKeys, getVersionForUpdate and
//                                           insertIfAbsent exist (a concurrent backend's
//                                           transaction)
//   template <auto Op, typename... Args>
//   QFuture<R> run(Access, Args &&...);     runs (ops.*Op)(args...) where the backend runs calls,
//                                           R being what the operation answers
//   migrate(), schemaVersion(), transaction(work), session(work), close(): the backend's own.
namespace kvs::detail {

template <typename B>
EngineAdapter<B>::EngineAdapter(std::unique_ptr<B> backend)
    : m_backend(std::move(backend))
{}

template <typename B>
EngineAdapter<B>::~EngineAdapter() = default;

template <typename B>
QFuture<void> EngineAdapter<B>::migrate()
{
    return m_backend->migrate();
}

template <typename B>
long long EngineAdapter<B>::schemaVersion() const noexcept
{
    return m_backend->schemaVersion();
}

template <typename B>
QFuture<std::optional<KvRow>> EngineAdapter<B>::get(std::string key, std::int64_t now)
{
    return m_backend->template run<&B::Ops::get>(Access::Read, std::move(key), now);
}

template <typename B>
QFuture<std::optional<Entry>>
EngineAdapter<B>::getEntry(std::string key, std::int64_t now, Key entryKey)
{
    return m_backend->template run<&B::Ops::getEntry>(
        Access::Read, std::move(key), now, std::move(entryKey));
}

template <typename B>
QFuture<std::vector<KvRow>> EngineAdapter<B>::getMany(std::vector<std::string> keys,
                                                      std::int64_t now)
{
    return m_backend->template run<&B::Ops::getMany>(Access::Read, std::move(keys), now);
}

template <typename B>
QFuture<std::int64_t> EngineAdapter<B>::set(std::string key,
                                            std::string value,
                                            std::optional<std::int64_t> expiresAt,
                                            std::optional<std::int64_t> version)
{
    return m_backend->template run<&B::Ops::set>(
        Access::Write, std::move(key), std::move(value), expiresAt, version);
}

template <typename B>
QFuture<std::int64_t> EngineAdapter<B>::nextVersion()
{
    return m_backend->template run<&B::Ops::nextVersion>(Access::Write);
}

template <typename B>
QFuture<bool> EngineAdapter<B>::remove(std::string key)
{
    return m_backend->template run<&B::Ops::remove>(Access::Write, std::move(key));
}

template <typename B>
QFuture<std::optional<std::int64_t>> EngineAdapter<B>::getVersion(std::string key, std::int64_t now)
{
    return m_backend->template run<&B::Ops::getVersion>(Access::Read, std::move(key), now);
}

template <typename B>
QFuture<IncrementResult> EngineAdapter<B>::increment(std::string key,
                                                     double delta,
                                                     std::int64_t now,
                                                     std::optional<std::int64_t> version)
{
    return m_backend->template run<&B::Ops::increment>(
        Access::Write, std::move(key), delta, now, version);
}

template <typename B>
QFuture<std::vector<KvRow>>
EngineAdapter<B>::listAsc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return m_backend->template run<&B::Ops::listAsc>(
        Access::Read, std::move(start), std::move(end), now, limit);
}

template <typename B>
QFuture<std::vector<KvRow>>
EngineAdapter<B>::listDesc(std::string start, std::string end, std::int64_t now, std::int64_t limit)
{
    return m_backend->template run<&B::Ops::listDesc>(
        Access::Read, std::move(start), std::move(end), now, limit);
}

template <typename B>
QFuture<std::vector<std::string>> EngineAdapter<B>::listKeys(
    std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending)
{
    return m_backend->template run<&B::Ops::listKeys>(
        Access::Read, std::move(start), std::move(end), now, limit, descending);
}

template <typename B>
QFuture<std::vector<KeyRow>> EngineAdapter<B>::listKeyRows(
    std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending)
{
    return m_backend->template run<&B::Ops::listKeyRows>(
        Access::Read, std::move(start), std::move(end), now, limit, descending);
}

template <typename B>
QFuture<ValueScanPage> EngineAdapter<B>::scanValues(std::string start,
                                                    std::string end,
                                                    std::int64_t now,
                                                    ValuePrefilter prefilter,
                                                    std::int64_t limit,
                                                    std::int64_t scanLimit)
{
    return m_backend->template run<&B::Ops::scanValues>(Access::Read,
                                                        std::move(start),
                                                        std::move(end),
                                                        now,
                                                        std::move(prefilter),
                                                        limit,
                                                        scanLimit);
}

template <typename B>
bool EngineAdapter<B>::hasSkipScanSteps() const
{
    return requires
    {
        &B::Ops::skipScanSteps;
    };
}

template <typename B>
QFuture<std::vector<SkipScanStep>> EngineAdapter<B>::skipScanSteps(std::int64_t prefixLength,
                                                                   std::string lower,
                                                                   std::string upper,
                                                                   std::int64_t now,
                                                                   std::int64_t steps)
{
    if constexpr (requires { &B::Ops::skipScanSteps; }) {
        return m_backend->template run<&B::Ops::skipScanSteps>(
            Access::Read, prefixLength, std::move(lower), std::move(upper), now, steps);
    } else {
        return SqlAdapter::skipScanSteps(
            prefixLength, std::move(lower), std::move(upper), now, steps);
    }
}

template <typename B>
QFuture<std::optional<KvRow>> EngineAdapter<B>::getRaw(std::string key)
{
    return m_backend->template run<&B::Ops::getRaw>(Access::Read, std::move(key));
}

template <typename B>
QFuture<std::int64_t> EngineAdapter<B>::cleanExpired(std::int64_t now)
{
    return m_backend->template run<&B::Ops::cleanExpired>(Access::Write, now);
}

template <typename B>
QFuture<std::vector<std::string>> EngineAdapter<B>::cleanExpiredKeys(std::int64_t now)
{
    return m_backend->template run<&B::Ops::cleanExpiredKeys>(Access::Write, now);
}

template <typename B>
QFuture<std::int64_t> EngineAdapter<B>::enqueue(std::string topic,
                                                std::string payload,
                                                std::int64_t now,
                                                std::int64_t deliverAt,
                                                std::int64_t maxAttempts)
{
    return m_backend->template run<&B::Ops::enqueue>(
        Access::Write, std::move(topic), std::move(payload), now, deliverAt, maxAttempts);
}

template <typename B>
QFuture<std::int64_t> EngineAdapter<B>::reclaimLeases(std::int64_t now)
{
    return m_backend->template run<&B::Ops::reclaimLeases>(Access::Write, now);
}

template <typename B>
QFuture<std::vector<QueueRow>> EngineAdapter<B>::dequeue(std::string topic,
                                                         std::int64_t now,
                                                         std::int64_t limit,
                                                         std::int64_t lockedUntil,
                                                         std::string token)
{
    return m_backend->template run<&B::Ops::dequeue>(
        Access::Write, std::move(topic), now, limit, lockedUntil, std::move(token));
}

template <typename B>
QFuture<bool>
EngineAdapter<B>::ack(std::int64_t id, std::string token, std::int64_t now, bool retain)
{
    return m_backend->template run<&B::Ops::ack>(Access::Write, id, std::move(token), now, retain);
}

template <typename B>
QFuture<std::optional<LeaseRow>> EngineAdapter<B>::getLease(std::int64_t id, std::string token)
{
    return m_backend->template run<&B::Ops::getLease>(Access::Read, id, std::move(token));
}

template <typename B>
QFuture<bool> EngineAdapter<B>::nack(std::int64_t id,
                                     std::string token,
                                     std::int64_t now,
                                     std::optional<std::int64_t> retryAt,
                                     std::optional<std::string> error)
{
    return m_backend->template run<&B::Ops::nack>(
        Access::Write, id, std::move(token), now, retryAt, std::move(error));
}

template <typename B>
QFuture<bool>
EngineAdapter<B>::extendLease(std::int64_t id, std::string token, std::int64_t lockedUntil)
{
    return m_backend->template run<&B::Ops::extendLease>(
        Access::Write, id, std::move(token), lockedUntil);
}

template <typename B>
QFuture<std::int64_t> EngineAdapter<B>::expireLeases(std::int64_t now)
{
    return m_backend->template run<&B::Ops::expireLeases>(Access::Write, now);
}

template <typename B>
QFuture<std::int64_t> EngineAdapter<B>::purgeFinished(std::int64_t doneBefore,
                                                      std::optional<std::int64_t> deadBefore)
{
    return m_backend->template run<&B::Ops::purgeFinished>(Access::Write, doneBefore, deadBefore);
}

template <typename B>
QFuture<std::vector<QueueRow>>
EngineAdapter<B>::listDead(std::string topic, std::int64_t limit, std::int64_t afterId)
{
    return m_backend->template run<&B::Ops::listDead>(
        Access::Read, std::move(topic), limit, afterId);
}

template <typename B>
QFuture<std::int64_t>
EngineAdapter<B>::retryDead(std::string topic, std::optional<std::int64_t> id, std::int64_t now)
{
    return m_backend->template run<&B::Ops::retryDead>(Access::Write, std::move(topic), id, now);
}

template <typename B>
QFuture<std::int64_t> EngineAdapter<B>::deleteDead(std::string topic,
                                                   std::optional<std::int64_t> id)
{
    return m_backend->template run<&B::Ops::deleteDead>(Access::Write, std::move(topic), id);
}

template <typename B>
QFuture<std::int64_t>
EngineAdapter<B>::retryDeadIds(std::string topic, std::vector<std::int64_t> ids, std::int64_t now)
{
    return m_backend->template run<&B::Ops::retryDeadIds>(
        Access::Write, std::move(topic), std::move(ids), now);
}

template <typename B>
QFuture<std::int64_t>
EngineAdapter<B>::deleteMessages(std::string topic, std::vector<std::int64_t> ids, bool deadOnly)
{
    return m_backend->template run<&B::Ops::deleteMessages>(
        Access::Write, std::move(topic), std::move(ids), deadOnly);
}

template <typename B>
QFuture<std::vector<QueueStats>> EngineAdapter<B>::queueStats(std::optional<std::string> topic,
                                                              std::int64_t now)
{
    return m_backend->template run<&B::Ops::queueStats>(Access::Read, std::move(topic), now);
}

template <typename B>
QFuture<std::vector<QueueRow>> EngineAdapter<B>::peek(std::string topic,
                                                      PeekStatus status,
                                                      std::int64_t afterId,
                                                      std::int64_t limit,
                                                      std::int64_t now)
{
    return m_backend->template run<&B::Ops::peek>(
        Access::Read, std::move(topic), status, afterId, limit, now);
}

template <typename B>
QFuture<std::vector<QueueStats>> EngineAdapter<B>::queueStatsProjected(
    std::optional<std::string> topic, std::int64_t now, std::int64_t leasesEndingBy)
{
    return m_backend->template run<&B::Ops::queueStatsProjected>(
        Access::Read, std::move(topic), now, leasesEndingBy);
}

template <typename B>
QFuture<std::vector<QueueRow>> EngineAdapter<B>::peekExpiredLeases(
    std::string topic, bool lastAttempt, std::int64_t afterId, std::int64_t limit, std::int64_t now)
{
    return m_backend->template run<&B::Ops::peekExpiredLeases>(
        Access::Read, std::move(topic), lastAttempt, afterId, limit, now);
}

template <typename B>
QFuture<std::int64_t> EngineAdapter<B>::queueLastId()
{
    return m_backend->template run<&B::Ops::queueLastId>(Access::Read);
}

template <typename B>
QFuture<void> EngineAdapter<B>::reset()
{
    return m_backend->template run<&B::Ops::reset>(Access::Write);
}

template <typename B>
QFuture<void> EngineAdapter<B>::transaction(std::function<void(SqlAdapter &tx)> work)
{
    return m_backend->transaction(std::move(work));
}

template <typename B>
QFuture<void> EngineAdapter<B>::session(std::function<void(SqlAdapter &s)> work)
{
    return m_backend->session(std::move(work));
}

template <typename B>
bool EngineAdapter<B>::supportsRowLocks() const
{
    return B::kRowLocks;
}

template <typename B>
QFuture<void> EngineAdapter<B>::lockKeys(std::vector<std::string> keys)
{
    if constexpr (B::kRowLocks)
        return m_backend->template run<&B::Ops::lockKeys>(Access::Write, std::move(keys));
    else
        return SqlAdapter::lockKeys(std::move(keys));
}

template <typename B>
QFuture<std::optional<std::int64_t>> EngineAdapter<B>::getVersionForUpdate(std::string key,
                                                                           std::int64_t now)
{
    if constexpr (B::kRowLocks)
        return m_backend->template run<&B::Ops::getVersionForUpdate>(
            Access::Write, std::move(key), now);
    else
        return SqlAdapter::getVersionForUpdate(std::move(key), now);
}

template <typename B>
QFuture<std::optional<std::int64_t>>
EngineAdapter<B>::insertIfAbsent(std::string key,
                                 std::string value,
                                 std::optional<std::int64_t> expiresAt,
                                 std::int64_t now,
                                 std::int64_t version)
{
    if constexpr (B::kRowLocks)
        return m_backend->template run<&B::Ops::insertIfAbsent>(
            Access::Write, std::move(key), std::move(value), expiresAt, now, version);
    else
        return SqlAdapter::insertIfAbsent(
            std::move(key), std::move(value), expiresAt, now, version);
}

template <typename B>
QFuture<void> EngineAdapter<B>::close()
{
    return m_backend->close();
}

template <typename B>
QFuture<void> EngineAdapter<B>::raw(std::string sql)
{
    return m_backend->template run<&B::Ops::raw>(Access::Write, std::move(sql));
}

template <typename B>
const char *EngineAdapter<B>::backendName() const
{
    return B::kName;
}

} // namespace kvs::detail
