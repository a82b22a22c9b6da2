#include "maintenance/pg_activity_models.h"

#include <QApplication>
#include <QDateTime>
#include <QLocale>
#include <QStyle>

namespace kvs::ui {

namespace {

QString bytesText(std::int64_t bytes)
{
    return QLocale().formattedDataSize(bytes);
}

QString countText(const std::optional<std::int64_t> &count)
{
    return count ? QLocale().toString(qlonglong(*count)) : QString();
}

// The later of a manual and an automatic run, said with which it was.
QString lastRunText(const std::optional<std::int64_t> &manual,
                    const std::optional<std::int64_t> &automatic)
{
    if (!manual && !automatic)
        return PgStorageModel::tr("never");
    const bool isAuto = automatic && (!manual || *automatic > *manual);
    const QString when = QLocale().toString(
        QDateTime::fromMSecsSinceEpoch(isAuto ? *automatic : *manual), QLocale::ShortFormat);
    return isAuto ? PgStorageModel::tr("%1 (auto)").arg(when) : when;
}

QString shortQuery(const std::string &query)
{
    QString text = QString::fromStdString(query).simplified();
    if (text.size() > 120)
        text = text.left(119) + QChar(0x2026);
    return text;
}

} // namespace

QString maintenanceAgeText(std::optional<std::int64_t> ms)
{
    if (!ms)
        return {};
    const std::int64_t seconds = std::max<std::int64_t>(0, *ms / 1000);
    if (seconds < 60)
        return PgSessionsModel::tr("%1 s").arg(seconds);
    if (seconds < 3600)
        return PgSessionsModel::tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60);
    return PgSessionsModel::tr("%1 h %2 min").arg(seconds / 3600).arg(seconds % 3600 / 60);
}

// --- PgStorageModel ---

void PgStorageModel::setTables(std::vector<PgTableFigures> tables)
{
    beginResetModel();
    m_tables = std::move(tables);
    endResetModel();
}

int PgStorageModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_tables.size());
}

int PgStorageModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : Analyzed + 1;
}

QVariant PgStorageModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_tables.size()))
        return {};
    const PgTableFigures &table = m_tables[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() != Table)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Table:
        return QString::fromStdString(table.table);
    case TableSize:
        return bytesText(table.tableBytes + table.toastBytes);
    case IndexSize:
        return bytesText(table.indexBytes);
    case TotalSize:
        return bytesText(table.totalBytes);
    case LiveRows:
        return countText(table.liveTuples);
    case DeadRows:
        return countText(table.deadTuples);
    case Vacuumed:
        return table.liveTuples ? lastRunText(table.lastVacuum, table.lastAutovacuum) : QString();
    case Analyzed:
        return table.liveTuples ? lastRunText(table.lastAnalyze, table.lastAutoanalyze) : QString();
    default:
        return {};
    }
}

QVariant PgStorageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Table:
        return tr("Relation");
    case TableSize:
        return tr("Table");
    case IndexSize:
        return tr("Indexes");
    case TotalSize:
        return tr("Total");
    case LiveRows:
        return tr("Live rows");
    case DeadRows:
        return tr("Dead rows");
    case Vacuumed:
        return tr("Last vacuum");
    case Analyzed:
        return tr("Last analyze");
    default:
        return {};
    }
}

// --- PgSessionsModel ---

void PgSessionsModel::setSessions(std::vector<PgSessionFigures> sessions)
{
    beginResetModel();
    m_sessions = std::move(sessions);
    endResetModel();
}

bool PgSessionsModel::isMarked(int row) const
{
    return row >= 0 && row < int(m_sessions.size())
           && m_sessions[std::size_t(row)].holdsBackVacuum(kLongTransactionMs);
}

int PgSessionsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_sessions.size());
}

int PgSessionsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : Query + 1;
}

