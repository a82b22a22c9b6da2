#include "queues/queue_audit.h"

#include "common/ui_logging.h"

#include <QtConcurrent>

namespace kvs::ui {

void appendAuditQuietly(const AuditRecord &record)
{
    try {
        appendAuditRecord(record);
    } catch (const std::exception &e) {
        qCWarning(lcUi, "%s", e.what());
    }
}

void appendAuditLater(AuditRecord record)
{
    (void)QtConcurrent::run([record = std::move(record)] { appendAuditQuietly(record); });
}

} // namespace kvs::ui
