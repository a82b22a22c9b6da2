// The Maintenance view's reads of pg_stat_activity and pg_locks: plain SELECTs of system views
// on a connection of their own, so they run on a standby and change nothing.
#include "backup/postgres_tools.h"

#include <kvs/postgres_activity.h>
#include <kvs/table_names.h>

#include <string_view>

namespace kvs {

namespace {

// Whether the reader sees other roles' sessions (superuser, or a member of pg_read_all_stats),
// and whether the server is a standby.
constexpr const char *kFlagsSql
    = "SELECT pg_is_in_recovery()::int::int8, pg_has_role('pg_read_all_stats', 'USAGE')::int::int8";

// The client sessions of this database but the reader's, with the store's tables each holds a
// lock on ($1..$3: kv, queue and meta as SQL names; to_regclass gives NULL for a missing one).
// Another role's session, without pg_read_all_stats, has most columns NULL, its backend_type
// too: it counts as a client's.
constexpr const char *kSessionsSql = R"(
SELECT a.pid::int8,
       coalesce(a.usename::text, ''),
       coalesce(a.application_name, ''),
       coalesce(host(a.client_addr), ''),
       coalesce(a.state, ''),
       coalesce(a.wait_event_type, ''),
       coalesce(a.wait_event, ''),
       coalesce(a.query, ''),
       (extract(epoch FROM clock_timestamp() - a.xact_start) * 1000)::int8,
       (extract(epoch FROM clock_timestamp() - a.query_start) * 1000)::int8,
       coalesce((SELECT string_agg(DISTINCT c.relname::text, ', ')
                   FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
                  WHERE l.pid = a.pid AND l.granted
                    AND l.relation IN (to_regclass($1), to_regclass($2), to_regclass($3))), '')
  FROM pg_stat_activity a
 WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
   AND coalesce(a.backend_type, 'client backend') = 'client backend'
 ORDER BY a.xact_start NULLS LAST, a.pid)";

// The locks not granted in this database, with the sessions that hold each up.
constexpr const char *kWaitsSql = R"(
SELECT l.pid::int8,
       l.locktype::text,
       l.mode::text,
       coalesce(l.relation::regclass::text, ''),
       array_to_string(pg_blocking_pids(l.pid), ','),
       coalesce(a.query, ''),
       (extract(epoch FROM clock_timestamp() - a.state_change) * 1000)::int8
  FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
 WHERE NOT l.granted AND a.datname = current_database()
 ORDER BY a.state_change NULLS LAST, l.pid)";

std::string textAt(const detail::PqResult &result, int row, int column)
{
    return result.optionalText(row, column).value_or(std::string());
}

std::vector<std::int64_t> pidsOf(std::string_view list)
{
    std::vector<std::int64_t> pids;
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        const std::string_view one = list.substr(0, comma);
        if (!one.empty())
            pids.push_back(std::stoll(std::string(one)));
        if (comma == std::string_view::npos)
            break;
        list.remove_prefix(comma + 1);
    }
    return pids;
}

} // namespace

bool PgSessionFigures::holdsBackVacuum(std::int64_t longMs) const
{
    if (state.rfind("idle in transaction", 0) == 0)
        return true;
    return transactionAgeMs && *transactionAgeMs >= longMs;
}

PgActivity readPostgresActivity(const std::string &connection,
                                const std::string &schema,
                                const std::string &tablePrefix)
{
    const std::unique_ptr<detail::PqConnection> pq = detail::checkConnection(connection);
    PgActivity activity;
    const detail::PqResult flags = pq->exec(kFlagsSql);
    activity.standby = flags.int64(0, 0) != 0;
    activity.seesAllSessions = flags.int64(0, 1) != 0;

    const TableNames names(tablePrefix, schema);
    detail::PqParams tables;
    tables.text(names.sqlName("kv")).text(names.sqlName("queue")).text(names.sqlName("meta"));
    const detail::PqResult sessions = pq->exec(kSessionsSql, tables);
    for (int i = 0; i < sessions.rows(); ++i) {
        PgSessionFigures session;
        session.pid = sessions.int64(i, 0);
        session.user = textAt(sessions, i, 1);
        session.application = textAt(sessions, i, 2);
        session.client = textAt(sessions, i, 3);
        session.state = textAt(sessions, i, 4);
        session.waitEventType = textAt(sessions, i, 5);
        session.waitEvent = textAt(sessions, i, 6);
        session.query = textAt(sessions, i, 7);
        session.transactionAgeMs = sessions.optionalInt64(i, 8);
        session.queryAgeMs = sessions.optionalInt64(i, 9);
        session.storeTablesLocked = textAt(sessions, i, 10);
        activity.sessions.push_back(std::move(session));
    }

    const detail::PqResult waits = pq->exec(kWaitsSql);
    for (int i = 0; i < waits.rows(); ++i) {
        PgLockWait wait;
        wait.pid = waits.int64(i, 0);
        wait.lockType = textAt(waits, i, 1);
        wait.mode = textAt(waits, i, 2);
        wait.relation = textAt(waits, i, 3);
        wait.blockedBy = pidsOf(textAt(waits, i, 4));
        wait.query = textAt(waits, i, 5);
        wait.waitingMs = waits.optionalInt64(i, 6);
        activity.waits.push_back(std::move(wait));
    }
    return activity;
}

} // namespace kvs
