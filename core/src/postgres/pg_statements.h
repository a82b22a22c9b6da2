#pragma once

#include "postgres/pg_names.h"
#include "postgres/pq_connection.h"

#include <map>
#include <memory>
#include <mutex>

namespace kvs::detail {

// Every statement PostgresAdapter prepares, one member each, from the list of the PostgreSQL
// backend's statements (postgres/pg_sql_list.h: each statement's parameters and columns are
// there, beside its SQL), built once per adapter from its names. Thread rule: safe from any
// thread (getMany() builds its per-count statements under a lock).
struct PgStatements
{
    explicit PgStatements(const PgNames &names);

#define KVS_PG_SQL(member, name, sql) PqStatement member;
#include "postgres/pg_sql_list.h"

    // SELECT ... WHERE key IN ($1 .. $count) AND live($count + 1), one per key count.
    const PqStatement &getMany(std::size_t count);

private:
    std::string m_kv;
    std::mutex m_mutex;
    std::map<std::size_t, std::unique_ptr<PqStatement>> m_getMany; // Guarded by m_mutex.
};

} // namespace kvs::detail
