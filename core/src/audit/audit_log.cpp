#include <kvs/audit_log.h>
#include <kvs/connection_string.h>
#include <kvs/data_folder.h>
#include <kvs/private_file.h>

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QUuid>

#include <pwd.h>
#include <unistd.h>

namespace kvs {

namespace {

constexpr std::string_view kWhat = "the audit log";

QString osUser()
{
    if (const passwd *entry = getpwuid(getuid()))
        return QString::fromLocal8Bit(entry->pw_name);
    return QString::number(getuid());
}

QString text(const std::string &value)
{
    return QString::fromStdString(value);
}

// The members both lines share (QJsonDocument writes them in name order).
QJsonObject lineOf(const AuditRecord &subject, const char *event, const std::string &id)
{
    return QJsonObject{
        {QStringLiteral("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("user"), osUser()},
        {QStringLiteral("database"), text(redactedConnection(subject.database))},
        {QStringLiteral("action"), text(subject.action)},
        {QStringLiteral("topic"), text(subject.topic)},
        {QStringLiteral("filter"), text(subject.filter)},
        {QStringLiteral("event"), QLatin1String(event)},
        {QStringLiteral("id"), text(id)},
    };
}

// Appends one line; fsync'd, so that a started line is on disk before the action changes
// anything. Throws AuditLogError.
void append(const QJsonObject &line)
{
    const QByteArray bytes = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    try {
        appendPrivateFile(auditLogPath(), bytes.toStdString(), kWhat, {true, 0});
    } catch (const Error &error) {
        throw AuditLogError(error.what());
    }
}

} // namespace

const char *auditOutcomeName(AuditOutcome outcome) noexcept
{
    switch (outcome) {
    case AuditOutcome::Done:
        return "done";
    case AuditOutcome::Cancelled:
        return "cancelled";
    case AuditOutcome::Interrupted:
        return "interrupted";
    case AuditOutcome::Failed:
        return "failed";
    }
    return "failed";
}

std::string auditLogPath()
{
    const QByteArray configured = qgetenv("KVS_AUDIT_LOG");
    if (!configured.isEmpty())
        return configured.toStdString();
    return dataFilePath("audit.jsonl");
}

std::string auditDatabaseName(const std::string &connection,
                              const std::string &schema,
                              const std::string &tablePrefix)
{
    std::string name = connectionIdentity(connection);
    if (!schema.empty())
        name += ", schema " + schema;
    if (!tablePrefix.empty())
        name += ", table prefix " + tablePrefix;
    return name;
}

void checkAuditLogAppendable()
{
    try {
        checkPrivateFileAppendable(auditLogPath(), kWhat);
    } catch (const Error &error) {
        throw AuditLogError(error.what());
    }
}

AuditedAction::AuditedAction(AuditRecord subject,
                             std::optional<std::int64_t> expected,
                             AuditPolicy policy)
    : m_subject(std::move(subject))
    , m_id(QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString())
{
    QJsonObject line = lineOf(m_subject, "started", m_id);
    line.insert(QStringLiteral("expected"),
                expected ? QJsonValue(double(*expected)) : QJsonValue(QJsonValue::Null));
    try {
        append(line);
        m_started = true;
    } catch (const AuditLogError &error) {
        if (policy == AuditPolicy::Required)
            throw;
        m_warning = std::string("kvs: warning: ") + (error.what() + 5)
                    + " (the action runs without an audit entry)";
    }
}

AuditedAction::AuditedAction(AuditedAction &&other) noexcept
    : m_subject(std::move(other.m_subject))
    , m_id(std::move(other.m_id))
    , m_warning(std::move(other.m_warning))
    , m_started(other.m_started)
    , m_ended(other.m_ended)
{
    other.m_ended = true; // the moved-from object records nothing
}

AuditedAction::~AuditedAction()
{
    (void)end(AuditOutcome::Failed, 0, 0, "ended without a result");
}

std::string AuditedAction::end(AuditOutcome outcome,
                               std::int64_t matched,
                               std::int64_t changed,
                               const std::string &detail) noexcept
{
    if (m_ended)
        return {};
    m_ended = true;
    if (!m_started)
        return {};
    try {
        QJsonObject line = lineOf(m_subject, "ended", m_id);
        line.insert(QStringLiteral("matched"), double(matched));
        line.insert(QStringLiteral("changed"), double(changed));
        line.insert(QStringLiteral("result"), QLatin1String(auditOutcomeName(outcome)));
        line.insert(QStringLiteral("detail"), text(detail));
        append(line);
        return {};
    } catch (const std::exception &error) {
        const std::string message = error.what();
        return "kvs: warning: " + (message.starts_with("kvs: ") ? message.substr(5) : message)
               + " (the end of this action is not recorded)";
    } catch (...) {
        return "kvs: warning: the end of this action is not recorded";
    }
}

} // namespace kvs
