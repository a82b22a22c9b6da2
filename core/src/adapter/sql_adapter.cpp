#include "runtime/future_util.h"

#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/sql_adapter.h>
#include <kvs/value_codec.h>

#include <QList>
#include <QPromise>
#include <QThreadPool>

#include <limits>
#include <memory>

namespace kvs {

SqlAdapter::~SqlAdapter() = default;

std::optional<Entry> entryOf(Key entryKey, std::optional<KvRow> row)
{
    if (!row)
        return std::nullopt;
    return Entry{std::move(entryKey), decodeValue(row->value), row->version, row->expiresAt};
}

QFuture<std::optional<Entry>> SqlAdapter::getEntry(std::string key, std::int64_t now, Key entryKey)
{
    return kvs::then(get(std::move(key), now),
                     [entryKey = std::move(entryKey)](std::optional<KvRow> row) mutable {
                         return entryOf(std::move(entryKey), std::move(row));
                     });
}

QFuture<std::vector<KvRow>> SqlAdapter::getMany(std::vector<std::string> keys, std::int64_t now)
{
    // The reference's fallback: key by key, no snapshot guarantee.
    std::lock_guard futures(futureLock()); // whenAll attaches continuations (kvs/future.h)
    QList<QFuture<std::optional<KvRow>>> reads;
    for (auto &key : keys)
        reads.append(get(std::move(key), now));
    return QtFuture::whenAll(reads.begin(), reads.end())
        .then(QtFuture::Launch::Sync, [](const QList<QFuture<std::optional<KvRow>>> &done) {
            std::vector<KvRow> rows;
            for (const auto &read : done) {
                if (std::optional<KvRow> row = read.result()) // rethrows a failed read
                    rows.push_back(std::move(*row));
            }
            return rows;
        });
}

QFuture<std::vector<std::string>> SqlAdapter::listKeys(
    std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending)
{
    auto rows = descending ? listDesc(std::move(start), std::move(end), now, limit)
                           : listAsc(std::move(start), std::move(end), now, limit);
    return kvs::then(rows, [](const std::vector<KvRow> &page) {
        std::vector<std::string> keys;
        keys.reserve(page.size());
        for (const KvRow &row : page)
            keys.push_back(row.key);
        return keys;
    });
}

QFuture<std::vector<KeyRow>> SqlAdapter::listKeyRows(
    std::string start, std::string end, std::int64_t now, std::int64_t limit, bool descending)
{
    auto rows = descending ? listDesc(std::move(start), std::move(end), now, limit)
                           : listAsc(std::move(start), std::move(end), now, limit);
    return kvs::then(rows, [](const std::vector<KvRow> &page) {
        std::vector<KeyRow> keys;
        keys.reserve(page.size());
        for (const KvRow &row : page) {
            keys.push_back(KeyRow{row.key,
                                  row.value.substr(0, kKeyRowHeadBytes),
                                  static_cast<std::int64_t>(row.value.size()),
                                  row.expiresAt});
        }
        return keys;
    });
}

QFuture<std::optional<KvRow>> SqlAdapter::getRaw(std::string key)
{
    return get(std::move(key), std::numeric_limits<std::int64_t>::min());
}

// The calls an adapter may leave out (Optional, Extra and RowLock in kvs/sql_adapter_calls.h).
#define KVS_SQL_DEFAULT_Required(...)
#define KVS_SQL_DEFAULT_Defaulted(...)
#define KVS_SQL_DEFAULT_Optional(Answer, name, ...) \
    QFuture<Answer> SqlAdapter::name(KVS_SQL_EACH(KVS_SQL_TYPE, __VA_ARGS__)) \
    { \
        return detail::failedFuture<Answer>( \
            std::make_exception_ptr(Error("kvs: this adapter has no " #name "()"))); \
    }
#define KVS_SQL_DEFAULT_Extra KVS_SQL_DEFAULT_Optional
#define KVS_SQL_DEFAULT_RowLock KVS_SQL_DEFAULT_Optional
#define KVS_SQL_TYPE(Type, name) Type
#define KVS_SQL_CALL(kind, access, Answer, name, ...) \
    KVS_SQL_DEFAULT_##kind(Answer, name, __VA_ARGS__)
#include <kvs/sql_adapter_calls.h>

QFuture<void> SqlAdapter::session(std::function<void(SqlAdapter &s)> work)
{
    // Threads of kvs's own, not Qt's global pool: work waits there for this adapter's futures,
    // and an application's own tasks must not be starved by it (or starve it).
    static QThreadPool pool;
    auto promise = std::make_shared<QPromise<void>>();
    promise->start();
    QFuture<void> done = promise->future();
    pool.start([this, promise, work = std::move(work)] {
        detail::settle(*promise, [&] { work(*this); });
    });
    return done;
}

} // namespace kvs
