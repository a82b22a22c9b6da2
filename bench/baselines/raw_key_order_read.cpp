#include "bench/baselines/raw_key_order_read.h"

#include <kvs/errors.h>
#include <kvs/sqlite_handle.h>

#include <sqlite3.h>

namespace kvs::bench {

namespace {

constexpr int kPage = 1000;

[[noreturn]] void fail(sqlite3 *db, const std::string &what)
{
    throw DatabaseError("kvs: bench: " + what + ": " + sqlite3_errmsg(db), "", "");
}

} // namespace

RawReadResult rawKeyOrderRead(const std::string &path, const std::string &table)
{
    sqlite3 *raw = nullptr;
    const int opened = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    SqliteHandle db(raw);
    if (opened != SQLITE_OK)
        fail(raw, "cannot open " + path);
    // As the store's connections (core/src/sqlite/sqlite_open.cpp).
    for (const char *pragma : {"PRAGMA cache_size = -65536", "PRAGMA mmap_size = 268435456"}) {
        if (sqlite3_exec(db.get(), pragma, nullptr, nullptr, nullptr) != SQLITE_OK)
            fail(db.get(), pragma);
    }
    const std::string sql = "SELECT key, value, expires_at FROM \"" + table
                            + "\" WHERE key > ?1 ORDER BY key LIMIT " + std::to_string(kPage);
    sqlite3_stmt *prepared = nullptr;
    if (sqlite3_prepare_v3(db.get(), sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &prepared, nullptr)
        != SQLITE_OK)
        fail(db.get(), "cannot prepare " + sql);
    const SqliteStatementHandle page(prepared);
    RawReadResult result;
    std::string last; // the empty blob is below every key
    for (;;) {
        sqlite3_bind_blob(page.get(), 1, last.data(), int(last.size()), SQLITE_TRANSIENT);
        int rows = 0;
        int rc = SQLITE_ROW;
        while ((rc = sqlite3_step(page.get())) == SQLITE_ROW) {
            const auto *key = static_cast<const char *>(sqlite3_column_blob(page.get(), 0));
            const int keySize = sqlite3_column_bytes(page.get(), 0);
            const auto *value
                = static_cast<const unsigned char *>(sqlite3_column_blob(page.get(), 1));
            const int valueSize = sqlite3_column_bytes(page.get(), 1);
            (void)sqlite3_column_int64(page.get(), 2);
            // The first and last value byte: the value is read, as a search reads it.
            result.bytes
                += keySize + valueSize + (valueSize > 0 ? value[0] + value[valueSize - 1] : 0);
            last.assign(key, std::size_t(keySize));
            ++rows;
        }
        if (rc != SQLITE_DONE)
            fail(db.get(), "cannot read " + table);
        sqlite3_reset(page.get());
        result.rows += rows;
        if (rows < kPage)
            return result;
    }
}

} // namespace kvs::bench
