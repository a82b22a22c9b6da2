#pragma once

#include "rules/validation.h"
#include "store/list_range.h"
#include "store/op_support.h"
#include "store/store_runtime.h"

#include <kvs/future.h>
#include <kvs/key_tree.h>
#include <kvs/sql_adapter.h>
#include <kvs/value_codec.h>

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

// The key-value operations of both stores (reference "KVStore API"), each written once: see
// store/op_support.h for the shape of an operation and how each store runs it.
namespace kvs::detail {

class GetOp
{
public:
    static constexpr const char *kName = "get()";
    static constexpr bool kWrites = false;
    static constexpr OpKind kKind = OpKind::Call;
    static constexpr bool kAnswerIsResult = true;
    // Keeps the caller's key, and its encoding in a buffer of this thread's, for call() only: a
    // read allocates nothing but its answer (the hot path of KVStore).
    static constexpr bool kBorrows = true;

    GetOp(const StoreRules &rules, const Key &key);
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        return s.getEntry(m_encoded, ctx.now, m_key);
    }
    std::optional<Entry> finish(std::optional<Entry> entry, OpContext &) { return entry; }

private:
    const std::string &m_encoded;
    const Key &m_key;
};

// AsyncKVStore's getMany(): the keys deduplicated, read in one statement, matched back to their
// slots by key bytes (KVStore reads key by key in one read transaction, as the reference's does).
class GetManyOp
{
public:
    static constexpr const char *kName = "getMany()";
    static constexpr bool kWrites = false;
    static constexpr OpKind kKind = OpKind::Call;

    // RangeError "kvs: getMany() reads at most 1000 keys, got N"; every key is checked first.
    GetManyOp(const StoreRules &rules, const std::vector<Key> &keys);
    // The keys encoded into encoded (resized; its strings' capacity reused), after those
    // checks (KVStore's getMany() reads them one by one).
    static void encodeKeys(const StoreRules &rules,
                           const std::vector<Key> &keys,
                           std::vector<std::string> &encoded);
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        return s.getMany(m_unique, ctx.now);
    }
    std::vector<std::optional<Entry>> finish(const std::vector<KvRow> &rows, OpContext &);

private:
    std::vector<Key> m_keys;
    std::vector<std::string> m_encoded;
    std::vector<std::string> m_unique;
};

class SetOp
{
public:
    static constexpr const char *kName = "set()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    // RangeError "kvs: ttl must be a finite number >= 0, got X"; TypeError for a value kvs cannot
    // store.
    SetOp(const StoreRules &rules, const Key &key, const Value &value, const SetOptions &options);
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        // The TTL counts from when the write runs (not from a call that waited for a migration).
        m_expiresAt = expiryFor(m_options, ctx.now);
        return s.set(m_key, m_value, m_expiresAt, std::nullopt);
    }
    CommitResult finish(std::int64_t version, OpContext &ctx);

private:
    std::string m_key;
    std::string m_value;
    SetOptions m_options;
    std::optional<std::int64_t> m_expiresAt;
};

// delete(key), and removeRaw(encodedKey) (not in the reference, kvs/key_tree.h): deletes the row
// stored at an encoded key whose bytes need not decode (the counterpart of inspect()). Its
// watchers get a tombstone either way.
class RemoveOp
{
public:
    static constexpr const char *kName = "delete()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    RemoveOp(const StoreRules &rules, const Key &key)
        : m_key(encodeKeyChecked(key, rules.maxKeySize))
    {}
    // removeRaw(): RangeError for a key over maxKeySize, as for any key.
    RemoveOp(const StoreRules &rules, const std::string &encodedKey);
    template <typename S>
    auto call(S &s, OpContext &)
    {
        return s.remove(m_key);
    }
    // Deleting a key that does not exist emits nothing (reference "watch").
    void finish(bool deleted, OpContext &ctx);

private:
    std::string m_key;
};

class IncrementOp
{
public:
    static constexpr const char *kName = "increment()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    // RangeError "kvs: increment() delta must be a finite number, got X".
    IncrementOp(const StoreRules &rules, const Key &key, double delta);
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        return s.increment(m_key, m_delta, ctx.now, std::nullopt);
    }
    double finish(const IncrementResult &result, OpContext &ctx);

private:
    std::string m_key;
    double m_delta;
};

class ListOp
{
public:
    static constexpr const char *kName = "list()";
    static constexpr bool kWrites = false;
    static constexpr OpKind kKind = OpKind::Call;

    // The range and cursor rules of list() (store/list_range.h).
    ListOp(const StoreRules &rules, const ListSelector &selector, const ListOptions &options)
        : m_range(resolveListRange(selector, options, rules.maxKeySize))
    {}
    // An empty range answers with no page and no read.
    bool isEmpty() const noexcept { return m_range.empty(); }
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        return m_range.reverse ? s.listDesc(m_range.lower, m_range.upper, ctx.now, m_range.limit)
                               : s.listAsc(m_range.lower, m_range.upper, ctx.now, m_range.limit);
    }
    ListResult finish(const std::vector<KvRow> &page, OpContext &);

private:
    ListRange m_range;
};

// Each deleted key is a null tombstone for its watchers. On an adapter of the user's without
// cleanExpiredKeys() (optional in the reference) only the count is known: no tombstones then.
class CleanExpiredOp
{
public:
    static constexpr const char *kName = "cleanExpired()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    struct Cleaned
    {
        std::int64_t count = 0;
        std::vector<std::string> keys;
    };

    explicit CleanExpiredOp(const StoreRules &) {}
    template <typename S>
    auto call(S &s, OpContext &ctx)
    {
        if constexpr (std::is_base_of_v<SqlAdapter, S>) {
            if (!s.hasCleanExpiredKeys())
                return kvs::then(s.cleanExpired(ctx.now), [](std::int64_t count) {
                    return Cleaned{count, {}};
                });
            return kvs::then(s.cleanExpiredKeys(ctx.now), &CleanExpiredOp::cleaned);
        } else {
            return cleaned(s.cleanExpiredKeys(ctx.now));
        }
    }
    std::int64_t finish(Cleaned cleaned, OpContext &ctx);

private:
    static Cleaned cleaned(std::vector<std::string> keys);
};

// Every watched key gets a null tombstone in one batch with event.reset set.
class ResetOp
{
public:
    static constexpr const char *kName = "reset()";
    static constexpr bool kWrites = true;
    static constexpr OpKind kKind = OpKind::Call;

    explicit ResetOp(const StoreRules &) {}
    template <typename S>
    auto call(S &s, OpContext &)
    {
        return s.reset();
    }
    void finish(OpContext &ctx);
};

} // namespace kvs::detail
