#include "rawsql/statement_history.h"

#include <kvs/private_file.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

namespace kvs::rawsql {

QString StatementHistory::defaultPath()
{
    const QString configured = qEnvironmentVariable("KVS_SQL_HISTORY");
    if (!configured.isEmpty())
        return configured;
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
           + QStringLiteral("/kvs-admin/sql-history.jsonl");
}

StatementHistory::StatementHistory(QString path)
    : m_path(std::move(path))
{}

void StatementHistory::append(const Entry &entry) const
{
    const QJsonObject line{
        {QStringLiteral("time"), entry.time.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("database"), entry.database},
        {QStringLiteral("write"), entry.write},
        {QStringLiteral("sql"), entry.sql},
    };
    const QByteArray bytes = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    appendPrivateFile(m_path.toStdString(), bytes.toStdString(), "the SQL history");
}

QList<StatementHistory::Entry> StatementHistory::latest(int limit) const
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<Entry> entries;
    while (!file.atEnd()) {
        const QJsonDocument document = QJsonDocument::fromJson(file.readLine());
        if (!document.isObject())
            continue;
        const QJsonObject object = document.object();
        Entry entry;
        entry.time = QDateTime::fromString(object.value(QStringLiteral("time")).toString(),
                                           Qt::ISODateWithMs);
        entry.database = object.value(QStringLiteral("database")).toString();
        entry.write = object.value(QStringLiteral("write")).toBool();
        entry.sql = object.value(QStringLiteral("sql")).toString();
        if (entry.sql.isEmpty())
            continue;
        entries << entry;
        if (entries.size() > limit)
            entries.removeFirst();
    }
    return entries;
}

} // namespace kvs::rawsql
