#include "sqlite/sqlite_engine.h"

#include "sqlite/sqlite_open.h"

#include <kvs/errors.h>
#include <kvs/value_codec.h>

#include <sqlite3.h>

#include <cctype>
#include <cmath>
#include <sys/stat.h>

namespace kvs::detail {

namespace {

KvRow readKvRow(const Statement &stmt)
{
    // Columns: key, value, version, expires_at.
    return KvRow{std::string(stmt.columnBytes(0)),
                 std::string(stmt.columnBytes(1)),
                 stmt.columnInt64(2),
                 stmt.columnOptionalInt64(3)};
}

} // namespace

SqliteEngine::SqliteEngine(Settings settings)
    : m_settings(std::move(settings))
    , m_names(m_settings.tablePrefix)
    , m_connection(std::make_unique<Connection>(m_settings.path,
                                                m_settings.readOnly ? Connection::Mode::ReadOnly
                                                                    : Connection::Mode::ReadWrite))
{}

SqliteEngine::~SqliteEngine()
{
    close();
}

long long SqliteEngine::migrate(std::int64_t now)
{
    requireOpen();
    if (m_settings.readOnly) {
        try {
            m_schemaVersion = openSchemaReadOnly(*m_connection, m_names, m_settings.path);
        } catch (const DatabaseError &error) {
            if (!needsWalIndex(error))
                throw;
            reopenImmutable(error);
            m_schemaVersion = openSchemaReadOnly(*m_connection, m_names, m_settings.path);
        }
        return m_schemaVersion;
    }
    m_schemaVersion = openSchemaReadWrite(
        *m_connection, m_names, m_settings.path, m_settings.durability, m_settings.migrate, now);
    if (!m_versions)
        m_versions = std::make_unique<VersionAllocator>(*m_connection, m_names.versionstamp);
    return m_schemaVersion;
}

bool SqliteEngine::needsWalIndex(const DatabaseError &error) const
{
    // A WAL database is read through its -shm index, which SQLite creates (or initialises) on
    // the first read: a folder the user cannot write (SQLITE_READONLY_DIRECTORY, or
    // SQLITE_CANTOPEN when a -wal is there too), or a -shm it cannot write
    // (SQLITE_READONLY_CANTINIT), makes a plain read fail.
    if (error.code() == SQLITE_READONLY_DIRECTORY || error.code() == SQLITE_READONLY_CANTINIT)
        return true;
    struct stat info
    {};
    return error.code() == SQLITE_CANTOPEN
           && ::stat((m_settings.path + "-wal").c_str(), &info) == 0;
}

void SqliteEngine::reopenImmutable(const DatabaseError &error)
{
    // immutable=1 reads the main file alone, without locks or the -wal: right only when the -wal
    // holds nothing (no writer has committed since the last checkpoint). Otherwise it would
    // silently miss committed rows: refuse instead.
    const std::string wal = m_settings.path + "-wal";
    struct stat info
    {};
    if (::stat(wal.c_str(), &info) == 0 && info.st_size > 0) {
        throw DatabaseError(
            "kvs: cannot read \"" + m_settings.path
                + "\" safely: its folder (or -shm file) is read-only, so SQLite cannot set up "
                  "the index a WAL database is read through, and its -wal file still holds "
                  "committed changes that reading the file alone would miss; open it where you "
                  "can write, or have its writer checkpoint it first",
            error.code(),
            error.detail());
    }
    m_connection
        = std::make_unique<Connection>(immutableUri(m_settings.path), Connection::Mode::ReadOnly);
}

std::string SqliteEngine::immutableUri(const std::string &path)
{
    if (path.rfind("file:", 0) == 0)
        return path + (path.find('?') == std::string::npos ? "?" : "&") + "immutable=1";
    // RFC 3986: everything but unreserved characters and '/' percent-encoded.
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string uri = "file:";
    for (const unsigned char c : path) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
            uri += static_cast<char>(c);
        } else {
            uri += '%';
            uri += kHex[c >> 4];
            uri += kHex[c & 15];
        }
    }
    return uri + "?immutable=1";
}

void SqliteEngine::requireOpen() const
{
    if (!m_connection)
        throw ClosedError("kvs: the store is closed");
}

