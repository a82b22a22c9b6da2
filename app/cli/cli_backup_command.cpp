#include "cli/cli_backup_command.h"

#include "cli/cli_arguments.h"
#include "cli/cli_signal_watch.h"

#include <kvs/audit_log.h>
#include <kvs/backup.h>
#include <kvs/connection_string.h>
#include <kvs/json_line.h>

#include <ostream>

namespace kvs::cli {

namespace {

constexpr std::string_view kBackupUsage = "kvs --db PATH backup DEST";
constexpr std::string_view kRestoreUsage = "kvs restore SRC DEST [--force]";

BackupOptions optionsOf(const CommandContext &context, const SignalWatch &interrupts)
{
    BackupOptions options;
    options.tablePrefix = context.args.value("--table-prefix").value_or(std::string());
    options.schema = context.args.value("--schema").value_or(std::string());
    options.onProgress = [&interrupts](const BackupProgress &) {
        return interrupts.received() == 0;
    };
    return options;
}

} // namespace

int runBackup(const CommandContext &context)
{
    context.args.requireOnly("backup", {"--table-prefix", "--schema", "--checkpoint"});
    requireArgumentCount(context, 1, 1, 1, kBackupUsage);
    requireDb(context);
    const std::string source = context.args.value("--db").value_or(std::string());
    const std::string &destination = context.args.positionals()[1];
    const SignalWatch interrupts;
    BackupOptions options = optionsOf(context, interrupts);
    options.checkpointAfter = context.args.has("--checkpoint");
    const BackupResult result = isPostgresConnection(source)
                                    ? backupPostgresStore(source, destination, options)
                                    : backupSqliteStore(source, destination, options);
    if (result.cancelled) {
        context.err << "kvs: the backup was cancelled; " << destination << " was not written\n";
        return 128 + interrupts.received();
    }
    if (context.args.has("--json")) {
        context.out << JsonLine()
                           .string("destination", destination)
                           .raw("entries", std::to_string(result.entries))
                           .raw("bytes", std::to_string(result.bytes))
                           .raw("pages", std::to_string(result.pages))
                           .text()
                    << '\n';
    } else {
        context.out << "backed up " << result.entries << " entries (" << result.bytes
                    << " bytes) to " << destination << '\n';
    }
    return kExitOk;
}

int runRestore(const CommandContext &context)
{
    context.args.requireOnly("restore", {"--force", "--table-prefix", "--no-audit"});
    requireArgumentCount(context, 1, 2, 2, kRestoreUsage);
    const std::string &source = context.args.positionals()[1];
    const std::string &destination = context.args.positionals()[2];
    const bool force = context.args.has("--force");
    AuditRecord record;
    record.action = "restore";
    record.database = redactedConnection(destination);
    record.filter = "from " + source + (force ? " --force" : "");
    AuditedAction audit = startAudit(context, std::move(record), std::nullopt);
    const SignalWatch interrupts;
    RestoreResult result;
    try {
        const RestoreOverwrite overwrite
            = force ? RestoreOverwrite::Replace : RestoreOverwrite::Refuse;
        const BackupOptions options = optionsOf(context, interrupts);
        result = isPostgresConnection(destination)
                     ? restorePostgresStore(source, destination, overwrite, options)
                     : restoreSqliteStore(source, destination, overwrite, options);
    } catch (const std::exception &error) {
        endAudit(context, audit, AuditOutcome::Failed, 0, 0, error.what());
        throw;
    }
    if (interrupts.received() != 0) {
        endAudit(context, audit, AuditOutcome::Interrupted, 0, 0);
        context.err << "kvs: the restore was cancelled; " << redactedConnection(destination)
                    << " is unchanged\n";
        return 128 + interrupts.received();
    }
    endAudit(context, audit, AuditOutcome::Done, result.entries, result.entries);
    if (context.args.has("--json")) {
        context.out << JsonLine()
                           .string("destination", redactedConnection(destination))
                           .raw("entries", std::to_string(result.entries))
                           .raw("replaced", result.replaced ? "true" : "false")
                           .text()
                    << '\n';
    } else {
        context.out << "restored " << result.entries << " entries to "
                    << redactedConnection(destination)
                    << (result.replaced ? " (its earlier contents replaced)" : "") << '\n';
    }
    return kExitOk;
}

} // namespace kvs::cli
