#include "bench/baselines/raw_sqlite_baseline.h"

#include <kvs/errors.h>
#include <kvs/js_number.h>

#include <sqlite3.h>

#include <charconv>
#include <chrono>
#include <cmath>
#include <system_error>

namespace kvs::bench {

namespace {

// The store's schema for kv and queue (core/src/sqlite/sqlite_schema.cpp at schema version 3,
// the queue's lease columns included), without a table prefix.
constexpr const char *kSchema
    = "CREATE TABLE IF NOT EXISTS kv (key BLOB PRIMARY KEY, value BLOB NOT NULL, version INTEGER "
      "NOT NULL, expires_at INTEGER);"
      "CREATE INDEX IF NOT EXISTS idx_kv_expires ON kv(expires_at) WHERE expires_at IS NOT NULL;"
      "CREATE TABLE IF NOT EXISTS queue (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT "
      "NULL, payload BLOB NOT NULL, status TEXT NOT NULL, enqueued_at INTEGER NOT NULL, "
      "deliver_at INTEGER NOT NULL, attempts INTEGER NOT NULL, max_attempts INTEGER NOT NULL, "
      "locked_until INTEGER, lease_token TEXT, last_error TEXT, finished_at INTEGER);"
      "CREATE INDEX IF NOT EXISTS idx_queue_pending ON queue (topic, status, deliver_at);"
      "CREATE INDEX IF NOT EXISTS idx_queue_lease ON queue (status, locked_until) WHERE status = "
      "'processing';"
      "CREATE INDEX IF NOT EXISTS idx_queue_finished ON queue (status, finished_at) WHERE "
      "finished_at IS NOT NULL;";

// The store's defaults: queue.visibilityTimeout and maxAttempts.
constexpr std::int64_t kVisibilityTimeoutMs = 30000;
constexpr std::int64_t kMaxAttempts = 3;

// The store's pragmas (reference "Constructors", durability "normal").
constexpr const char *kPragmas = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                                 "PRAGMA cache_size=-65536; PRAGMA mmap_size=268435456; "
                                 "PRAGMA busy_timeout=5000;";

std::int64_t nowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// Resets a statement when a use of it ends, also by exception (STYLE.md 12).
class Resetter
{
public:
    explicit Resetter(sqlite3_stmt *statement)
        : m_statement(statement)
    {}
    ~Resetter() { sqlite3_reset(m_statement); }
    Resetter(const Resetter &) = delete;
    Resetter &operator=(const Resetter &) = delete;

private:
    sqlite3_stmt *m_statement; // Not owned.
};

void bindBlob(sqlite3_stmt *statement, int index, std::string_view bytes)
{
    // SQLITE_STATIC: the bytes outlive the step; the Resetter runs before they go.
    sqlite3_bind_blob(
        statement, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_STATIC);
}

void bindText(sqlite3_stmt *statement, int index, std::string_view text)
{
    sqlite3_bind_text(statement, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
}

} // namespace

// BEGIN ... COMMIT through prepared statements; destruction without commit() rolls back.
class RawSqliteBaseline::Transaction
{
public:
    Transaction(RawSqliteBaseline &owner, sqlite3_stmt *begin)
        : m_owner(owner)
    {
        Resetter reset(begin);
        if (sqlite3_step(begin) != SQLITE_DONE) {
            owner.fail("BEGIN");
        }
    }
    ~Transaction()
    {
        if (!m_committed) {
            Resetter reset(m_owner.m_rollback.get());
            sqlite3_step(m_owner.m_rollback.get()); // noexcept: a failed rollback is moot here
        }
    }
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    void commit()
    {
        Resetter reset(m_owner.m_commit.get());
        if (sqlite3_step(m_owner.m_commit.get()) != SQLITE_DONE) {
            m_owner.fail("COMMIT");
        }
        m_committed = true;
    }

private:
    RawSqliteBaseline &m_owner; // Not owned.
    bool m_committed = false;
};

RawSqliteBaseline::RawSqliteBaseline(const std::string &path, const BenchKeys &keys)
    : m_keys(keys)
{
    sqlite3 *db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(),
                                   &db,
                                   SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                                   nullptr);
    m_db.reset(db);
    if (rc != SQLITE_OK) {
        fail("open " + path);
    }
    exec(kPragmas);
    exec(kSchema);
    m_get = prepare("SELECT value, version, expires_at FROM kv WHERE key = ? AND (expires_at IS "
                    "NULL OR expires_at > ?)",
                    2);
    m_upsert = prepare("INSERT INTO kv (key, value, version, expires_at) VALUES (?, ?, ?, ?) ON "
                       "CONFLICT(key) DO UPDATE SET value = excluded.value, version = "
                       "excluded.version, expires_at = excluded.expires_at",
                       4);
    m_delete = prepare("DELETE FROM kv WHERE key = ?", 1);
    m_incrementSelect = prepare("SELECT value, version, expires_at FROM kv WHERE key = ?", 1);
    m_sumSelect = prepare("SELECT value, expires_at FROM kv WHERE key = ?", 1);
    m_beginImmediate = prepare("BEGIN IMMEDIATE", 0);
    m_beginDeferred = prepare("BEGIN", 0);
    m_commit = prepare("COMMIT", 0);
    m_rollback = prepare("ROLLBACK", 0);
    // The store's SQL for enqueue(), dequeue()'s picker and acknowledge() (doneRetention 0).
    m_enqueue = prepare("INSERT INTO queue (topic, payload, status, enqueued_at, deliver_at, "
                        "attempts, max_attempts) VALUES (?1, ?2, 'pending', ?3, ?4, 0, ?5) "
                        "RETURNING id",
                        5);
    m_dequeue = prepare("WITH picked AS MATERIALIZED (SELECT id FROM queue WHERE topic = ?1 AND "
                        "status = 'pending' AND deliver_at <= ?2 ORDER BY deliver_at, id LIMIT "
                        "?3) UPDATE queue SET status = 'processing', attempts = attempts + 1, "
                        "locked_until = ?4, lease_token = ?5 WHERE id IN (SELECT id FROM picked) "
                        "RETURNING id, topic, payload, enqueued_at, deliver_at, attempts, "
                        "max_attempts, locked_until, last_error",
                        5);
    m_acknowledge = prepare(
        "DELETE FROM queue WHERE id = ?1 AND lease_token = ?2 AND status = 'processing'", 2);
}

RawSqliteBaseline::~RawSqliteBaseline() = default;

void RawSqliteBaseline::fail(std::string_view what) const
{
    throw Error("kvs: bench baseline: " + std::string(what) + ": "
                + (m_db ? sqlite3_errmsg(m_db.get()) : "out of memory"));
}

void RawSqliteBaseline::exec(const char *sql)
{
    if (sqlite3_exec(m_db.get(), sql, nullptr, nullptr, nullptr) != SQLITE_OK) {
        fail(sql);
    }
}

SqliteStatementHandle RawSqliteBaseline::prepare(std::string_view sql, int parameters)
{
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v3(m_db.get(),
                           sql.data(),
                           static_cast<int>(sql.size()),
                           SQLITE_PREPARE_PERSISTENT,
                           &statement,
                           nullptr)
        != SQLITE_OK) {
        fail(sql);
    }
    SqliteStatementHandle owned(statement);
    if (sqlite3_bind_parameter_count(statement) != parameters) {
        throw Error("kvs: bench baseline: wrong parameter count in " + std::string(sql));
    }
    return owned;
}

