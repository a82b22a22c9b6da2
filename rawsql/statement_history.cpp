#include "rawsql/statement_history.h"

#include <kvs/data_folder.h>
#include <kvs/private_file.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <string>
#include <string_view>

namespace kvs::rawsql {

namespace {

constexpr std::string_view kWhat = "the SQL history";

} // namespace

QString StatementHistory::defaultPath()
{
    const QString configured = qEnvironmentVariable("KVS_SQL_HISTORY");
    if (!configured.isEmpty())
        return configured;
    return QString::fromStdString(dataFilePath("sql-history.jsonl"));
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
    appendPrivateFile(m_path.toStdString(), bytes.toStdString(), kWhat, {false, kRotateBytes});
}

namespace {

// The entries of text's lines, oldest first; lines that do not parse are skipped.
QList<StatementHistory::Entry> entriesOf(const std::string &text)
{
    QList<StatementHistory::Entry> entries;
    std::size_t from = 0;
    while (from < text.size()) {
        std::size_t to = text.find('\n', from);
        if (to == std::string::npos)
            to = text.size();
        const QJsonDocument document = QJsonDocument::fromJson(
            QByteArray::fromRawData(text.data() + from, qsizetype(to - from)));
        from = to + 1;
        if (!document.isObject())
            continue;
        const QJsonObject object = document.object();
        StatementHistory::Entry entry;
        entry.time = QDateTime::fromString(object.value(QStringLiteral("time")).toString(),
                                           Qt::ISODateWithMs);
        entry.database = object.value(QStringLiteral("database")).toString();
        entry.write = object.value(QStringLiteral("write")).toBool();
        entry.sql = object.value(QStringLiteral("sql")).toString();
        if (!entry.sql.isEmpty())
            entries << entry;
    }
    return entries;
}

} // namespace

QList<StatementHistory::Entry> StatementHistory::latest(int limit) const
{
    // The end of the file only: a statement line is rarely longer than a few KB, and the file is
    // at most kRotateBytes; 64 KB per wanted entry bounds a read of a hostile file all the same.
    const std::int64_t window = std::min<std::int64_t>(kRotateBytes, std::int64_t(limit) * 65536);
    QList<Entry> entries = entriesOf(readPrivateFileTail(m_path.toStdString(), window, kWhat));
    if (entries.size() < limit) {
        // Just rotated: the statements before are in PATH.1.
        QList<Entry> older
            = entriesOf(readPrivateFileTail(m_path.toStdString() + ".1", window, kWhat));
        older.append(entries);
        entries = std::move(older);
    }
    if (entries.size() > limit)
        entries.remove(0, entries.size() - limit);
    return entries;
}

} // namespace kvs::rawsql
