#include "store/kv_ops.h"

#include "runtime/future_util.h"
#include "store/async_kvstore_state.h"
#include "store/kvstore_state.h"

#include <kvs/errors.h>

#include <algorithm>
#include <unordered_map>

namespace kvs::detail {

namespace {

constexpr std::size_t kMaxGetMany = 1000;

} // namespace

GetOp::GetOp(const StoreRules &rules, const Key &key)
    : m_encoded([&]() -> const std::string & {
        // Read by call(), which the stores run before this thread encodes anything else.
        thread_local std::string scratch;
        encodeKeyChecked(key, rules.maxKeySize, scratch);
        return scratch;
    }())
    , m_key(key)
{}

void GetManyOp::encodeKeys(const StoreRules &rules,
                           const std::vector<Key> &keys,
                           std::vector<std::string> &encoded)
{
    if (keys.size() > kMaxGetMany) {
        throw RangeError("kvs: getMany() reads at most 1000 keys, got "
                         + std::to_string(keys.size()));
    }
    if (encoded.size() < keys.size())
        encoded.resize(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i)
        encodeKeyChecked(keys[i], rules.maxKeySize, encoded[i]);
}

GetManyOp::GetManyOp(const StoreRules &rules, const std::vector<Key> &keys)
    : m_keys(keys)
{
    encodeKeys(rules, keys, m_encoded);
    m_unique = m_encoded;
    std::sort(m_unique.begin(), m_unique.end());
    m_unique.erase(std::unique(m_unique.begin(), m_unique.end()), m_unique.end());
}

std::vector<std::optional<Entry>> GetManyOp::finish(const std::vector<KvRow> &rows, OpContext &)
{
    // A duplicate key gets its own slot and its own decoded copy.
    std::unordered_map<std::string_view, const KvRow *> byKey;
    for (const KvRow &row : rows)
        byKey.emplace(row.key, &row);
    std::vector<std::optional<Entry>> entries(m_keys.size());
    for (std::size_t i = 0; i < m_keys.size(); ++i) {
        const auto it = byKey.find(m_encoded[i]);
        if (it != byKey.end()) {
            const KvRow &row = *it->second;
            entries[i] = Entry{m_keys[i], decodeValue(row.value), row.version, row.expiresAt};
        }
    }
    return entries;
}

SetOp::SetOp(const StoreRules &rules, const Key &key, const Value &value, const SetOptions &options)
    : m_options(options)
{
    (void)expiryFor(options, 0); // validated now, counted from when the write runs
    m_key = encodeKeyChecked(key, rules.maxKeySize);
    m_value = encodeValue(value);
}

CommitResult SetOp::finish(std::int64_t version, OpContext &ctx)
{
    ctx.publish([&] { return CommittedChanges{{m_key, m_value, version, m_expiresAt}}; });
    return {true, version, std::nullopt};
}

void RemoveOp::finish(bool deleted, OpContext &ctx)
{
    if (deleted)
        ctx.publish([&] { return CommittedChanges{{m_key, std::nullopt, 0, std::nullopt}}; });
}

RemoveOp::RemoveOp(const StoreRules &rules, const std::string &encodedKey)
    : m_key(encodedKey)
{
    checkKeySize(encodedKey.size(), rules.maxKeySize);
}

IncrementOp::IncrementOp(const StoreRules &rules, const Key &key, double delta)
    : m_delta(delta)
{
    validateDelta("increment()", delta);
    m_key = encodeKeyChecked(key, rules.maxKeySize);
}

double IncrementOp::finish(const IncrementResult &result, OpContext &ctx)
{
    ctx.publish([&] {
        return CommittedChanges{
            {m_key, encodeValue(Value(result.value)), result.version, std::nullopt}};
    });
    return result.value;
}

ListResult ListOp::finish(const std::vector<KvRow> &page, OpContext &)
{
    ListResult result;
    result.entries.reserve(page.size());
    for (const KvRow &row : page) {
        result.entries.push_back(
            Entry{decodeKey(row.key), decodeValue(row.value), row.version, row.expiresAt});
    }
    // The cursor is the last row's stored bytes, as the reference says.
    if (static_cast<int>(page.size()) == m_range.limit)
        result.cursor = encodeCursor(page.back().key);
    return result;
}

CleanExpiredOp::Cleaned CleanExpiredOp::cleaned(std::vector<std::string> keys)
{
    const auto count = static_cast<std::int64_t>(keys.size());
    return Cleaned{count, std::move(keys)};
}

std::int64_t CleanExpiredOp::finish(Cleaned cleaned, OpContext &ctx)
{
    if (!cleaned.keys.empty()) {
        ctx.publish([&] {
            CommittedChanges changes;
            for (auto &key : cleaned.keys)
                changes.push_back({std::move(key), std::nullopt, 0, std::nullopt});
            return changes;
        });
    }
    return cleaned.count;
}

void ResetOp::finish(OpContext &ctx)
{
    ctx.publishReset();
}

} // namespace kvs::detail