bool RawSqliteBaseline::get(std::string_view key, std::int64_t now)
{
    sqlite3_stmt *statement = m_get.get();
    Resetter reset(statement);
    bindBlob(statement, 1, key);
    sqlite3_bind_int64(statement, 2, now);
    const int rc = sqlite3_step(statement);
    if (rc == SQLITE_ROW) {
        // What the store reads of a row: the value bytes, the version and the expiry.
        const void *value = sqlite3_column_blob(statement, 0);
        const int size = sqlite3_column_bytes(statement, 0);
        const std::int64_t version = sqlite3_column_int64(statement, 1);
        const bool expires = sqlite3_column_type(statement, 2) != SQLITE_NULL;
        if ((value == nullptr && size != 0) || version <= 0 || expires) {
            fail("get read a wrong row");
        }
        return true;
    }
    if (rc != SQLITE_DONE) {
        fail("get");
    }
    return false;
}

void RawSqliteBaseline::upsert(std::string_view key,
                               std::string_view value,
                               const std::int64_t *expiresAt)
{
    sqlite3_stmt *statement = m_upsert.get();
    Resetter reset(statement);
    bindBlob(statement, 1, key);
    bindBlob(statement, 2, value);
    sqlite3_bind_int64(statement, 3, m_nextVersion++);
    if (expiresAt != nullptr) {
        sqlite3_bind_int64(statement, 4, *expiresAt);
    } else {
        sqlite3_bind_null(statement, 4);
    }
    if (sqlite3_step(statement) != SQLITE_DONE) {
        fail("upsert");
    }
}

