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
        return {tr("Removed %n expired entries.", nullptr, int(removed)), removed};
    }
    case Action::CleanQueue: {
        const std::int64_t removed = target.store->cleanQueue().result();
        return {tr("Cleaned the queue: %n message(s) removed or dead-lettered (finished past "
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
    return tr("The %1 found %n problem(s): %2", nullptr, int(result.problems.size()))
        .arg(name, problems.join(QStringLiteral("; ")));
}

} // namespace kvs::ui