void SqliteEngine::requireWritable() const
{
    requireOpen();
    if (m_settings.readOnly)
        throw ReadOnlyError("kvs: the store is open read-only; this call needs write access");
}

Statement &SqliteEngine::statement(SqlId id)
{
    requireOpen();
    auto &slot = m_statements[static_cast<std::size_t>(id)];
    if (!slot)
        slot = std::make_unique<Statement>(m_connection->handle(), buildSql(id, m_names));
    return *slot;
}

Statement &SqliteEngine::getManyStatement(std::size_t count)
{
    // One prepared IN (...) statement per key count, as the reference's SQLiteAsyncAdapter.
    auto &slot = m_getMany[count];
    if (!slot) {
        std::string sql = "SELECT key, value, version, expires_at FROM "
                          + TableNames::quoted(m_names.kv) + " WHERE key IN (";
        for (std::size_t i = 0; i < count; ++i)
            sql += i ? ", ?" : "?";
        sql += ") AND (expires_at IS NULL OR expires_at > ?)";
        slot = std::make_unique<Statement>(m_connection->handle(), sql);
    }
    return *slot;
}

std::int64_t SqliteEngine::takeVersion(std::optional<std::int64_t> given)
{
    if (given)
        return *given;
    if (!m_versions)
        throw Error("kvs: the store's schema was not prepared (migrate() has not run)");
    return m_inTransaction ? m_versions->nextInTransaction() : m_versions->next();
}

std::optional<KvRow> SqliteEngine::get(std::string_view key, std::int64_t now)
{
    StatementScope get(statement(SqlId::Get));
    get->bindBlob(1, key);
    get->bindInt64(2, now);
    if (!get->step())
        return std::nullopt;
    return KvRow{std::string(key),
                 std::string(get->columnBytes(0)),
                 get->columnInt64(1),
                 get->columnOptionalInt64(2)};
}

// get()'s answer as an entry, the value decoded straight from the row.
std::optional<Entry>
SqliteEngine::getEntry(std::string_view key, std::int64_t now, const Key &entryKey)
{
    StatementScope get(statement(SqlId::Get));
    get->bindBlob(1, key);
    get->bindInt64(2, now);
    if (!get->step())
        return std::nullopt;
    return Entry{entryKey,
                 decodeValue(get->columnBytes(0)),
                 get->columnInt64(1),
                 get->columnOptionalInt64(2)};
}

// One IN (...) statement, as the reference's SQLiteAsyncAdapter.
std::vector<KvRow> SqliteEngine::getMany(const std::vector<std::string> &keys, std::int64_t now)
{
    requireOpen();
    std::vector<KvRow> rows;
    if (keys.empty())
        return rows;
    StatementScope many(getManyStatement(keys.size()));
    int index = 1;
    for (const auto &key : keys)
        many->bindBlob(index++, key);
    many->bindInt64(index, now);
    while (many->step())
        rows.push_back(readKvRow(*many));
    return rows;
}

std::optional<KvRow> SqliteEngine::getRaw(std::string_view key)
{
    StatementScope read(statement(SqlId::GetRaw));
    read->bindBlob(1, key);
    if (!read->step())
        return std::nullopt;
    return KvRow{std::string(key),
                 std::string(read->columnBytes(0)),
                 read->columnInt64(1),
                 read->columnOptionalInt64(2)};
}

std::optional<std::int64_t> SqliteEngine::getVersion(std::string_view key, std::int64_t now)
{
    StatementScope read(statement(SqlId::GetVersion));
    read->bindBlob(1, key);
    read->bindInt64(2, now);
    if (!read->step())
        return std::nullopt;
    return read->columnInt64(0);
}

std::vector<KvRow> SqliteEngine::list(
    SqlId id, std::string_view start, std::string_view end, std::int64_t now, std::int64_t limit)
{
    StatementScope list(statement(id));
    list->bindBlob(1, start);
    list->bindBlob(2, end);
    list->bindInt64(3, now);
    list->bindInt64(4, limit);
    std::vector<KvRow> rows;
    while (list->step())
        rows.push_back(readKvRow(*list));
    return rows;
}

std::vector<KvRow> SqliteEngine::listAsc(std::string_view start,
                                         std::string_view end,
                                         std::int64_t now,
                                         std::int64_t limit)
{
    return list(SqlId::ListAsc, start, end, now, limit);
}