void RawSqliteBaseline::insertAll(const std::vector<std::string> &keys)
{
    Transaction transaction(*this, m_beginImmediate.get());
    for (const std::string &key : keys) {
        upsert(key, kValueBytes, nullptr);
    }
    transaction.commit();
}

void RawSqliteBaseline::populate()
{
    insertAll(m_keys.background.encoded);
}

void RawSqliteBaseline::set(std::uint64_t)
{
    upsert(m_keys.setKeyEncoded, kValueBytes, nullptr);
}

void RawSqliteBaseline::getHit(std::uint64_t i)
{
    if (!get(m_keys.background.encoded[i % kBackgroundKeys], nowMs())) {
        fail("get_hit found no row");
    }
}

void RawSqliteBaseline::getMiss(std::uint64_t i)
{
    if (get(m_keys.miss.encoded[i % kMissKeys], nowMs())) {
        fail("get_miss found a row");
    }
}

void RawSqliteBaseline::refillDeleteKeys()
{
    insertAll(m_keys.remove.encoded);
}

void RawSqliteBaseline::remove(std::uint64_t i)
{
    sqlite3_stmt *statement = m_delete.get();
    Resetter reset(statement);
    bindBlob(statement, 1, m_keys.remove.encoded[i % kDeleteBatch]);
    if (sqlite3_step(statement) != SQLITE_DONE) {
        fail("delete");
    }
}

void RawSqliteBaseline::addToNumber(sqlite3_stmt *select,
                                    int expiresColumn,
                                    std::string_view key,
                                    double delta)
{
    const std::int64_t now = nowMs();
    double sum = delta;
    std::int64_t expiresAt = 0;
    bool keepsTtl = false;
    {
        Resetter reset(select);
        bindBlob(select, 1, key);
        const int rc = sqlite3_step(select);
        if (rc == SQLITE_ROW) {
            const bool hasExpiry = sqlite3_column_type(select, expiresColumn) != SQLITE_NULL;
            expiresAt = sqlite3_column_int64(select, expiresColumn);
            if (!hasExpiry || expiresAt > now) {
                // A live row: its plain JSON number text (no sentinel byte, no typed JSON).
                const auto *text = static_cast<const char *>(sqlite3_column_blob(select, 0));
                const int size = sqlite3_column_bytes(select, 0);
                double current = 0;
                const auto [end, ec] = std::from_chars(text, text + size, current);
                if (size == 0 || ec != std::errc() || end != text + size
                    || static_cast<unsigned char>(text[0]) <= 0x03) {
                    fail("the counter does not hold a number");
                }
                sum = current + delta;
                keepsTtl = hasExpiry;
            }
        } else if (rc != SQLITE_DONE) {
            fail("read the counter");
        }
    }
    if (!std::isfinite(sum)) {
        fail("the counter overflowed");
    }
    m_number.clear();
    appendJsNumber(sum, m_number);
    upsert(key, m_number, keepsTtl ? &expiresAt : nullptr);
}

