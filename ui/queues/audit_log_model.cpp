#include "queues/audit_log_model.h"

#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <map>

namespace kvs::ui {

AuditLogContents readAuditLog(const QString &path)
{
    AuditLogContents contents;
    QFile file(path);
    if (!file.exists())
        return contents;
    if (!file.open(QIODevice::ReadOnly)) {
        contents.error = file.errorString();
        return contents;
    }
    std::map<QString, std::size_t> started; // an action's id -> its entry
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const QJsonDocument document = QJsonDocument::fromJson(line);
        if (!document.isObject()) {
            ++contents.unreadable;
            continue;
        }
        const QJsonObject o = document.object();
        const QString event = o.value(u"event").toString();
        const QString id = o.value(u"id").toString();
        if (event == QLatin1String("ended") && started.count(id)) {
            AuditLogEntry &entry = contents.entries[started[id]];
            entry.matched = qint64(o.value(u"matched").toDouble());
            entry.changed = qint64(o.value(u"changed").toDouble());
            entry.result = o.value(u"result").toString();
            entry.detail = o.value(u"detail").toString();
            entry.unended = false;
            started.erase(id);
            continue;
        }
        AuditLogEntry entry{o.value(u"time").toString(),
                            o.value(u"user").toString(),
                            o.value(u"database").toString(),
                            o.value(u"topic").toString(),
                            o.value(u"action").toString(),
                            o.value(u"filter").toString(),
                            qint64(o.value(u"matched").toDouble()),
                            qint64(o.value(u"changed").toDouble()),
                            o.value(u"result").toString(),
                            o.value(u"detail").toString(),
                            false};
        if (event == QLatin1String("started")) {
            entry.result = QStringLiteral("interrupted");
            entry.unended = true;
            started[id] = contents.entries.size();
        }
        contents.entries.push_back(std::move(entry));
    }
    // Appended in time order: the newest is last.
    std::reverse(contents.entries.begin(), contents.entries.end());
    return contents;
}

AuditLogModel::AuditLogModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void AuditLogModel::setEntries(std::vector<AuditLogEntry> entries)
{
    beginResetModel();
    m_entries = std::move(entries);
    endResetModel();
}

const AuditLogEntry *AuditLogModel::entryAt(int row) const
{
    return row >= 0 && row < int(m_entries.size()) ? &m_entries[std::size_t(row)] : nullptr;
}

int AuditLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int AuditLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditLogModel::data(const QModelIndex &index, int role) const
{
    const AuditLogEntry *entry = entryAt(index.row());
    if (!entry || !index.isValid())
        return {};
    if (role == Qt::TextAlignmentRole)
        return index.column() == Matched || index.column() == Changed
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    if (role == Qt::ToolTipRole && index.column() == Time)
        return entry->time;
    if (role == Qt::ToolTipRole && index.column() == Result && entry->unended)
        return tr("No end was recorded: the action was killed, or it is still running.");
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Time: {
        const QDateTime time = QDateTime::fromString(entry->time, Qt::ISODateWithMs);
        return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                              : entry->time;
    }
    case User:
        return entry->user;
    case Database:
        return entry->database;
    case Topic:
        return entry->topic;
    case Action:
        return entry->action;
    case Filter:
        return entry->filter;
    case Matched:
        return entry->matched;
    case Changed:
        return entry->changed;
    case Result:
        return entry->detail.isEmpty() ? entry->result
                                       : tr("%1: %2").arg(entry->result, entry->detail);
    default:
        return {};
    }
}

QVariant AuditLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Time:
        return tr("Time");
    case User:
        return tr("User");
    case Database:
        return tr("Database");
    case Topic:
        return tr("Topic");
    case Action:
        return tr("Action");
    case Filter:
        return tr("Filter");
    case Matched:
        return tr("Matched");
    case Changed:
        return tr("Changed");
    case Result:
        return tr("Result");
    default:
        return {};
    }
}

} // namespace kvs::ui
