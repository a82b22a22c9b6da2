#include "sqlite/sqlite_store.h"

#include "runtime/clock.h"
#include "sqlite/sqlite_open.h"
#include "store/children_scan.h"
#include "store/list_range.h"
#include "store/validation.h"

#include <kvs/errors.h>
#include <kvs/value_codec.h>

#include <sqlite3.h>

#include <cmath>

namespace kvs::detail {

namespace {

constexpr std::size_t kMaxGetMany = 1000;

} // namespace

SqliteStore::SqliteStore(const std::string &path, const KVStoreOptions &options)
    : m_path(path)
    , m_options(options)
    , m_names(options.tablePrefix)
{
    validateTablePrefix(options.tablePrefix);
    validateDurability(options.durability);
    validateMaxKeySize(options.maxKeySize);
    validateQueueConfig(options.queue);
    if (options.readOnly)
        openReadOnly();
    else
        openReadWrite();
    m_versions = std::make_unique<VersionAllocator>(*m_connection, m_names.versionstamp);
}

SqliteStore::~SqliteStore()
{
    close();
}

void SqliteStore::openReadOnly()
{
    m_connection = std::make_unique<Connection>(m_path, Connection::Mode::ReadOnly);
    m_schemaVersion = openSchemaReadOnly(*m_connection, m_names, m_path);
}

void SqliteStore::openReadWrite()
{
    m_connection = std::make_unique<Connection>(m_path, Connection::Mode::ReadWrite);
    m_schemaVersion = openSchemaReadWrite(
        *m_connection, m_names, m_path, m_options.durability, m_options.migrate);
}

void SqliteStore::close() noexcept
{
    m_versions.reset();
    for (auto &stmt : m_statements)
        stmt.reset();
    if (m_connection)
        m_connection->close();
    m_connection.reset();
}

Statement &SqliteStore::statement(SqlId id)
{
    auto &slot = m_statements[static_cast<std::size_t>(id)];
    if (!slot)
        slot = std::make_unique<Statement>(m_connection->handle(), buildSql(id, m_names));
    return *slot;
}

void SqliteStore::requireOpen() const
{
    if (!m_connection)
        throw ClosedError("kvs: the store is closed");
}

void SqliteStore::requireWritable(const char *operation) const
{
    requireOpen();
    if (m_options.readOnly) {
        throw ReadOnlyError(std::string("kvs: the store is open read-only; ") + operation
                            + " needs write access");
    }
}

void SqliteStore::encodeChecked(const Key &key, std::string &buffer) const
{
    buffer.clear();
    encodeKey(key, buffer);
    checkKeySize(buffer.size(), m_options.maxKeySize);
}

std::optional<Entry>
SqliteStore::readLive(const Key &key, std::string_view encodedKey, std::int64_t now)
{
    StatementScope get(statement(SqlId::Get));
    get->bindBlob(1, encodedKey);
    get->bindInt64(2, now);
    if (!get->step())
        return std::nullopt;
    return Entry{
        key, decodeValue(get->columnBytes(0)), get->columnInt64(1), get->columnOptionalInt64(2)};
}

std::optional<Entry> SqliteStore::get(const Key &key)
{
    requireOpen();
    encodeChecked(key, m_keyBuffer);
    return readLive(key, m_keyBuffer, nowMs());
}

std::vector<std::optional<Entry>> SqliteStore::getMany(const std::vector<Key> &keys)
{
    requireOpen();
    if (keys.size() > kMaxGetMany) {
        throw RangeError("kvs: getMany() reads at most 1000 keys, got "
                         + std::to_string(keys.size()));
    }
    // Reused between calls: the encoded keys keep their capacity, so a warm getMany allocates
    // only its result.
    std::vector<std::string> &encoded = m_manyKeyBuffers;
    if (encoded.size() < keys.size())
        encoded.resize(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i)
        encodeChecked(keys[i], encoded[i]);
    std::vector<std::optional<Entry>> result;
    if (keys.empty())
        return result;
    result.reserve(keys.size());
    const std::int64_t now = nowMs();
    if (keys.size() == 1) {
        result.push_back(readLive(keys[0], encoded[0], now));
        return result;
    }
    // One deferred read transaction: every slot comes from the same snapshot.
    Transaction tx(*m_connection, Transaction::Kind::Deferred);
    for (std::size_t i = 0; i < keys.size(); ++i)
        result.push_back(readLive(keys[i], encoded[i], now));
    tx.commit();
    return result;
}

void SqliteStore::upsert(std::string_view encodedKey,
                         std::string_view encodedValue,
                         std::int64_t version,
                         std::optional<std::int64_t> expiresAt)
{
    StatementScope upsert(statement(SqlId::Upsert));
    upsert->bindBlob(1, encodedKey);
    upsert->bindBlob(2, encodedValue);
    upsert->bindInt64(3, version);
    upsert->bindOptionalInt64(4, expiresAt);
    upsert->run();
    if (m_sink)
        m_sink->note(encodedKey, encodedValue, version, expiresAt);
}

CommitResult SqliteStore::set(const Key &key, const Value &value, const SetOptions &options)
{
    requireWritable("set()");
    const std::optional<std::int64_t> expiresAt = expiryFor(options, nowMs());
    encodeChecked(key, m_keyBuffer);
    m_valueBuffer.clear();
    encodeValue(value, m_valueBuffer);
    const std::int64_t version = m_versions->next();
    upsert(m_keyBuffer, m_valueBuffer, version, expiresAt);
    return {true, version};
}

bool SqliteStore::remove(const Key &key)
{
    requireWritable("delete()");
    encodeChecked(key, m_keyBuffer);
    return removeEncoded(m_keyBuffer);
}

bool SqliteStore::removeEncoded(std::string_view encodedKey)
{
    StatementScope remove(statement(SqlId::Delete));
    remove->bindBlob(1, encodedKey);
    remove->run();
    // Deleting a key that does not exist emits nothing (reference "watch").
    const bool deleted = m_connection->changes() > 0;
    if (deleted && m_sink)
        m_sink->note(encodedKey, std::nullopt, 0, std::nullopt);
    return deleted;
}

double SqliteStore::addToNumber(std::string_view encodedKey,
                                double delta,
                                std::int64_t now,
                                std::int64_t version,
                                const char *operation)
{
    double result = delta;
    std::optional<std::int64_t> expiresAt;
    {
        StatementScope read(statement(SqlId::GetRaw));
        read->bindBlob(1, encodedKey);
        if (read->step()) {
            const std::optional<std::int64_t> oldExpiry = read->columnOptionalInt64(2);
            // An expired row still present counts as missing: value delta, TTL removed.
            if (!oldExpiry || *oldExpiry > now) {
                const Value current = decodeValue(read->columnBytes(0));
                if (!current.isNumber()) {
                    throw TypeError(std::string("kvs: ") + operation
                                    + " needs a number, but the key holds "
                                    + describeKind(current));
                }
                result = current.asNumber() + delta;
                expiresAt = oldExpiry;
            }
        }
    }
    if (!std::isfinite(result))
        throw RangeError(std::string("kvs: ") + operation + " result is not a finite number");
    std::string encoded;
    encodeValue(Value(result), encoded);
    upsert(encodedKey, encoded, version, expiresAt);
    return result;
}

double SqliteStore::increment(const Key &key, double delta)
{
    requireWritable("increment()");
    validateDelta("increment()", delta);
    encodeChecked(key, m_keyBuffer);
    // The version is reserved before the transaction (a reservation inside it would roll back
    // with it while the block stayed in use).
    const std::int64_t version = m_versions->next();
    Transaction tx(*m_connection, Transaction::Kind::Immediate);
    const double result = addToNumber(m_keyBuffer, delta, nowMs(), version, "increment()");
    tx.commit();
    return result;
}

ChildrenPage SqliteStore::listChildren(const ChildrenSelector &selector,
                                       const ChildrenOptions &options)
{
    requireOpen();
    ChildrenScan scan(selector, options, m_options.maxKeySize);
    std::vector<std::string> keys;
    while (const std::optional<KeyProbe> probe = scan.nextProbe()) {
        StatementScope seek(statement(probe->descending ? SqlId::KeysDesc : SqlId::KeysAsc));
        seek->bindBlob(1, probe->lower);
        seek->bindBlob(2, probe->upper);
        seek->bindInt64(3, nowMs());
        seek->bindInt64(4, probe->limit);
        keys.clear();
        while (seek->step())
            keys.emplace_back(seek->columnBytes(0));
        scan.accept(keys);
    }
    return scan.takePage();
}

std::optional<RawEntry> SqliteStore::inspect(const std::string &encodedKey)
{
    requireOpen();
    StatementScope read(statement(SqlId::GetRaw));
    read->bindBlob(1, encodedKey);
    if (!read->step())
        return std::nullopt;
    RawEntry entry{encodedKey,
                   std::string(read->columnBytes(0)),
                   read->columnInt64(1),
                   read->columnOptionalInt64(2),
                   false};
    entry.expired = entry.expiresAt && *entry.expiresAt <= nowMs();
    return entry;
}

ListResult SqliteStore::list(const ListSelector &selector, const ListOptions &options)
{
    requireOpen();
    const ListRange range = resolveListRange(selector, options, m_options.maxKeySize);
    ListResult result;
    if (range.empty())
        return result;
    StatementScope list(statement(range.reverse ? SqlId::ListDesc : SqlId::ListAsc));
    list->bindBlob(1, range.lower);
    list->bindBlob(2, range.upper);
    list->bindInt64(3, nowMs());
    list->bindInt64(4, range.limit);
    result.entries.reserve(static_cast<std::size_t>(std::min(range.limit, 128)));
    std::string lastKey; // the cursor is the last row's stored bytes, as the reference says
    while (list->step()) {
        const std::string_view key = list->columnBytes(0);
        lastKey.assign(key);
        result.entries.push_back(Entry{decodeKey(key),
                                       decodeValue(list->columnBytes(1)),
                                       list->columnInt64(2),
                                       list->columnOptionalInt64(3)});
    }
    if (static_cast<int>(result.entries.size()) == range.limit)
        result.cursor = encodeCursor(lastKey);
    return result;
}

std::int64_t SqliteStore::cleanExpired()
{
    requireWritable("cleanExpired()");
    StatementScope clean(statement(SqlId::CleanExpired));
    clean->bindInt64(1, nowMs());
    std::int64_t deleted = 0;
    while (clean->step()) {
        ++deleted;
        if (m_sink) // each expired key is a null tombstone for its watchers
            m_sink->note(clean->columnBytes(0), std::nullopt, 0, std::nullopt);
    }
    return deleted;
}

void SqliteStore::reset()
{
    requireWritable("reset()");
    Transaction tx(*m_connection, Transaction::Kind::Immediate);
    {
        StatementScope kv(statement(SqlId::ResetKv));
        kv->run();
    }
    {
        StatementScope queue(statement(SqlId::ResetQueue));
        queue->run();
    }
    tx.commit();
}

} // namespace kvs::detail
