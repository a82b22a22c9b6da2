#include "sqlite/sqlite_sql.h"

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

std::string buildQueueSql(SqlId id, const TableNames &names)
{
    const std::string q = TableNames::quoted(names.queue);
    const std::string leased = " WHERE id = ?1 AND lease_token = ?2 AND status = 'processing'";
    switch (id) {
    case SqlId::QueueReclaimLeases:
        return "UPDATE " + q
               + " SET status = 'pending', locked_until = NULL, lease_token = NULL WHERE status = "
                 "'processing' AND locked_until <= ?1 AND attempts < max_attempts";
    case SqlId::QueueDequeue:
        // Pending only, inside a MATERIALIZED CTE (reference dequeue() and gotcha 10): the picker
        // walks idx_<p>queue_pending (topic, status, deliver_at) and stops at the LIMIT; an OR
        // with expired leases would sort the whole backlog in a temp B-tree.
        return "WITH picked AS MATERIALIZED (SELECT id FROM " + q
               + " WHERE topic = ?1 AND status = 'pending' AND deliver_at <= ?2 ORDER BY "
                 "deliver_at, id LIMIT ?3) UPDATE "
               + q
               + " SET status = 'processing', attempts = attempts + 1, locked_until = ?4, "
                 "lease_token = ?5 WHERE id IN (SELECT id FROM picked) RETURNING "
               + kMessageColumns;
    case SqlId::QueueAckDelete:
        return "DELETE FROM " + q + leased;
    case SqlId::QueueAckDone:
        return "UPDATE " + q
               + " SET status = 'done', finished_at = ?3, locked_until = NULL, lease_token = NULL"
               + leased;
    case SqlId::QueueGetLease:
        return "SELECT attempts, max_attempts FROM " + q + leased;
    case SqlId::QueueNackRetry:
        return "UPDATE " + q
               + " SET status = 'pending', deliver_at = ?3, last_error = ?4, locked_until = NULL, "
                 "lease_token = NULL"
               + leased;
    case SqlId::QueueNackDead:
        return "UPDATE " + q
               + " SET status = 'dead', finished_at = ?3, last_error = ?4, locked_until = NULL, "
                 "lease_token = NULL"
               + leased;
    case SqlId::QueueExtendLease:
        return "UPDATE " + q + " SET locked_until = ?3" + leased;
    case SqlId::QueueExpireLeases:
        return "UPDATE " + q
               + " SET status = 'dead', finished_at = ?1, last_error = 'lease expired', "
                 "locked_until = NULL, lease_token = NULL WHERE status = 'processing' AND "
                 "locked_until <= ?1 AND attempts >= max_attempts";
    case SqlId::QueuePurgeDone:
        return "DELETE FROM " + q
               + " WHERE status = 'done' AND finished_at IS NOT NULL AND finished_at <= ?1";
    case SqlId::QueuePurgeDead:
        return "DELETE FROM " + q
               + " WHERE status = 'dead' AND finished_at IS NOT NULL AND finished_at <= ?1";
    case SqlId::QueueListDead:
        // The page's ids first, from the covering index (topic, status, deliver_at, rowid): the
        // sort then holds ids only, and only the page's rows are read whole. Sorting whole rows
        // (payloads included) of every dead message per page made a page of a large dead-letter
        // queue cost as much as reading all of it.
        return "SELECT " + std::string(kMessageColumns) + ", finished_at FROM " + q
               + " WHERE id IN (SELECT id FROM " + q
               + " WHERE topic = ?1 AND status = 'dead' AND id > ?2 ORDER BY id LIMIT ?3) ORDER "
                 "BY id";
    case SqlId::QueueRetryDead:
        return "UPDATE " + q
               + " SET status = 'pending', attempts = 0, deliver_at = ?2, finished_at = NULL, "
                 "locked_until = NULL, lease_token = NULL WHERE topic = ?1 AND status = 'dead' "
                 "AND (?3 IS NULL OR id = ?3)";
    case SqlId::QueueDeleteDead:
        return "DELETE FROM " + q
               + " WHERE topic = ?1 AND status = 'dead' AND (?2 IS NULL OR id = ?2)";
    case SqlId::QueueStatsAll:
        return countsSql(q, false);
    case SqlId::QueueStatsTopic:
        return countsSql(q, true);
    case SqlId::QueuePeekPending:
        return peekSql(q, "status = 'pending' AND deliver_at <= ?2");
    case SqlId::QueuePeekDelayed:
        return peekSql(q, "status = 'pending' AND deliver_at > ?2");
    case SqlId::QueuePeekProcessing:
        // No ?2 (now): expired leases not yet reclaimed still count as processing, as in
        // queueStats(). Binding ?2 anyway is fine: SQLite numbers parameters up to ?4.
        return peekSql(q, "status = 'processing'");
    case SqlId::QueuePeekDone:
        return peekSql(q, "status = 'done'");
    // The ids travel as one JSON array (json_each is built into SQLite): one statement, one
    // prepared plan, for any number of ids up to the store's limit. The unary + keeps topic and
    // status off the index, so each id is a rowid lookup: through idx_<p>queue_pending (topic,
    // status) every statement scanned all the topic's dead letters, however few ids it named.
    case SqlId::QueueRetryDeadIds:
        return "UPDATE " + q
               + " SET status = 'pending', attempts = 0, deliver_at = ?2, finished_at = NULL, "
                 "locked_until = NULL, lease_token = NULL WHERE id IN (SELECT value FROM "
                 "json_each(?3)) AND +topic = ?1 AND +status = 'dead'";
    case SqlId::QueueDeleteMessages:
        return "DELETE FROM " + q
               + " WHERE id IN (SELECT value FROM json_each(?2)) AND +topic = ?1";
    case SqlId::QueueDeleteDeadMessages:
        return "DELETE FROM " + q
               + " WHERE id IN (SELECT value FROM json_each(?2)) AND +topic = ?1 AND +status = "
                 "'dead'";
    // The id counter: AUTOINCREMENT keeps the highest id ever given in sqlite_sequence, which a
    // table created without it (by other software) lacks; max(id) is the fallback and bound.
    case SqlId::QueueMaxId:
        return "SELECT coalesce(max(id), 0) FROM " + q;
    case SqlId::QueueHasSequence:
        return "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = "
               "'sqlite_sequence'";
    case SqlId::QueueSequence:
        return "SELECT seq FROM sqlite_sequence WHERE name = ?1";
    // The leases that ended (as settling them would leave them, read without writing:
    // dashboards) and those ending by ?2 (>= ?1), per topic: only those rows are visited, through
    // the partial index idx_<p>queue_lease (status, locked_until); the topic filter is an
    // expression so that the planner keeps to that index.
    case SqlId::QueueLeaseCounts:
        return "SELECT topic, count(*) FILTER (WHERE locked_until <= ?1 AND attempts < "
               "max_attempts), min(deliver_at) FILTER (WHERE locked_until <= ?1 AND attempts < "
               "max_attempts), count(*) FILTER (WHERE locked_until <= ?1 AND attempts >= "
               "max_attempts), count(*) FILTER (WHERE locked_until > ?1) FROM "
               + q
               + " WHERE status = 'processing' AND locked_until <= ?2 AND (?3 IS NULL OR "
                 "topic = ?3) GROUP BY topic";
    case SqlId::QueuePeekExpiredRetry:
        return peekSql(q,
                       "status = 'processing' AND locked_until <= ?2 AND attempts < max_attempts");
    case SqlId::QueuePeekExpiredLast:
        // finished_at as expireLeases() would set it: when the lease ended.
        return "SELECT " + std::string(kMessageColumns) + ", locked_until FROM " + q
               + " WHERE topic = ?1 AND status = 'processing' AND locked_until <= ?2 AND attempts "
                 ">= max_attempts AND id > ?3 ORDER BY id LIMIT ?4";
    default:
        break;
    }
    return {};
}

} // namespace kvs::detail