std::vector<KvRow> SqliteEngine::listDesc(std::string_view start,
                                          std::string_view end,
                                          std::int64_t now,
                                          std::int64_t limit)
{
    return list(SqlId::ListDesc, start, end, now, limit);
}

std::vector<std::string> SqliteEngine::listKeys(std::string_view start,
                                                std::string_view end,
                                                std::int64_t now,
                                                std::int64_t limit,
                                                bool descending)
{
    StatementScope list(statement(descending ? SqlId::ListKeysDesc : SqlId::ListKeysAsc));
    list->bindBlob(1, start);
    list->bindBlob(2, end);
    list->bindInt64(3, now);
    list->bindInt64(4, limit);
    std::vector<std::string> keys;
    while (list->step())
        keys.emplace_back(list->columnBytes(0));
    return keys;
}

std::vector<KeyRow> SqliteEngine::listKeyRows(std::string_view start,
                                              std::string_view end,
                                              std::int64_t now,
                                              std::int64_t limit,
                                              bool descending)
{
    StatementScope list(statement(descending ? SqlId::ListKeyRowsDesc : SqlId::ListKeyRowsAsc));
    list->bindBlob(1, start);
    list->bindBlob(2, end);
    list->bindInt64(3, now);
    list->bindInt64(4, limit);
    std::vector<KeyRow> rows;
    while (list->step()) {
        rows.push_back(KeyRow{std::string(list->columnBytes(0)),
                              std::string(list->columnBytes(1)),
                              list->columnInt64(2),
                              list->columnOptionalInt64(3)});
    }
    return rows;
}

ValueScanPage SqliteEngine::scanValues(std::string_view start,
                                       std::string_view end,
                                       std::int64_t now,
                                       const ValuePrefilter &prefilter,
                                       std::int64_t limit,
                                       std::int64_t scanLimit)
{
    // The rule is applied to each value where SQLite steps, on the bytes it points to (no copy
    // unless a candidate): SQLite's instr() compares with memcmp at every byte, which cost
    // about half a second per million rows more than the raw read a search is measured against;
    // ValuePrefilter::admits finds bytes with memchr. Nothing crosses a network here, so what
    // the statement returns costs nothing more.
    StatementScope scan(statement(SqlId::ScanValues));
    scan->bindBlob(1, start);
    scan->bindBlob(2, end);
    scan->bindInt64(3, scanLimit);
    ValueScanPage page;
    std::string last;
    while (scan->step()) {
        ++page.scanned;
        last.assign(scan->columnBytes(0));
        const std::optional<std::int64_t> expiresAt = scan->columnOptionalInt64(3);
        if ((expiresAt && *expiresAt <= now) || !prefilter.admits(scan->columnBytes(1)))
            continue;
        page.rows.push_back(
            KvRow{last, std::string(scan->columnBytes(1)), scan->columnInt64(2), expiresAt});
        if (static_cast<std::int64_t>(page.rows.size()) == limit)
            break;
    }
    if (static_cast<std::int64_t>(page.rows.size()) == limit || page.scanned == scanLimit)
        page.resumeAt = last + '\0';
    return page;
}

void SqliteEngine::upsert(std::string_view key,
                          std::string_view value,
                          std::int64_t version,
                          std::optional<std::int64_t> expiresAt)
{
    StatementScope upsert(statement(SqlId::Upsert));
    upsert->bindBlob(1, key);
    upsert->bindBlob(2, value);
    upsert->bindInt64(3, version);
    upsert->bindOptionalInt64(4, expiresAt);
    upsert->run();
}

std::int64_t SqliteEngine::set(std::string_view key,
                               std::string_view value,
                               std::optional<std::int64_t> expiresAt,
                               std::optional<std::int64_t> version)
{
    requireWritable();
    const std::int64_t written = takeVersion(version);
    upsert(key, value, written, expiresAt);
    return written;
}

std::int64_t SqliteEngine::nextVersion()
{
    requireWritable();
    return takeVersion(std::nullopt);
}

bool SqliteEngine::remove(std::string_view key)
{
    return write(SqlId::Remove, [&](Statement &s) { s.bindBlob(1, key); }) > 0;
}

