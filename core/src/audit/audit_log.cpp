#include <kvs/audit_log.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/private_file.h>

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <pwd.h>
#include <unistd.h>

namespace kvs {

namespace {

QString osUser()
{
    if (const passwd *entry = getpwuid(getuid()))
        return QString::fromLocal8Bit(entry->pw_name);
    return QString::number(getuid());
}

} // namespace

std::string auditLogPath()
{
    const QByteArray configured = qgetenv("KVS_AUDIT_LOG");
    if (!configured.isEmpty())
        return configured.toStdString();
    const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return (data + QStringLiteral("/kvs-admin/audit.jsonl")).toStdString();
}

void appendAuditRecord(const AuditRecord &record)
{
    QJsonObject line{
        {QStringLiteral("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("user"), osUser()},
        {QStringLiteral("database"), QString::fromStdString(redactedConnection(record.database))},
        {QStringLiteral("action"), QString::fromStdString(record.action)},
        {QStringLiteral("topic"), QString::fromStdString(record.topic)},
        {QStringLiteral("filter"), QString::fromStdString(record.filter)},
        {QStringLiteral("matched"), double(record.matched)},
        {QStringLiteral("changed"), double(record.changed)},
        {QStringLiteral("result"), QString::fromStdString(record.result)},
    };
    const QByteArray bytes = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    appendPrivateFile(auditLogPath(), bytes.toStdString(), "the audit log");
}

} // namespace kvs
