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

// "q.id, q.topic, ...": the message columns of the queue aliased q (dequeue's RETURNING).
std::string qualifiedMessageColumns()
{
    const std::string columns = kMessageColumns;
    std::string qualified;
    for (std::size_t start = 0; start < columns.size();) {
        const std::size_t comma = columns.find(", ", start);
        const std::string column = columns.substr(start, comma - start);
        qualified += (qualified.empty() ? "q." : ", q.") + column;
        start = comma == std::string::npos ? columns.size() : comma + 2;
    }
    return qualified;
}

} // namespace

// The pieces the list's SQL is written with (postgres/pg_sql_list.h names them), then every
// statement of the list.
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
    const std::string expired = kv + ".expires_at IS NOT NULL AND " + kv + ".expires_at <= $3";
    const std::string range = " WHERE key >= $1 AND key < $2" + live + "$3) ORDER BY key ";
    const std::string list = "SELECT key, value, version, expires_at FROM " + kv + range;
    const std::string keys = "SELECT key FROM " + kv + range;
    const std::string keyRows = "SELECT key, substring(value from 1 for "
                                + std::to_string(kKeyRowHeadBytes)
                                + "), octet_length(value)::int8, expires_at FROM " + kv + range;
    const std::string leased = " WHERE id = $1 AND lease_token = $2 AND status = 'processing'";
    const std::string clear = ", locked_until = NULL, lease_token = NULL";
    const std::string qualifiedColumns = qualifiedMessageColumns();
    const std::string counts = " SELECT topic, due, delayed, processing, dead, done, oldest FROM "
                               "counts ORDER BY topic";
    const auto peek = [&](const char *condition) {
        return "SELECT " + std::string(kMessageColumns) + " FROM " + q + " WHERE topic = $1 AND "
               + condition + " AND id > $3 ORDER BY id LIMIT $4";
    };
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
#define KVS_PG_SQL(member, name, sql) member = statement(name, sql);
#include "postgres/pg_sql_list.h"
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
