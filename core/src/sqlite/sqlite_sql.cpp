#include "sqlite/sqlite_sql.h"

#include <kvs/sql_adapter.h>

namespace kvs::detail {

std::string buildSql(SqlId id, const TableNames &names)
{
    const std::string kv = TableNames::quoted(names.kv);
    const std::string live = " AND (expires_at IS NULL OR expires_at > ?";
    switch (id) {
    case SqlId::Get:
        return "SELECT value, version, expires_at FROM " + kv + " WHERE key = ?1" + live + "2)";
    case SqlId::GetRaw:
        return "SELECT value, version, expires_at FROM " + kv + " WHERE key = ?1";
    case SqlId::GetVersion:
        return "SELECT version FROM " + kv + " WHERE key = ?1" + live + "2)";
    case SqlId::Upsert:
        return "INSERT INTO " + kv
               + " (key, value, version, expires_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT(key) DO "
                 "UPDATE SET value = excluded.value, version = excluded.version, expires_at = "
                 "excluded.expires_at";
    case SqlId::Remove:
        return "DELETE FROM " + kv + " WHERE key = ?1";
    case SqlId::ListAsc:
    case SqlId::ListDesc:
        return "SELECT key, value, version, expires_at FROM " + kv + " WHERE key >= ?1 AND key < ?2"
               + live + "3) ORDER BY key " + (id == SqlId::ListAsc ? "ASC" : "DESC") + " LIMIT ?4";
    case SqlId::ListKeysAsc:
    case SqlId::ListKeysDesc:
        return "SELECT key FROM " + kv + " WHERE key >= ?1 AND key < ?2" + live + "3) ORDER BY key "
               + (id == SqlId::ListKeysAsc ? "ASC" : "DESC") + " LIMIT ?4";
    case SqlId::ListKeyRowsAsc:
    case SqlId::ListKeyRowsDesc:
        // length() of a BLOB counts bytes without reading them; a row an old version wrote as
        // TEXT counts its UTF-8 bytes through the cast.
        return "SELECT key, CAST(substr(value, 1, " + std::to_string(kKeyRowHeadBytes)
               + ") AS BLOB), CASE typeof(value) WHEN 'text' THEN length(CAST(value AS BLOB)) ELSE "
                 "length(value) END, expires_at FROM "
               + kv + " WHERE key >= ?1 AND key < ?2" + live + "3) ORDER BY key "
               + (id == SqlId::ListKeyRowsAsc ? "ASC" : "DESC") + " LIMIT ?4";
    case SqlId::ScanValues:
        // Every row of the range, expired ones too: the engine applies ValuePrefilter to each
        // value as it steps (SqliteEngine::scanValues).
        return "SELECT key, value, version, expires_at FROM " + kv
               + " WHERE key >= ?1 AND key < ?2 ORDER BY key LIMIT ?3";
    case SqlId::CleanExpired:
        return "DELETE FROM " + kv
               + " WHERE expires_at IS NOT NULL AND expires_at <= ?1 RETURNING key";
    case SqlId::Enqueue:
        return "INSERT INTO " + TableNames::quoted(names.queue)
               + " (topic, payload, status, enqueued_at, deliver_at, attempts, max_attempts) "
                 "VALUES (?1, ?2, 'pending', ?3, ?4, 0, ?5) RETURNING id";
    case SqlId::QueueReclaimLeases:
    case SqlId::QueueDequeue:
    case SqlId::QueueAckDelete:
    case SqlId::QueueAckDone:
    case SqlId::QueueGetLease:
    case SqlId::QueueNackRetry:
    case SqlId::QueueNackDead:
    case SqlId::QueueExtendLease:
    case SqlId::QueueExpireLeases:
    case SqlId::QueuePurgeDone:
    case SqlId::QueuePurgeDead:
    case SqlId::QueueListDead:
    case SqlId::QueueRetryDead:
    case SqlId::QueueDeleteDead:
    case SqlId::QueueStatsAll:
    case SqlId::QueueStatsTopic:
    case SqlId::QueuePeekPending:
    case SqlId::QueuePeekDelayed:
    case SqlId::QueuePeekProcessing:
    case SqlId::QueuePeekDone:
    case SqlId::QueueRetryDeadIds:
    case SqlId::QueueDeleteMessages:
    case SqlId::QueueDeleteDeadMessages:
    case SqlId::QueueLeaseCounts:
    case SqlId::QueuePeekExpiredRetry:
    case SqlId::QueuePeekExpiredLast:
    case SqlId::QueueMaxId:
    case SqlId::QueueHasSequence:
    case SqlId::QueueSequence:
        return buildQueueSql(id, names);
    case SqlId::ResetKv:
        return "DELETE FROM " + kv;
    case SqlId::ResetQueue:
        return "DELETE FROM " + TableNames::quoted(names.queue);
    case SqlId::Count:
        break;
    }
    return {};
}

} // namespace kvs::detail
