#include "guibench/sqlite_key_fill.h"

#include <kvs/errors.h>
#include <kvs/kvstore.h>
#include <kvs/sqlite_handle.h>
#include <kvs/value_codec.h>

#include <sqlite3.h>

namespace kvs::bench {

namespace {

void exec(sqlite3 *db, const char *sql)
{
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
        throw Error(std::string("kvs: bench: ") + sqlite3_errmsg(db));
}

} // namespace

void fillSqliteKeys(const std::string &path,
                    std::int64_t count,
                    const std::function<Key(std::int64_t)> &key)
{
    {
        KVStore store(path);
        store.close();
    }
    sqlite3 *opened = nullptr;
    const int status = sqlite3_open(path.c_str(), &opened);
    const SqliteHandle db(opened); // closed even when the open failed
    if (status != SQLITE_OK)
        throw Error("kvs: bench: cannot open " + path);
    exec(db.get(), "BEGIN");
    sqlite3_stmt *rawStatement = nullptr;
    sqlite3_prepare_v2(db.get(),
                       "INSERT INTO kv (key, value, version) VALUES (?1, ?2, ?3)",
                       -1,
                       &rawStatement,
                       nullptr);
    const SqliteStatementHandle insert(rawStatement);
    const std::string value = encodeValue(Value(std::string("v")));
    for (std::int64_t i = 0; i < count; ++i) {
        const std::string encoded = encodeKey(key(i));
        sqlite3_bind_blob(insert.get(), 1, encoded.data(), int(encoded.size()), SQLITE_STATIC);
        sqlite3_bind_blob(insert.get(), 2, value.data(), int(value.size()), SQLITE_STATIC);
        sqlite3_bind_int64(insert.get(), 3, i + 1);
        if (sqlite3_step(insert.get()) != SQLITE_DONE)
            throw Error(std::string("kvs: bench: ") + sqlite3_errmsg(db.get()));
        sqlite3_reset(insert.get());
    }
    exec(db.get(), "COMMIT");
}

} // namespace kvs::bench
