#pragma once

#include <QByteArray>
#include <QTest>

#include <sqlite3.h>

#include <string>
#include <string_view>
#include <vector>

// A bare SQLite connection for tests that build databases the way another writer (the
// JavaScript library, an older kvs) would, or look at what the store wrote. Not the store's code.
namespace kvs::test {

// The tables of kvs <= 0.3 (schema version 1, no meta row): a database at an older schema.
inline constexpr const char *kSchemaV1Sql = R"(
CREATE TABLE kv (key BLOB PRIMARY KEY, value BLOB NOT NULL, version INTEGER NOT NULL, expires_at INTEGER);
CREATE TABLE queue (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, payload BLOB NOT NULL,
  status TEXT NOT NULL, enqueued_at INTEGER NOT NULL, deliver_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL, max_attempts INTEGER NOT NULL);
CREATE INDEX idx_kv_expires ON kv (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX idx_queue_pending ON queue (topic, status, deliver_at);
)";

class RawSqlite
{
public:
    explicit RawSqlite(const std::string &path, bool readOnly = false)
    {
        const int flags
            = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
        if (sqlite3_open_v2(path.c_str(), &m_db, flags, nullptr) != SQLITE_OK)
            qFatal("cannot open %s", path.c_str());
    }
    ~RawSqlite() { sqlite3_close_v2(m_db); }
    RawSqlite(const RawSqlite &) = delete;
    RawSqlite &operator=(const RawSqlite &) = delete;

    sqlite3 *handle() const { return m_db; }

    void exec(const std::string &sql)
    {
        char *error = nullptr;
        if (sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
            const std::string message = error ? error : "?";
            sqlite3_free(error);
            qFatal("SQL failed: %s\n  %s", message.c_str(), sql.c_str());
        }
    }

    // Rows of a query, every column as bytes ("<null>" for NULL).
    std::vector<std::vector<std::string>> rows(const std::string &sql,
                                               const std::vector<std::string> &blobs = {})
    {
        sqlite3_stmt *stmt = nullptr;
        if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK)
            qFatal("prepare failed: %s\n  %s", sqlite3_errmsg(m_db), sql.c_str());
        for (std::size_t i = 0; i < blobs.size(); ++i) {
            sqlite3_bind_blob(stmt,
                              static_cast<int>(i + 1),
                              blobs[i].data(),
                              static_cast<int>(blobs[i].size()),
                              SQLITE_TRANSIENT);
        }
        std::vector<std::vector<std::string>> out;
        int rc = 0;
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            std::vector<std::string> row;
            for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
                if (sqlite3_column_type(stmt, c) == SQLITE_NULL) {
                    row.emplace_back("<null>");
                    continue;
                }
                const auto *data = static_cast<const char *>(sqlite3_column_blob(stmt, c));
                row.emplace_back(data ? data : "",
                                 static_cast<std::size_t>(sqlite3_column_bytes(stmt, c)));
            }
            out.push_back(std::move(row));
        }
        if (rc != SQLITE_DONE)
            qFatal("step failed: %s\n  %s", sqlite3_errmsg(m_db), sql.c_str());
        sqlite3_finalize(stmt);
        return out;
    }

    std::string scalar(const std::string &sql, const std::vector<std::string> &blobs = {})
    {
        const auto result = rows(sql, blobs);
        return result.empty() || result[0].empty() ? std::string("<none>") : result[0][0];
    }

    // Inserts a kv row with exact bytes, as another writer would.
    void insertKv(std::string_view key,
                  std::string_view value,
                  long long version,
                  const char *table = "kv",
                  bool valueAsText = false)
    {
        sqlite3_stmt *stmt = nullptr;
        const std::string sql = std::string("INSERT INTO \"") + table
                                + "\" (key, value, version, expires_at) VALUES (?, ?, ?, NULL)";
        sqlite3_prepare_v2(m_db, sql.c_str(), -1, &stmt, nullptr);
        sqlite3_bind_blob(stmt, 1, key.data(), static_cast<int>(key.size()), SQLITE_TRANSIENT);
        if (valueAsText)
            sqlite3_bind_text(
                stmt, 2, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
        else
            sqlite3_bind_blob(
                stmt, 2, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
        sqlite3_bind_int64(stmt, 3, version);
        if (sqlite3_step(stmt) != SQLITE_DONE)
            qFatal("insert failed: %s", sqlite3_errmsg(m_db));
        sqlite3_finalize(stmt);
    }

private:
    sqlite3 *m_db = nullptr;
};

inline std::string hexToBytes(std::string_view hex)
{
    const QByteArray bytes
        = QByteArray::fromHex(QByteArray(hex.data(), static_cast<qsizetype>(hex.size())));
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

} // namespace kvs::test
