#pragma once

#include <kvs/audit_log.h>

namespace kvs::ui {

// The Queues view's writes to the operator audit log (kvs/audit_log.h). An action is recorded
// after it happened: a log that cannot be written must not undo or fail it, so the failure is
// logged under kvs.ui and dropped. Thread rule: safe from any thread.

// Appends record now, on the calling thread (a worker's).
void appendAuditQuietly(const AuditRecord &record);
// Appends record on a worker of the global pool (file I/O never on the GUI thread; the pool is
// waited for when the application ends, so no record is cut off at exit).
void appendAuditLater(AuditRecord record);

} // namespace kvs::ui
