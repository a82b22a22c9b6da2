#pragma once

#include <kvs/store_figures.h>
#include <kvs/types.h>

#include <QFuture>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

/// The SqlAdapter contract (reference "Adapters"): what AsyncKVStore needs of a SQL backend, in
/// C++ form. AsyncKVStore is built on this contract only, so a third backend is one more
/// subclass. Keys, values and payloads cross it as their stored bytes (std::string holding
/// bytes, never text); times are ms since the epoch; numeric columns come back as numbers.
///
/// Results are QFuture<T>: every call returns at once and never blocks its caller; a failure
/// carries the core's exception (QPromise::setException), e.g. DatabaseError with SQLSTATE or
/// ConnectionError. Why QFuture and not a result type of our own: it is Qt Core's, it composes
/// (then, onFailed, unwrap, whenAll), a GUI consumes it on its own thread with
/// future.then(context, ...) or a QFutureWatcher without ever waiting, and exceptions travel in
/// it without crossing a thread by hand (STYLE.md 9).
///
/// Thread rule: every method is safe from any thread. An adapter runs its work on threads of
/// its own; a continuation attached with QtFuture::Launch::Sync runs on that thread and must be
/// short.
namespace kvs {

/// A kv row as stored (the reference's KvRow, with its expiry).
struct KvRow
{
    std::string key;
    std::string value;
    std::int64_t version = 0;
    std::optional<std::int64_t> expiresAt;
};

/// Not in the reference: a key with what listChildren() shows of its value (listKeyRows()).
struct KeyRow
{
    std::string key;
    std::string valueHead; // the first kKeyRowHeadBytes bytes of the stored value (or all)
    std::int64_t valueSize = 0;
    std::optional<std::int64_t> expiresAt;
};
inline constexpr int kKeyRowHeadBytes = 16;

/// A queue row (the reference's QueueRow); finishedAt is read by listDead().
struct QueueRow
{
    std::int64_t id = 0;
    std::string topic;
    std::string payload;
    std::int64_t enqueuedAt = 0;
    std::int64_t deliverAt = 0;
    std::int64_t attempts = 0;
    std::int64_t maxAttempts = 0;
    std::optional<std::int64_t> lockedUntil;
    std::optional<std::string> lastError;
    std::optional<std::int64_t> finishedAt;
};

/// The attempts of a live lease (getLease()).
struct LeaseRow
{
    std::int64_t attempts = 0;
    std::int64_t maxAttempts = 0;
};

/// One step of listChildren()'s skip-scan read on the server (SqlAdapter::skipScanSteps): the
/// lower bound the step read from and the first (at most two) live keys from there, with what
/// listKeyRows() tells of their values.
struct SkipScanStep
{
    std::string lower;
    std::vector<KeyRow> rows;
};

/// Not in the reference (kvs find, kvs/value_search.h): the rows scanValues() returns, decided on
/// the value's stored bytes (a BLOB or bytea, never read as text, so no byte sequence can make
/// the statement fail). A live row is a candidate when its bytes contain needle (or, with
/// asciiCaseInsensitive, contain it ignoring the case of ASCII letters; needle is then lower-case
/// ASCII), or hold the escape "\u" or "\/" (which other JSON writers use where JSON.stringify
/// writes the character itself), or, with alsoTyped, start with 0x03 (typed JSON), or, with
/// alsoSentinels, are one byte long (null, true, false), or, with alsoNumbers, hold a digit
/// followed by '.', 'e' or 'E', or sixteen digits in a row (numbers another JSON writer may
/// write otherwise than JSON.stringify: 1.50, 1e21, 12345678901234567890). An empty needle
/// admits every live row.
struct ValuePrefilter
{
    std::string needle;
    bool asciiCaseInsensitive = false;
    bool alsoTyped = false;
    bool alsoSentinels = false;
    bool alsoNumbers = false;

