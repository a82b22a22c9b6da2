#include <kvs/audit_log.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
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
    const QString path = QString::fromStdString(auditLogPath());
    const auto fail = [&](const QString &reason) {
        throw Error("kvs: cannot write the audit log " + path.toStdString() + ": "
                    + reason.toStdString());
    };
    const QFileInfo info(path);
    QDir folder = info.dir();
    if (!folder.exists()) {
        if (!folder.mkpath(QStringLiteral(".")))
            fail(QStringLiteral("cannot create its folder"));
        QFile::setPermissions(folder.absolutePath(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                  | QFileDevice::ExeOwner);
    }
    // Created 0600 by open(2) itself: there is no moment when another user could read it.
    const int fd = ::open(QFile::encodeName(path).constData(),
                          O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
                          S_IRUSR | S_IWUSR);
    if (fd < 0)
        fail(QString::fromLocal8Bit(std::strerror(errno)));
    QFile file;
    if (!file.open(fd, QIODevice::WriteOnly | QIODevice::Append, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        fail(file.errorString());
    }
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
    // One write of the whole line in append mode: lines of two writers never interleave.
    if (file.write(bytes) != bytes.size() || !file.flush())
        fail(file.errorString());
}

} // namespace kvs