QVariant PgSessionsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_sessions.size()))
        return {};
    const PgSessionFigures &session = m_sessions[std::size_t(index.row())];
    const bool marked = isMarked(index.row());
    if (marked && index.column() == Pid && role == Qt::DecorationRole)
        return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    if (role == Qt::ToolTipRole) {
        if (marked) {
            return tr("This session's transaction is %1: while it stays open, VACUUM cannot "
                      "remove the rows deleted since it began (the queue's finished messages "
                      "first). End it, or ask its owner to.")
                .arg(session.state.rfind("idle in transaction", 0) == 0
                         ? tr("idle")
                         : tr("open for %1").arg(maintenanceAgeText(session.transactionAgeMs)));
        }
        if (index.column() == Query)
            return QString::fromStdString(session.query);
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Pid:
        return QString::number(session.pid);
    case User:
        return QString::fromStdString(session.user);
    case Application:
        return QString::fromStdString(session.application);
    case State: {
        const QString state
            = session.state.empty() ? tr("(hidden)") : QString::fromStdString(session.state);
        return marked ? tr("%1, holds back VACUUM").arg(state) : state;
    }
    case TransactionAge:
        return maintenanceAgeText(session.transactionAgeMs);
    case WaitEvent:
        if (session.waitEventType.empty())
            return QString();
        return QStringLiteral("%1: %2").arg(QString::fromStdString(session.waitEventType),
                                            QString::fromStdString(session.waitEvent));
    case StoreTables:
        return QString::fromStdString(session.storeTablesLocked);
    case Query:
        return shortQuery(session.query);
    default:
        return {};
    }
}

QVariant PgSessionsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Pid:
        return tr("PID");
    case User:
        return tr("User");
    case Application:
        return tr("Application");
    case State:
        return tr("State");
    case TransactionAge:
        return tr("Transaction age");
    case WaitEvent:
        return tr("Waiting for");
    case StoreTables:
        return tr("Store tables locked");
    case Query:
        return tr("Last statement");
    default:
        return {};
    }
}

// --- PgLockWaitsModel ---

void PgLockWaitsModel::setActivity(const PgActivity &activity)
{
    beginResetModel();
    m_waits = activity.waits;
    m_sessions = activity.sessions;
    endResetModel();
}

QString PgLockWaitsModel::holdersText(int row) const
{
    if (row < 0 || row >= int(m_waits.size()))
        return {};
    QStringList holders;
    for (const std::int64_t pid : m_waits[std::size_t(row)].blockedBy) {
        const auto session = std::find_if(
            m_sessions.begin(), m_sessions.end(), [pid](const auto &s) { return s.pid == pid; });
        if (session == m_sessions.end()) {
            holders << tr("pid %1").arg(pid);
            continue;
        }
        holders << tr("pid %1 (%2, %3: %4)")
                       .arg(pid)
                       .arg(QString::fromStdString(session->user),
                            session->state.empty() ? tr("(hidden)")
                                                   : QString::fromStdString(session->state),
                            shortQuery(session->query));
    }
    return holders.join(QStringLiteral("; "));
}

int PgLockWaitsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_waits.size());
}

int PgLockWaitsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : Query + 1;
}

QVariant PgLockWaitsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_waits.size()))
        return {};
    const PgLockWait &wait = m_waits[std::size_t(index.row())];
    if (role == Qt::ToolTipRole && (index.column() == HeldBy || index.column() == Query))
        return index.column() == HeldBy ? holdersText(index.row())
                                        : QString::fromStdString(wait.query);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Pid:
        return QString::number(wait.pid);
    case Lock:
        return wait.relation.empty() ? tr("%1 on a %2")
                                           .arg(QString::fromStdString(wait.mode),
                                                QString::fromStdString(wait.lockType))
                                     : tr("%1 on %2")
                                           .arg(QString::fromStdString(wait.mode),
                                                QString::fromStdString(wait.relation));
    case Waiting:
        return maintenanceAgeText(wait.waitingMs);
    case HeldBy:
        return holdersText(index.row());
    case Query:
        return shortQuery(wait.query);
    default:
        return {};
    }
}

QVariant PgLockWaitsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Pid:
        return tr("Waiting PID");
    case Lock:
        return tr("Lock asked for");
    case Waiting:
        return tr("Waiting");
    case HeldBy:
        return tr("Held up by");
    case Query:
        return tr("Its statement");
    default:
        return {};
    }
}

} // namespace kvs::ui