    /// Whether a live row whose value is storedValue is a candidate (the rule above, for
    /// adapters that filter rows they read).
    [[nodiscard]] bool admits(std::string_view storedValue) const;
};

/// scanValues()'s answer.
struct ValueScanPage
{
    std::vector<KvRow> rows;  // the candidates, in key order
    std::int64_t scanned = 0; // the rows read past, live or not, candidates or not
    /// The lower bound the scan goes on from; nullopt when the range is done.
    std::optional<std::string> resumeAt;
};

/// increment()'s answer: the new number and the version the row now carries.
struct IncrementResult
{
    double value = 0;
    std::int64_t version = 0;
};

// The parameters of a call of kvs/sql_adapter_calls.h, each (Type, name) put through F, separated
// by commas: KVS_SQL_EACH(KVS_SQL_PARAM, (int, a), (bool, b)) is "int a, bool b". At most six.
#define KVS_SQL_EACH(F, ...) \
    KVS_SQL_EACH_PICK(__VA_ARGS__ __VA_OPT__(, ) 6, 5, 4, 3, 2, 1, 0)(F __VA_OPT__(, ) __VA_ARGS__)
#define KVS_SQL_EACH_PICK(a1, a2, a3, a4, a5, a6, n, ...) KVS_SQL_EACH_##n
#define KVS_SQL_EACH_0(F)
#define KVS_SQL_EACH_1(F, a) F a
#define KVS_SQL_EACH_2(F, a, b) F a, F b
#define KVS_SQL_EACH_3(F, a, b, c) F a, F b, F c
#define KVS_SQL_EACH_4(F, a, b, c, d) F a, F b, F c, F d
#define KVS_SQL_EACH_5(F, a, b, c, d, e) F a, F b, F c, F d, F e
#define KVS_SQL_EACH_6(F, a, b, c, d, e, f) F a, F b, F c, F d, F e, F f
// What KVS_SQL_EACH puts a parameter through: its declaration, or the argument that passes it on.
#define KVS_SQL_PARAM(Type, name) Type name
#define KVS_SQL_MOVE(Type, name) std::move(name)

class SqlAdapter
{
public:
    virtual ~SqlAdapter();

    /// Creates or upgrades the schema as the reference's "Schema versions" says (one transaction,
    /// foreign tables refused untouched, a newer version refused with SchemaTooNewError).
    virtual QFuture<void> migrate() = 0;
    /// The schema version the last successful migrate() found: kSchemaVersion once migrated;
    /// read-only, the version of the tables as they are (1 for kvs <= 0.3 tables without a meta
    /// row), so an inspector can say the database is older without changing it. 0 before
    /// migrate() succeeded. The default (an adapter that does not say) is 0.
    virtual long long schemaVersion() const noexcept { return 0; }

    /// Whether skipScanSteps() exists (the default fails).
    virtual bool hasSkipScanSteps() const { return false; }
    /// Whether cleanExpiredKeys() exists (the default fails).
    virtual bool hasCleanExpiredKeys() const { return false; }

    /// Whether the row-lock calls (lockKeys, getVersionForUpdate, insertIfAbsent) exist: on the
    /// transaction's adapter of a backend that runs transactions concurrently (reference
    /// gotcha 17).
    virtual bool supportsRowLocks() const { return false; }

    /// Runs work in one transaction on one connection of the adapter's, on a thread of the
    /// adapter's. work gets the transaction's adapter, whose calls run on that connection and
    /// return futures that are finished when they return (call result() on them). The
    /// transaction commits when work returns and rolls back when it throws; the returned
    /// future carries the exception then. Requires: work never calls this adapter itself, only
    /// tx (the outer adapter waits for the transaction: gotcha 18).
    virtual QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work) = 0;
    /// Not in the reference: runs work with one connection of the adapter's to itself, outside
    /// any transaction, on a thread of the adapter's: work gets an adapter whose calls run at
    /// once on that connection and return finished futures (as transaction()'s does). The
    /// stores run their operations of several statements this way (a nack reads the lease, then
    /// writes), so each is written once for KVStore and AsyncKVStore, and costs one trip to the
    /// adapter's thread. The returned future carries what work throws. The default, for an
    /// adapter of the user's, runs work(*this) on a thread of kvs's own pool, which waits there
    /// for each call's future. Requires: as transaction().
    virtual QFuture<void> session(std::function<void(SqlAdapter &s)> work);

    /// Closes the connections; later calls fail with ClosedError.
    virtual QFuture<void> close() = 0;

    /// "sqlite" or "postgres": where the reference's wording differs by backend.
    virtual const char *backendName() const = 0;

    /// The calls that read and write the store's rows, one virtual each: kvs/sql_adapter_calls.h
    /// lists them with their contracts. Required ones are pure; the others have a default that
    /// answers through other calls, or fails with Error "kvs: this adapter has no <name>()".
#define KVS_SQL_PURE_Required = 0
#define KVS_SQL_PURE_Defaulted
#define KVS_SQL_PURE_Optional
#define KVS_SQL_PURE_Extra
#define KVS_SQL_PURE_RowLock
#define KVS_SQL_CALL(kind, access, Answer, name, ...) \
    virtual QFuture<Answer> name(KVS_SQL_EACH(KVS_SQL_PARAM, __VA_ARGS__)) KVS_SQL_PURE_##kind;
#include <kvs/sql_adapter_calls.h>
#undef KVS_SQL_PURE_Required
#undef KVS_SQL_PURE_Defaulted
#undef KVS_SQL_PURE_Optional
#undef KVS_SQL_PURE_Extra
#undef KVS_SQL_PURE_RowLock
};

/// The entry of a read row (nullopt for none): entryKey, the row's value decoded (decodeValue's
/// Error for bytes that are not a value), version and expiry.
std::optional<Entry> entryOf(Key entryKey, std::optional<KvRow> row);

} // namespace kvs