// The read-modify-write of increment() and atomic().sum(), in a transaction of its own outside
// one of the caller's. TypeError "kvs: increment() needs a number, but the key holds <kind>",
// RangeError "kvs: increment() result is not a finite number".
IncrementResult SqliteEngine::increment(std::string_view key,
                                        double delta,
                                        std::int64_t now,
                                        std::optional<std::int64_t> version)
{
    requireWritable();
    // Outside a transaction of the caller's, the read-modify-write takes its own; the version is
    // reserved before it opens (a reservation inside would roll back with it).
    const std::int64_t written = takeVersion(version);
    std::optional<Transaction> own;
    if (!m_inTransaction)
        own.emplace(*m_connection, Transaction::Kind::Immediate);
    double result = delta;
    std::optional<std::int64_t> expiresAt;
    {
        StatementScope read(statement(SqlId::GetRaw));
        read->bindBlob(1, key);
        if (read->step()) {
            const std::optional<std::int64_t> oldExpiry = read->columnOptionalInt64(2);
            if (!oldExpiry || *oldExpiry > now) { // an expired row counts as missing
                const Value current = decodeValue(read->columnBytes(0));
                if (!current.isNumber()) {
                    throw TypeError(
                        std::string("kvs: increment() needs a number, but the key holds ")
                        + describeKind(current));
                }
                result = current.asNumber() + delta;
                expiresAt = oldExpiry;
            }
        }
    }
    if (!std::isfinite(result))
        throw RangeError("kvs: increment() result is not a finite number");
    upsert(key, encodeValue(Value(result)), written, expiresAt);
    if (own)
        own->commit();
    return IncrementResult{result, written};
}

std::vector<std::string> SqliteEngine::cleanExpiredKeys(std::int64_t now)
{
    requireWritable();
    StatementScope clean(statement(SqlId::CleanExpired));
    clean->bindInt64(1, now);
    std::vector<std::string> keys;
    while (clean->step())
        keys.emplace_back(clean->columnBytes(0));
    return keys;
}

std::int64_t SqliteEngine::cleanExpired(std::int64_t now)
{
    return static_cast<std::int64_t>(cleanExpiredKeys(now).size());
}

void SqliteEngine::reset()
{
    requireWritable();
    transaction([this] {
        write(SqlId::ResetKv, [](Statement &) {});
        write(SqlId::ResetQueue, [](Statement &) {});
    });
}

void SqliteEngine::raw(std::string_view sql)
{
    requireOpen();
    m_connection->exec(sql);
}

void SqliteEngine::transaction(const std::function<void()> &work)
{
    requireWritable();
    if (m_inTransaction)
        throw Error("kvs: a transaction is already open on this adapter");
    endReadBatch();
    Transaction tx(*m_connection, Transaction::Kind::Immediate);
    m_inTransaction = true;
    try {
        work();
        tx.commit();
    } catch (...) {
        m_inTransaction = false;
        if (m_versions)
            m_versions->transactionEnded(false);
        throw; // tx rolls back
    }
    m_inTransaction = false;
    if (m_versions)
        m_versions->transactionEnded(true);
}

void SqliteEngine::readTransaction(const std::function<void()> &work)
{
    requireOpen();
    if (m_inTransaction || m_readBatch) {
        work(); // already inside one snapshot
        return;
    }
    Transaction tx(*m_connection, Transaction::Kind::Deferred);
    work();
    tx.commit();
}

bool SqliteEngine::beginReadBatch()
{
    if (!m_connection || m_inTransaction || m_readBatch)
        return false;
    m_readBatch = std::make_unique<Transaction>(*m_connection, Transaction::Kind::Deferred);
    return true;
}

void SqliteEngine::endReadBatch() noexcept
{
    if (!m_readBatch)
        return;
    try {
        m_readBatch->commit();
    } catch (...) {
        // The guard's destructor rolls back, which ends a read transaction just as well.
    }
    m_readBatch.reset();
}

void SqliteEngine::close() noexcept
{
    endReadBatch();
    m_versions.reset();
    m_getMany.clear();
    for (auto &stmt : m_statements)
        stmt.reset();
    if (m_connection)
        m_connection->close();
    m_connection.reset();
}

} // namespace kvs::detail
