#pragma once

#include "maintenance/maintenance_controller.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace kvs::ui {

// What a maintenance action did: the result in words, and how many things it changed (the
// audit's "changed": entries or messages removed, WAL frames checkpointed, bytes reclaimed).
struct MaintenanceOutcome
{
    QString text;
    std::int64_t changed = 0;
};

// What a writing action's confirmation says: its title, the question, what will happen, and the
// label of the button that goes ahead.
struct MaintenanceQuestion
{
    QString title;
    QString question;
    QString details;
    QString button;
};

// The Maintenance view's actions and their results in words, through the core's maintenance
// API. Thread rule: any thread (the actions run on a worker; they wait on the database).
class MaintenanceActions
{
    Q_DECLARE_TR_FUNCTIONS(MaintenanceActions)

public:
    // Runs action on target; throws the core's Error ("kvs: ...") when it fails.
    static MaintenanceOutcome run(const MaintenanceTarget &target,
                                  MaintenanceController::Action action);
    // The confirmation of action; VACUUM says what it should reclaim (sqliteFreeBytes) or the
    // dead rows it frees (deadRows, by the statistics).
    static MaintenanceQuestion question(MaintenanceController::Action action,
                                        std::int64_t sqliteFreeBytes,
                                        std::int64_t deadRows);
    // "No problems found (integrity check).", "Cancelled: ...", or the problems found.
    static QString checkText(const SqliteCheckResult &result, bool full);
};

inline MaintenanceOutcome runMaintenanceAction(const MaintenanceTarget &target,
                                               MaintenanceController::Action action)
{
    return MaintenanceActions::run(target, action);
}

inline QString maintenanceCheckText(const SqliteCheckResult &result, bool full)
{
    return MaintenanceActions::checkText(result, full);
}

} // namespace kvs::ui
