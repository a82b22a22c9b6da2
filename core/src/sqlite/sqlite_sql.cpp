#include "sqlite/sqlite_sql.h"

#include <kvs/sql_adapter.h>

namespace kvs::detail {

namespace {

constexpr const char *kMessageColumns = "id, topic, payload, enqueued_at, deliver_at, attempts, "
                                        "max_attempts, locked_until, last_error";

std::string peekSql(const std::string &queue, const char *condition)
{
    // Paged by id for a dashboard; never a write, so it runs on a read-only open too.
    return "SELECT " + std::string(kMessageColumns) + " FROM " + queue + " WHERE topic = ?1 AND "
           + condition + " AND id > ?3 ORDER BY id LIMIT ?4";
}

// Every count of a topic as ranges of the covering index idx_<p>queue_pending (topic, status,
// deliver_at): each index entry is visited once and no expression is evaluated per row (a GROUP
// BY topic, status pass compares both columns per row, and splitting pending by the clock in it
// costs a second comparison per row or a second pass over the due range). The topics come from
// the same index, one seek each. Statuses other than the store's four are not counted.
std::string countsSql(const std::string &queue, bool oneTopic)
{
    const std::string range = " FROM " + queue + " WHERE topic = topics.topic AND status = ";
    const std::string topics
        = oneTopic ? "topics(topic) AS (SELECT ?2)"
                   : "RECURSIVE topics(topic) AS (SELECT min(topic) FROM " + queue
                         + " UNION ALL SELECT (SELECT min(topic) FROM " + queue
                         + " WHERE topic > topics.topic) FROM topics WHERE topics.topic IS NOT "
                           "NULL)";
    return "WITH " + topics + " SELECT topic, (SELECT count(*)" + range
           + "'pending' AND deliver_at <= ?1), (SELECT count(*)" + range
           + "'pending' AND deliver_at > ?1), (SELECT count(*)" + range
           + "'processing'), (SELECT count(*)" + range + "'dead'), (SELECT count(*)" + range
           + "'done'), (SELECT min(deliver_at)" + range
           + "'pending' AND deliver_at <= ?1) FROM topics WHERE topic IS NOT NULL ORDER BY topic";
}

} // namespace

// The pieces the list's SQL is written with (sqlite/sqlite_sql_list.h names them), then the text
// of the one id asked for. Called once per statement, when SqliteEngine first prepares it.
std::string buildSql(SqlId id, const TableNames &names)
{
    const std::string kv = TableNames::quoted(names.kv);
    const std::string q = TableNames::quoted(names.queue);
    const std::string live = " AND (expires_at IS NULL OR expires_at > ?";
    const std::string range = " WHERE key >= ?1 AND key < ?2" + live + "3) ORDER BY key ";
    const std::string list = "SELECT key, value, version, expires_at FROM " + kv + range;
    const std::string keys = "SELECT key FROM " + kv + range;
    // length() of a BLOB counts bytes without reading them; a row an old version wrote as TEXT
    // counts its UTF-8 bytes through the cast.
    const std::string keyRows = "SELECT key, CAST(substr(value, 1, "
                                + std::to_string(kKeyRowHeadBytes)
                                + ") AS BLOB), CASE typeof(value) WHEN 'text' THEN "
                                  "length(CAST(value AS BLOB)) ELSE length(value) END, "
                                  "expires_at FROM "
                                + kv + range;
    const std::string leased = " WHERE id = ?1 AND lease_token = ?2 AND status = 'processing'";
    switch (id) {
#define KVS_SQLITE_SQL(id, sql) \
    case SqlId::id: \
        return sql;
#include "sqlite/sqlite_sql_list.h"
    case SqlId::Count:
        break;
    }
    return {};
}

} // namespace kvs::detail
