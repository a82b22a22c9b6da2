#include "cli/cli_maintenance_command.h"

#include "cli/cli_arguments.h"

#include <kvs/async_kvstore.h>
#include <kvs/audit_log.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/maintenance.h>

#include <QFuture>

#include <functional>
#include <ostream>

namespace kvs::cli {

namespace {

constexpr std::string_view kUsage = "kvs --db PATH|URL maintenance check [--full] | checkpoint "
                                    "[--truncate] | optimize | vacuum | purge-expired | "
                                    "clean-queue";

std::string database(const CommandContext &context)
{
    return context.args.value("--db").value_or(std::string());
}

void requireSqlite(const CommandContext &context, const std::string &action, const char *instead)
{
    if (isPostgresConnection(database(context))) {
        throw Error("kvs: maintenance " + action + " is SQLite's; on PostgreSQL " + instead);
    }
}

// Runs work (which returns the line to print and how many things it changed) under the audit.
int audited(const CommandContext &context,
            const std::string &action,
            const std::function<std::pair<std::string, std::int64_t>()> &work)
{
    AuditRecord record;
    record.action = "maintenance-" + action;
    AuditedAction audit = startAudit(context, std::move(record), std::nullopt);
    std::pair<std::string, std::int64_t> outcome;
    try {
        outcome = work();
    } catch (const std::exception &error) {
        endAudit(context, audit, AuditOutcome::Failed, 0, 0, error.what());
        throw;
    }
    endAudit(context, audit, AuditOutcome::Done, outcome.second, outcome.second);
    context.out << outcome.first << '\n';
    return kExitOk;
}

int check(const CommandContext &context)
{
    requireSqlite(context, "check", "use the amcheck extension");
    const SqliteCheckResult result
        = checkSqliteStore(database(context), context.args.has("--full"));
    if (result.ok) {
        context.out << "ok\n";
        return kExitOk;
    }
    for (const std::string &problem : result.problems)
        context.out << problem << '\n';
    return kExitFailure;
}

std::pair<std::string, std::int64_t> checkpoint(const CommandContext &context)
{
    requireSqlite(context, "checkpoint", "the server checkpoints by itself");
    const bool truncate = context.args.has("--truncate");
    const SqliteCheckpointResult result = checkpointSqliteStore(database(context), truncate);
    std::string line = "checkpointed " + std::to_string(result.checkpointed) + " of "
                       + std::to_string(result.walFrames) + " WAL frames; the WAL is now "
                       + std::to_string(result.walBytesAfter) + " bytes";
    if (result.busy)
        line += " (other connections kept it from finishing: run it again when they are idle)";
    return {line, result.checkpointed};
}

std::pair<std::string, std::int64_t> vacuum(const CommandContext &context)
{
    if (isPostgresConnection(database(context))) {
        vacuumPostgresStore(database(context),
                            context.args.value("--schema").value_or(std::string()),
                            context.args.value("--table-prefix").value_or(std::string()));
        return {"vacuumed and analyzed the store's tables", 0};
    }
    const SqliteVacuumResult result = vacuumSqliteStore(database(context));
    return {"vacuumed: " + std::to_string(result.bytesBefore) + " bytes before, "
                + std::to_string(result.bytesAfter) + " after ("
                + std::to_string(result.bytesBefore - result.bytesAfter) + " reclaimed; "
                + std::to_string(result.freeBytesBefore) + " were free pages)",
            result.bytesBefore - result.bytesAfter};
}

} // namespace

int runMaintenance(const CommandContext &context)
{
    context.args.requireOnly("maintenance",
                             {"--full", "--truncate", "--table-prefix", "--schema", "--no-audit"});
    requireArgumentCount(context, 1, 1, 1, kUsage);
    requireDb(context);
    const std::string &action = context.args.positionals()[1];
    if (action == "check")
        return check(context);
    if (action == "checkpoint")
        return audited(context, action, [&] { return checkpoint(context); });
    if (action == "optimize") {
        requireSqlite(context, "optimize", "autovacuum analyzes, or run kvs maintenance vacuum");
        return audited(context, action, [&] {
            optimizeSqliteStore(database(context));
            return std::pair<std::string, std::int64_t>{"optimized", 0};
        });
    }
    if (action == "vacuum")
        return audited(context, action, [&] { return vacuum(context); });
    if (action == "purge-expired" || action == "clean-queue") {
        return audited(context, action, [&] {
            const auto store = openStore(context, Access::Write);
            const bool expired = action == "purge-expired";
            const std::int64_t removed
                = expired ? store->cleanExpired().result() : store->cleanQueue().result();
            store->close().waitForFinished();
            return std::pair<std::string, std::int64_t>{
                "removed " + std::to_string(removed)
                    + (expired ? " expired entries" : " finished messages"),
                removed};
        });
    }
    throw UsageError("kvs: unknown maintenance action \"" + action
                     + "\" (usage: " + std::string(kUsage) + ")");
}

} // namespace kvs::cli
