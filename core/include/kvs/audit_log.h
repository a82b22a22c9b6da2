#pragma once

#include <cstdint>
#include <string>

namespace kvs {

/// One operator action on a queue (retry, delete, move, enqueue from a dashboard or `kvs queue`),
/// as the audit log keeps it. It holds no payloads and no passwords.
struct AuditRecord
{
    std::string action;   ///< "retry", "delete-dead", "move", "enqueue", ...
    std::string database; ///< the path or connection string (written redactedConnection()'d)
    std::string topic;
    std::string filter; ///< the filter or the ids, as the operator gave them
    std::int64_t matched = 0;
    std::int64_t changed = 0;
    std::string result; ///< "ok", "dry run", "cancelled", or the error's message
};

/// The audit log's path: $KVS_AUDIT_LOG when set, else kvs-admin/audit.jsonl in the user's data
/// folder ($XDG_DATA_HOME, by default ~/.local/share). Shared by kvs-admin and kvs.
[[nodiscard]] std::string auditLogPath();

/// Appends record as one JSON line, with the time (ISO 8601 UTC) and the OS user, to the audit
/// log (created with mode 0600, its folder with 0700; appended to, never rewritten). Throws
/// Error "kvs: cannot write the audit log PATH: REASON" when it cannot.
void appendAuditRecord(const AuditRecord &record);

} // namespace kvs
