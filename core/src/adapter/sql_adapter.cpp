#include "runtime/future_util.h"

#include <kvs/errors.h>
#include <kvs/future.h>
#include <kvs/sql_adapter.h>
#include <kvs/value_codec.h>

#include <QList>
#include <QPromise>
#include <QThreadPool>

#include <algorithm>
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

namespace {

// The bytes "\\u" or "\\/" anywhere (the rule is about bytes, as PostgreSQL's position() is:
// an escaped backslash before a u counts too). A backslash is rare, so memchr finds them.
bool holdsForeignEscape(std::string_view bytes)
{
    for (std::size_t at = bytes.find('\\'); at != std::string_view::npos && at + 1 < bytes.size();
         at = bytes.find('\\', at + 1)) {
        if (bytes[at + 1] == 'u' || bytes[at + 1] == '/')
            return true;
    }
    return false;
}

char lowerAscii(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// needle (lower-case ASCII) in bytes, ignoring the case of ASCII letters.
bool holdsFolded(std::string_view bytes, std::string_view needle)
{
    const auto found
        = std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end(), [](char a, char b) {
              return lowerAscii(a) == b;
          });
    return found != bytes.end();
}

// A digit followed by '.', 'e' or 'E', or sixteen digits in a row.
bool holdsNumberForm(std::string_view bytes)
{
    int digits = 0;
    for (const char c : bytes) {
        if (digits > 0 && (c == '.' || c == 'e' || c == 'E'))
            return true;
        digits = c >= '0' && c <= '9' ? digits + 1 : 0;
        if (digits == 16)
            return true;
    }
    return false;
}

} // namespace

bool ValuePrefilter::admits(std::string_view storedValue) const
{
    if (needle.empty())
        return true;
    if (asciiCaseInsensitive ? holdsFolded(storedValue, needle)
                             : storedValue.find(needle) != std::string_view::npos)
        return true;
    return holdsForeignEscape(storedValue)
           || (alsoTyped && !storedValue.empty() && storedValue.front() == '\x03')
           || (alsoSentinels && storedValue.size() <= 1)
           || (alsoNumbers && holdsNumberForm(storedValue));
}

QFuture<ValueScanPage> SqlAdapter::scanValues(std::string start,
                                              std::string end,
                                              std::int64_t now,
                                              ValuePrefilter prefilter,
                                              std::int64_t limit,
                                              std::int64_t scanLimit)
{
    // Pages of at most 1000 rows: an adapter of the user's never holds more in memory.
    const std::int64_t page = std::min<std::int64_t>(scanLimit, 1000);
    return kvs::then(listAsc(std::move(start), std::move(end), now, page),
                     [prefilter = std::move(prefilter), limit, page](std::vector<KvRow> rows) {
                         ValueScanPage result;
                         // Copied first: the candidates' rows are moved out below.
                         const std::string last = rows.empty() ? std::string() : rows.back().key;
                         for (KvRow &row : rows) {
                             ++result.scanned;
                             const std::string key = row.key;
                             if (prefilter.admits(row.value)) {
                                 result.rows.push_back(std::move(row));
                                 if (static_cast<std::int64_t>(result.rows.size()) == limit) {
                                     result.resumeAt = key + '\0';
                                     return result;
                                 }
                             }
                         }
                         if (static_cast<std::int64_t>(rows.size()) == page)
                             result.resumeAt = last + '\0';
                         return result;
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