void RawSqliteBaseline::increment(std::uint64_t)
{
    Transaction transaction(*this, m_beginImmediate.get());
    addToNumber(m_incrementSelect.get(), 2, m_keys.counterKeyEncoded, 1);
    transaction.commit();
}

void RawSqliteBaseline::getMany10(std::uint64_t i)
{
    const std::size_t first = (i % kGroups) * kGroupSize;
    Transaction transaction(*this, m_beginDeferred.get());
    const std::int64_t now = nowMs();
    for (std::size_t k = 0; k < kGroupSize; ++k) {
        if (!get(m_keys.background.encoded[first + k], now)) {
            fail("get_many_10 found no row");
        }
    }
    transaction.commit();
}

void RawSqliteBaseline::atomicSum(std::uint64_t)
{
    Transaction transaction(*this, m_beginImmediate.get());
    addToNumber(m_sumSelect.get(), 1, m_keys.sumKeyEncoded, 1);
    transaction.commit();
}

void RawSqliteBaseline::queueCycle(std::uint64_t i)
{
    const std::int64_t now = nowMs();
    std::int64_t id = 0;
    {
        sqlite3_stmt *statement = m_enqueue.get();
        Resetter reset(statement);
        bindText(statement, 1, kQueueTopic);
        bindBlob(statement, 2, kValueBytes);
        sqlite3_bind_int64(statement, 3, now);
        sqlite3_bind_int64(statement, 4, now);
        sqlite3_bind_int64(statement, 5, kMaxAttempts);
        if (sqlite3_step(statement) != SQLITE_ROW) {
            fail("enqueue");
        }
        id = sqlite3_column_int64(statement, 0);
    }
    // A unique token of the store's length (36 characters); the store draws a random UUID.
    m_token = "00000000-0000-4000-8000-" + std::to_string(100000000000 + i);
    std::int64_t picked = 0;
    int rows = 0;
    {
        sqlite3_stmt *statement = m_dequeue.get();
        Resetter reset(statement);
        bindText(statement, 1, kQueueTopic);
        sqlite3_bind_int64(statement, 2, now);
        sqlite3_bind_int64(statement, 3, 1);
        sqlite3_bind_int64(statement, 4, now + kVisibilityTimeoutMs);
        bindText(statement, 5, m_token);
        int rc = SQLITE_ROW;
        while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
            // What the store reads of a message: every column, the payload decoded later.
            picked = sqlite3_column_int64(statement, 0);
            const bool hasTopic = sqlite3_column_text(statement, 1) != nullptr;
            const bool hasPayload = sqlite3_column_bytes(statement, 2) > 0;
            const bool times
                = sqlite3_column_int64(statement, 3) <= sqlite3_column_int64(statement, 4);
            const bool attempts = sqlite3_column_int64(statement, 5) == 1
                                  && sqlite3_column_int64(statement, 6) == kMaxAttempts;
            const bool leased = sqlite3_column_int64(statement, 7) > now
                                && sqlite3_column_type(statement, 8) == SQLITE_NULL;
            if (!hasTopic || !hasPayload || !times || !attempts || !leased) {
                fail("dequeue read a wrong message");
            }
            ++rows;
        }
        if (rc != SQLITE_DONE) {
            fail("dequeue");
        }
    }
    if (rows != 1 || picked != id) {
        fail("dequeue did not lease the enqueued message");
    }
    sqlite3_stmt *statement = m_acknowledge.get();
    Resetter reset(statement);
    sqlite3_bind_int64(statement, 1, picked);
    bindText(statement, 2, m_token);
    if (sqlite3_step(statement) != SQLITE_DONE || sqlite3_changes(m_db.get()) != 1) {
        fail("acknowledge");
    }
}

} // namespace kvs::bench
