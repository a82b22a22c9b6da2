#include "postgres/pg_statements.h"

#include "rules/schema_rules.h"

#include <kvs/sql_adapter.h>

namespace kvs::detail {

namespace {

// The counts of each topic (or of the one named by the parameter topic) as ranges of the
// index (topic, status, deliver_at), read index-only: each entry is visited once, where a
// GROUP BY topic with a FILTER per count read every row of the table and evaluated each
// filter on it. The topics come from the same index, one descent each. $1 is the time.
// Opens a WITH clause: a CTE counts(topic, due, delayed, processing, dead, done, oldest).
std::string countsOfTopics(const std::string &q, const char *topic)
{
    const std::string range = " FROM " + q + " WHERE topic = topics.topic AND status = ";
    const std::string topics
        = topic ? "topics(topic) AS (SELECT " + std::string(topic) + "::text)"
                : "topics(topic) AS (SELECT min(topic) FROM " + q
                      + " UNION ALL SELECT (SELECT min(topic) FROM " + q
                      + " WHERE topic > topics.topic) FROM topics WHERE topics.topic IS NOT NULL)";
    return "WITH RECURSIVE " + topics + ", counts AS (SELECT topic, (SELECT count(*)" + range
           + "'pending' AND deliver_at <= $1) AS due, (SELECT count(*)" + range
           + "'pending' AND deliver_at > $1) AS delayed, (SELECT count(*)" + range
           + "'processing') AS processing, (SELECT count(*)" + range
           + "'dead') AS dead, (SELECT count(*)" + range
           + "'done') AS done, (SELECT min(deliver_at)" + range
           + "'pending' AND deliver_at <= $1) AS oldest FROM topics WHERE topic IS NOT NULL)";
}

constexpr const char *kMessageColumns
    = "id, topic, payload, enqueued_at, deliver_at, attempts::int8, max_attempts::int8, "
      "locked_until, last_error";

PqStatement statement(const char *name, std::string sql)
{
    return {std::string("kvs_") + name, std::move(sql)};
}

// listChildren()'s skip-scan as PostgreSQL's "loose index scan": a recursive statement whose
// every step is one index seek for the first two live keys from its lower bound. The next bound
// is what ChildrenScan would ask for (store/children_scan.cpp): the first key cut after the
// child's key part, plus 0xff; a key whose part does not decode, plus 0x00. Where the part ends
// follows the key encoding: bytes and strings at the first 0x00 not followed by 0xff (matched on
// the part's hex, byte by byte), numbers after 8 bytes, bigints after their length byte's
// magnitude, booleans at once; each then needs its 0x00 separator, and a 0xff after the
// separator makes the key undecodable. OFFSET 0 keeps the planner from copying the part's end
// and the next bound into each place they are used (computed once per step, not four times).
// Plain SQL: nothing is created in the database.
std::string skipScanStepsSql(const std::string &kv, const std::string &live)
{
    const std::string p = "$1::int";
    const std::string seek = "ARRAY(SELECT key FROM " + kv + " WHERE key >= %LOWER% AND key < $3"
                             + live + "$4) ORDER BY key LIMIT 2)";
    auto seekFrom = [&](const std::string &lower) {
        std::string sql = seek;
        sql.replace(sql.find("%LOWER%"), 7, lower);
        return sql;
    };
    const std::string partEnd
        = "CASE WHEN t.tag IN (1, 2) THEN " + p + " + 1 + length(substring(encode(substr(t.k, " + p
          + " + 2), 'hex') FROM '^((?:[1-9a-f][0-9a-f]|0[1-9a-f]|00ff)*00)(?!ff)')) / 2"
          + " WHEN t.tag = 3 THEN CASE WHEN t.len >= " + p + " + 10 THEN CASE WHEN get_byte(t.k, "
          + p + " + 9) = 0 THEN " + p + " + 10 END END"
          + " WHEN t.tag = 4 THEN CASE WHEN t.len >= " + p
          + " + 3 THEN (SELECT CASE WHEN t.len > e.sep THEN CASE WHEN get_byte(t.k, e.sep) = 0 "
            "THEN e.sep + 1 END END FROM (SELECT "
          + p + " + 3 + CASE get_byte(t.k, " + p + " + 1) WHEN 0 THEN 255 - get_byte(t.k, " + p
          + " + 2) WHEN 1 THEN get_byte(t.k, " + p + " + 2) END AS sep) e) END"
          + " WHEN t.tag IN (5, 6) THEN CASE WHEN t.len >= " + p
          + " + 2 THEN CASE WHEN get_byte(t.k, " + p + " + 1) = 0 THEN " + p + " + 2 END END END";
    return "WITH RECURSIVE step(n, lower, keys) AS (SELECT 1, $2::bytea, " + seekFrom("$2")
           + " UNION ALL SELECT s.n + 1, b.next, " + seekFrom("b.next")
           + " FROM step s, LATERAL (SELECT s.keys[1] AS k, length(s.keys[1]) AS len, "
             "get_byte(s.keys[1], "
           + p + ") AS tag) t, LATERAL (SELECT " + partEnd
           + " AS e OFFSET 0) c, LATERAL (SELECT CASE WHEN c.e IS NOT NULL AND (t.len = c.e OR "
             "get_byte(t.k, least(c.e, t.len - 1)) <> 255) THEN substr(t.k, 1, c.e) || "
             "decode('ff', 'hex') ELSE t.k || decode('00', 'hex') END AS next OFFSET 0) b WHERE "
             "s.n < $5 "
             "AND "
             "cardinality(s.keys) > 0 AND b.next < $3) SELECT s.n, s.lower, k.key, "
             "substring(v.value from 1 for "
           + std::to_string(kKeyRowHeadBytes) + "), octet_length(v.value)::int8, v.expires_at "
           + "FROM step s LEFT JOIN LATERAL unnest(s.keys) WITH ORDINALITY AS k(key, i) ON true "
             "LEFT JOIN "
           + kv + " v ON v.key = k.key ORDER BY s.n, k.i";
}

// SqlAdapter::scanValues as one statement: the inner query reads at most $9 rows of the range in
// key order and numbers them; only the candidates (ValuePrefilter, decided on the bytea, never
// as text: encode(..., 'escape') is ASCII whatever the bytes) and the scan's last row leave the
// server, at most $10 of them, the last row without its value. The last row is the $9-th, or
// the range's greatest key (one index seek backwards, once per statement; PostgreSQL has no
// max() of bytea): so the client knows how far
// the scan read without receiving the rows between.
std::string scanValuesSql(const std::string &kv)
{
    const std::string range = " FROM " + kv + " WHERE key >= $1 AND key < $2";
    const std::string candidate
        = "(expires_at IS NULL OR expires_at > $3) AND (octet_length($4::bytea) = 0 OR CASE WHEN "
          "$6 = 1 THEN position($5::text in translate(encode(value, 'escape'), "
          "'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')) > 0 ELSE position($4 in "
          "value) > 0 END OR (position('\\x5c'::bytea in value) > 0 AND (position('\\x5c75'::bytea "
          "in value) > 0 OR position('\\x5c2f'::bytea in value) > 0)) OR ($7 = 1 AND substr(value, "
          "1, 1) = '\\x03'::bytea) OR ($8 = 1 AND octet_length(value) <= 1) OR ($11 = 1 AND "
          "encode(value, 'escape') ~ '[0-9][.eE]|[0-9]{16}'))";
    std::string sql = "SELECT key, CASE WHEN candidate THEN value END, version, expires_at, n, "
                      "candidate::int, last::int FROM (SELECT key, value, version, expires_at, n, "
                      "candidate, n = $9 OR key = (SELECT key";
    sql += range;
    sql += " ORDER BY key DESC LIMIT 1) AS last FROM (SELECT key, value, version, expires_at, "
           "row_number() OVER (ORDER BY key) AS n, ";
    sql += candidate;
    sql += " AS candidate";
    sql += range;
    sql += " ORDER BY key LIMIT $9) scan) marked WHERE candidate OR last ORDER BY key LIMIT $10";
    return sql;
}

} // namespace

PgStatements::PgStatements(const PgNames &names)
    : m_kv(names.kv)
{
    const std::string &kv = names.kv;
    const std::string &q = names.queue;
    const std::string live = " AND (expires_at IS NULL OR expires_at > ";
    // NULL past 2^53 - 1 (store/schema_rules.h): the kv.version NOT NULL constraint then refuses
    // the write (SQLSTATE 23502), which PgCalls reports as versionstamps used up.
    const std::string nextval = "(SELECT n FROM nextval('" + names.versionstamp
                                + "') AS n WHERE n <= " + std::to_string(kMaxVersion) + ")";
    const std::string upsert = "INSERT INTO " + kv + " (key, value, version, expires_at) VALUES ";
    const std::string replace = " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, version "
                                "= EXCLUDED.version, expires_at = EXCLUDED.expires_at";
    const std::string leased = " WHERE id = $1 AND lease_token = $2 AND status = 'processing'";
    const std::string clear = ", locked_until = NULL, lease_token = NULL";

    get = statement(
        "get", "SELECT value, version, expires_at FROM " + kv + " WHERE key = $1" + live + "$2)");
    getVersion
        = statement("get_version", "SELECT version FROM " + kv + " WHERE key = $1" + live + "$2)");
    getVersionForUpdate
        = statement("get_version_for_update",
                    "SELECT version, expires_at FROM " + kv + " WHERE key = $1 FOR UPDATE");
    setVersion
        = statement("set_version", upsert + "($1, $2, $4, $3)" + replace + " RETURNING version");
    // The versionstamp comes from the sequence inside the upsert: one round trip per set.
    setNextVersion
        = statement("set_next_version",
                    upsert + "($1, $2, " + nextval + ", $3)" + replace + " RETURNING version");
    // version: null checks (reference gotcha 16): only an absent or expired row is written.
    insertIfAbsent = statement("insert_if_absent",
                               upsert + "($1, $2, $5, $3)" + replace + " WHERE " + kv
                                   + ".expires_at IS NOT NULL AND " + kv
                                   + ".expires_at <= $4 RETURNING version");
    nextVersion = statement("next_version", "SELECT " + nextval);
    remove = statement("delete", "DELETE FROM " + kv + " WHERE key = $1");
    // increment() and atomic().sum(): one upsert with NUMERIC arithmetic on the JSON text, so a
    // concurrent increment of a new key waits on the row lock and never loses an update. An
    // expired row starts over at delta without a TTL. A value that is not a JSON number fails
    // the cast (22P02, or 22021 for a sentinel byte) and becomes the kvs TypeError.
    const std::string expired = kv + ".expires_at IS NOT NULL AND " + kv + ".expires_at <= $3";
    increment = statement(
        "increment",
        upsert + "($1, convert_to(($2::numeric)::text, 'UTF8'), COALESCE($4::int8, " + nextval
            + "), NULL) ON CONFLICT (key) DO UPDATE SET value = CASE WHEN " + expired
            + " THEN EXCLUDED.value ELSE convert_to((convert_from(" + kv
            + ".value, 'UTF8')::numeric + $2::numeric)::text, 'UTF8') END, version = "
              "EXCLUDED.version, expires_at = CASE WHEN "
            + expired + " THEN NULL ELSE " + kv
            + ".expires_at END RETURNING convert_from(value, 'UTF8')::numeric::float8, version");
    const std::string list = "SELECT key, value, version, expires_at FROM " + kv
                             + " WHERE key >= $1 AND key < $2" + live + "$3) ORDER BY key ";
    listAsc = statement("list_asc", list + "ASC LIMIT $4");
    listDesc = statement("list_desc", list + "DESC LIMIT $4");
    const std::string keys
        = "SELECT key FROM " + kv + " WHERE key >= $1 AND key < $2" + live + "$3) ORDER BY key ";
    listKeysAsc = statement("keys_asc", keys + "ASC LIMIT $4");
    listKeysDesc = statement("keys_desc", keys + "DESC LIMIT $4");
    const std::string keyRows = "SELECT key, substring(value from 1 for "
                                + std::to_string(kKeyRowHeadBytes)
                                + "), octet_length(value)::int8, expires_at FROM " + kv
                                + " WHERE key >= $1 AND key < $2" + live + "$3) ORDER BY key ";
    listKeyRowsAsc = statement("key_rows_asc", keyRows + "ASC LIMIT $4");
    listKeyRowsDesc = statement("key_rows_desc", keyRows + "DESC LIMIT $4");
    skipScanSteps = statement("skip_scan_steps", skipScanStepsSql(kv, live));
    scanValues = statement("scan_values", scanValuesSql(kv));
    getRaw
        = statement("get_raw", "SELECT value, version, expires_at FROM " + kv + " WHERE key = $1");
    cleanExpired = statement("clean_expired",
                             "DELETE FROM " + kv
                                 + " WHERE expires_at IS NOT NULL AND expires_at <= $1 RETURNING "
                                   "key");

    enqueue = statement("enqueue",
                        "INSERT INTO " + q
                            + " (topic, payload, status, enqueued_at, deliver_at, attempts, "
                              "max_attempts) VALUES ($1, $2, 'pending', $3, $4, 0, $5) RETURNING "
                              "id");
    // Both pickers stay inside a MATERIALIZED CTE with FOR UPDATE SKIP LOCKED (gotcha 10): a
    // sublink could be rescanned per outer row and lease a whole backlog.
    reclaimLeases = statement(
        "reclaim",
        "WITH picked AS MATERIALIZED (SELECT id FROM " + q
            + " WHERE status = 'processing' AND locked_until <= $1 AND attempts "
              "< max_attempts FOR UPDATE SKIP LOCKED) UPDATE "
            + q + " AS q SET status = 'pending'" + clear + " FROM picked WHERE q.id = picked.id");
    std::string returning = kMessageColumns;
    std::string qualified;
    for (std::size_t start = 0; start < returning.size();) {
        const std::size_t comma = returning.find(", ", start);
        const std::string column = returning.substr(start, comma - start);
        qualified += (qualified.empty() ? "q." : ", q.") + column;
        start = comma == std::string::npos ? returning.size() : comma + 2;
    }
    dequeue = statement("dequeue",
                        "WITH picked AS MATERIALIZED (SELECT id FROM " + q
                            + " WHERE topic = $1 AND status = 'pending' AND deliver_at <= $2 ORDER "
                              "BY deliver_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) UPDATE "
                            + q
                            + " AS q SET status = 'processing', attempts = q.attempts + 1, "
                              "locked_until = $4, lease_token = $5 FROM picked WHERE q.id = "
                              "picked.id RETURNING "
                            + qualified);
    ackDelete = statement("ack_delete", "DELETE FROM " + q + leased);
    ackDone = statement("ack_done",
                        "UPDATE " + q + " SET status = 'done', finished_at = $3" + clear + leased);
    getLease
        = statement("get_lease", "SELECT attempts::int8, max_attempts::int8 FROM " + q + leased);
    nackRetry
        = statement("nack_retry",
                    "UPDATE " + q + " SET status = 'pending', deliver_at = $3, last_error = $4"
                        + clear + leased);
    nackDead = statement("nack_dead",
                         "UPDATE " + q + " SET status = 'dead', finished_at = $3, last_error = $4"
                             + clear + leased);
    extendLease = statement("extend_lease", "UPDATE " + q + " SET locked_until = $3" + leased);
    expireLeases = statement("expire_leases",
                             "UPDATE " + q
                                 + " SET status = 'dead', finished_at = $1, last_error = 'lease "
                                   "expired'"
                                 + clear
                                 + " WHERE status = 'processing' AND locked_until <= $1 AND "
                                   "attempts >= max_attempts");
    purgeDone = statement("purge_done",
                          "DELETE FROM " + q + " WHERE status = 'done' AND finished_at <= $1");
    purgeDead = statement("purge_dead",
                          "DELETE FROM " + q + " WHERE status = 'dead' AND finished_at <= $1");
    listDead = statement("list_dead",
                         "SELECT " + std::string(kMessageColumns) + ", finished_at FROM " + q
                             + " WHERE topic = $1 AND status = 'dead' AND id > $2 ORDER BY id "
                               "LIMIT $3");
    retryDead = statement("retry_dead",
                          "UPDATE " + q
                              + " SET status = 'pending', attempts = 0, deliver_at = $2, "
                                "finished_at = NULL WHERE topic = $1 AND status = 'dead' AND "
                                "($3::int8 IS NULL OR id = $3)");
    deleteDead = statement("delete_dead",
                           "DELETE FROM " + q
                               + " WHERE topic = $1 AND status = 'dead' AND ($2::int8 IS NULL OR "
                                 "id = $2)");
    retryDeadIds = statement("retry_dead_ids",
                             "UPDATE " + q
                                 + " SET status = 'pending', attempts = 0, deliver_at = $2, "
                                   "finished_at = NULL WHERE topic = $1 AND status = 'dead' AND "
                                   "id = ANY($3::int8[])");
    deleteMessages = statement("delete_ids",
                               "DELETE FROM " + q + " WHERE topic = $1 AND id = ANY($2::int8[])");
    deleteDeadMessages = statement("delete_dead_ids",
                                   "DELETE FROM " + q
                                       + " WHERE topic = $1 AND status = 'dead' AND id = "
                                         "ANY($2::int8[])");
    const std::string counts = " SELECT topic, due, delayed, processing, dead, done, oldest FROM "
                               "counts ORDER BY topic";
    queueStatsAll = statement("stats_all", countsOfTopics(q, nullptr) + counts);
    queueStatsTopic = statement("stats_topic", countsOfTopics(q, "$2") + counts);
    const auto peek = [&](const char *name, const char *condition) {
        return statement(name,
                         "SELECT " + std::string(kMessageColumns) + " FROM " + q
                             + " WHERE topic = $1 AND " + condition
                             + " AND id > $3 ORDER BY id LIMIT $4");
    };
    peekPending = peek("peek_pending", "status = 'pending' AND deliver_at <= $2");
    peekDelayed = peek("peek_delayed", "status = 'pending' AND deliver_at > $2");
    peekProcessing = peek("peek_processing", "status = 'processing' AND $2::int8 IS NOT NULL");
    peekDone = peek("peek_done", "status = 'done' AND $2::int8 IS NOT NULL");
    advisoryLock = statement("advisory_lock", "SELECT pg_advisory_xact_lock($1)");
    prepareQueueProjections(q);
}

void PgStatements::prepareQueueProjections(const std::string &q)
{
    // An expired lease counts as what expire_leases (last attempt) or a dequeue's reclaim
    // (attempts left) would make it; the leases ending after $1 and by $2 are counted too. Only
    // the processing rows up to $2 are read, through idx_<p>queue_lease.
    const auto projected = [&](const char *topic) {
        const std::string expiredRetry = "locked_until <= $1 AND attempts < max_attempts";
        return countsOfTopics(q, topic) + ", leases AS (SELECT topic, count(*) FILTER (WHERE "
               + expiredRetry + ") AS retry, min(deliver_at) FILTER (WHERE " + expiredRetry
               + ") AS oldest, count(*) FILTER (WHERE locked_until <= $1 AND attempts >= "
                 "max_attempts) AS last, count(*) FILTER (WHERE locked_until > $1) AS ending "
                 "FROM "
               + q + " WHERE status = 'processing' AND locked_until <= $2"
               + (topic ? std::string(" AND topic = ") + topic : std::string())
               + " GROUP BY topic) SELECT c.topic, c.due + coalesce(l.retry, 0), c.delayed, "
                 "c.processing - coalesce(l.retry, 0) - coalesce(l.last, 0), c.dead + "
                 "coalesce(l.last, 0), c.done, least(c.oldest, l.oldest), coalesce(l.ending, 0) "
                 "FROM counts c LEFT JOIN leases l ON l.topic = c.topic ORDER BY c.topic";
    };
    queueStatsProjectedAll = statement("stats_projected_all", projected(nullptr));
    queueStatsProjectedTopic = statement("stats_projected_topic", projected("$3"));
    peekExpiredRetry = statement("peek_expired_retry",
                                 "SELECT " + std::string(kMessageColumns) + " FROM " + q
                                     + " WHERE topic = $1 AND status = 'processing' AND "
                                       "locked_until <= $2 AND attempts < max_attempts AND id > "
                                       "$3 ORDER BY id LIMIT $4");
    peekExpiredLast
        = statement("peek_expired_last",
                    "SELECT " + std::string(kMessageColumns) + ", locked_until FROM " + q
                        + " WHERE topic = $1 AND status = 'processing' AND "
                          "locked_until <= $2 AND attempts >= max_attempts AND id > "
                          "$3 ORDER BY id LIMIT $4");
    // The id sequence's last value (rolled-back enqueues included: a sequence is not
    // transactional), bounded below by max(id). A role that may read the table but not the
    // sequence gets max(id) rather than a permission error.
    queueLastId = statement(
        "queue_last_id",
        "SELECT GREATEST(coalesce((SELECT CASE WHEN has_sequence_privilege(s, 'SELECT, USAGE') "
        "THEN pg_sequence_last_value(s) END FROM (SELECT pg_get_serial_sequence($1, "
        "'id')::regclass AS s) seq), 0), coalesce((SELECT max(id) FROM "
            + q + "), 0))::int8");
}

const PqStatement &PgStatements::getMany(std::size_t count)
{
    std::lock_guard lock(m_mutex);
    auto &slot = m_getMany[count];
    if (!slot) {
        std::string sql = "SELECT key, value, version, expires_at FROM " + m_kv + " WHERE key IN (";
        for (std::size_t i = 1; i <= count; ++i)
            sql += (i > 1 ? ", $" : "$") + std::to_string(i);
        sql += ") AND (expires_at IS NULL OR expires_at > $" + std::to_string(count + 1) + ")";
        slot = std::make_unique<PqStatement>(
            PqStatement{"kvs_get_many_" + std::to_string(count), std::move(sql)});
    }
    return *slot;
}

} // namespace kvs::detail
