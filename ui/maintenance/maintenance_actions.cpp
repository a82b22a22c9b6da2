#include "maintenance/maintenance_actions.h"

#include <QLocale>

namespace kvs::ui {

namespace {

QString bytesText(std::int64_t bytes)
{
    return QLocale().formattedDataSize(bytes);
}

MaintenanceOutcome checkpoint(const MaintenanceTarget &target, bool truncate)
{
    const SqliteCheckpointResult result = checkpointSqliteStore(target.connection, truncate);
    QString text
        = MaintenanceActions::tr("Checkpointed %1 of %2 WAL frames; the WAL file is now %3.")
              .arg(result.checkpointed)
              .arg(result.walFrames)
              .arg(bytesText(result.walBytesAfter));
    if (result.busy) {
        text += QLatin1Char(' ')
                + MaintenanceActions::tr("Other connections kept it from finishing: run it again "
                                         "when they are idle.");
    }
    return {text, result.checkpointed};
}

MaintenanceOutcome vacuumSqlite(const MaintenanceTarget &target)
{
    const SqliteVacuumResult result = vacuumSqliteStore(target.connection);
    const std::int64_t reclaimed = result.bytesBefore - result.bytesAfter;
    return {
        MaintenanceActions::tr("Vacuumed: the file went from %1 to %2 (%3 reclaimed).")
            .arg(bytesText(result.bytesBefore), bytesText(result.bytesAfter), bytesText(reclaimed)),
        reclaimed};
}

} // namespace

MaintenanceOutcome MaintenanceActions::run(const MaintenanceTarget &target,
                                           MaintenanceController::Action action)
{
    using Action = MaintenanceController::Action;
    switch (action) {
    case Action::CheckpointPassive:
        return checkpoint(target, false);
    case Action::CheckpointTruncate:
        return checkpoint(target, true);
    case Action::Optimize:
        optimizeSqliteStore(target.connection);
        return {tr("Optimized: the planner's statistics are up to date."), 0};
    case Action::VacuumSqlite:
        return vacuumSqlite(target);
    case Action::PurgeExpired: {
        const std::int64_t removed = target.store->cleanExpired().result();
        return {tr("Removed %Ln expired entries.", nullptr, int(removed)), removed};
    }
    case Action::CleanQueue: {
        const std::int64_t removed = target.store->cleanQueue().result();
        return {tr("Cleaned the queue: %Ln message(s) removed or dead-lettered (finished past "
                   "their retention, or leases out of attempts).",
                   nullptr,
                   int(removed)),
                removed};
    }
    case Action::VacuumPostgres:
        vacuumPostgresStore(target.connection, target.schema, target.tablePrefix);
        return {tr("Vacuumed and analyzed the store's tables: the dead rows' space is free for "
                   "reuse and the planner's statistics are new."),
                0};
    }
    return {};
}

MaintenanceQuestion MaintenanceActions::question(MaintenanceController::Action action,
                                                 std::int64_t sqliteFreeBytes,
                                                 std::int64_t deadRows)
{
    using Action = MaintenanceController::Action;
    switch (action) {
    case Action::CheckpointPassive:
        return {tr("Checkpoint"),
                tr("Checkpoint the WAL now?"),
                tr("Copies the pages the WAL holds into the database file, as far as no reader "
                   "still needs them. Nobody waits."),
                tr("Checkpoint")};
    case Action::CheckpointTruncate:
        return {tr("Checkpoint and truncate"),
                tr("Checkpoint the WAL and empty its file?"),
                tr("Waits for the readers and writers of the moment to finish, copies every page "
                   "the WAL holds into the database file, then truncates the WAL file to zero "
                   "bytes. Writers wait while it runs."),
                tr("Checkpoint and truncate")};
    case Action::Optimize:
        return {tr("Optimize"),
                tr("Run PRAGMA optimize?"),
                tr("Refreshes the query planner's statistics where they are stale. The data "
                   "stays as it is."),
                tr("Optimize")};
    case Action::VacuumSqlite:
        return {tr("Vacuum"),
                tr("Vacuum the database file?"),
                tr("Rewrites the file without its free pages: it should reclaim about %1. Writers "
                   "wait while it runs (readers go on), and it needs free disk space about the "
                   "size of the file.")
                    .arg(bytesText(sqliteFreeBytes)),
                tr("Vacuum")};
    case Action::PurgeExpired:
        return {tr("Purge expired"),
                tr("Delete every expired entry now?"),
                tr("Deletes the entries whose time to live has passed (a store open for writing "
                   "does so every 60 s). They read as absent already."),
                tr("Purge expired")};
    case Action::CleanQueue:
        return {tr("Clean the queue"),
                tr("Clean the queue now?"),
                tr("Deletes the finished messages past their retention and dead-letters the "
                   "messages whose lease ended with no attempt left, as the store's 60 s "
                   "maintenance does."),
                tr("Clean the queue")};
    case Action::VacuumPostgres: {
        return {tr("Vacuum and analyze"),
                tr("Run VACUUM (ANALYZE) on the store's tables?"),
                tr("Frees the space of the dead rows (%Ln now, by the statistics) for reuse and "
                   "refreshes the planner's statistics. Readers and writers go on; it reads "
                   "every table, which loads the server while it runs. A session that holds "
                   "back VACUUM (marked above) keeps the rows deleted since it began.",
                   nullptr,
                   int(deadRows)),
                tr("Vacuum and analyze")};
    }
    }
    return {};
}

QString MaintenanceActions::checkText(const SqliteCheckResult &result, bool full)
{
    const QString name = full ? tr("integrity check") : tr("quick check");
    if (result.cancelled)
        return tr("The %1 was cancelled: nothing is known about the file.").arg(name);
    if (result.ok)
        return tr("No problems found (%1): the file is sound.").arg(name);
    QStringList problems;
    for (const std::string &line : result.problems)
        problems << QString::fromStdString(line);
    return tr("The %1 found %Ln problem(s): %2", nullptr, int(result.problems.size()))
        .arg(name, problems.join(QStringLiteral("; ")));
}

} // namespace kvs::ui