namespace kvs {

// The calls of KVStore and AsyncKVStore that run these operations.

std::optional<Entry> KVStore::get(const Key &key)
{
    return m_state->run<detail::GetOp>(key);
}

QFuture<std::optional<Entry>> AsyncKVStore::get(const Key &key)
{
    return m_state->run<detail::GetOp>(key);
}

std::vector<std::optional<Entry>> KVStore::getMany(const std::vector<Key> &keys)
{
    // KVStore reads key by key in one read transaction with one now, so the slots come from one
    // snapshot (reference getMany(): faster in-process than one IN statement).
    std::lock_guard lock(m_state->mutex);
    m_state->requireOpen();
    // Reused between calls: the encoded keys keep their capacity, so a warm getMany allocates
    // only its result.
    std::vector<std::string> &encoded = m_state->manyKeyBuffers;
    detail::GetManyOp::encodeKeys(m_state->runtime.rules, keys, encoded);
    std::vector<std::optional<Entry>> entries;
    entries.reserve(keys.size());
    const std::int64_t now = m_state->runtime.clock->now();
    const auto readAll = [&] {
        for (std::size_t i = 0; i < keys.size(); ++i)
            entries.push_back(m_state->engine->getEntry(encoded[i], now, keys[i]));
    };
    if (keys.size() > 1)
        m_state->engine->readTransaction(readAll);
    else
        readAll();
    return entries;
}

QFuture<std::vector<std::optional<Entry>>> AsyncKVStore::getMany(const std::vector<Key> &keys)
{
    if (keys.empty() && !m_state->closed.load())
        return detail::readyFuture<std::vector<std::optional<Entry>>>({});
    return m_state->run<detail::GetManyOp>(keys);
}

CommitResult KVStore::set(const Key &key, const Value &value, const SetOptions &options)
{
    return m_state->run<detail::SetOp>(key, value, options);
}

QFuture<CommitResult>
AsyncKVStore::set(const Key &key, const Value &value, const SetOptions &options)
{
    return m_state->run<detail::SetOp>(key, value, options);
}

void KVStore::remove(const Key &key)
{
    m_state->run<detail::RemoveOp>(key);
}

QFuture<void> AsyncKVStore::remove(const Key &key)
{
    return m_state->run<detail::RemoveOp>(key);
}

double KVStore::increment(const Key &key, double delta)
{
    return m_state->run<detail::IncrementOp>(key, delta);
}

QFuture<double> AsyncKVStore::increment(const Key &key, double delta)
{
    return m_state->run<detail::IncrementOp>(key, delta);
}

ListResult KVStore::list(const ListSelector &selector, const ListOptions &options)
{
    return m_state->run<detail::ListOp>(selector, options);
}

QFuture<ListResult> AsyncKVStore::list(const ListSelector &selector, const ListOptions &options)
{
    try {
        m_state->requireOpen();
        // An empty range answers with no read (and before any migration).
        if (detail::ListOp(m_state->runtime.rules, selector, options).isEmpty())
            return detail::readyFuture<ListResult>({});
    } catch (...) {
        return detail::failedFuture<ListResult>(std::current_exception());
    }
    return m_state->run<detail::ListOp>(selector, options);
}

std::int64_t KVStore::cleanExpired()
{
    return m_state->run<detail::CleanExpiredOp>();
}

QFuture<std::int64_t> AsyncKVStore::cleanExpired()
{
    return m_state->run<detail::CleanExpiredOp>();
}

void KVStore::reset()
{
    m_state->run<detail::ResetOp>();
}

QFuture<void> AsyncKVStore::reset()
{
    return m_state->run<detail::ResetOp>();
}

} // namespace kvs
