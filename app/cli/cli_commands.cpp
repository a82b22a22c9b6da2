#include "cli/cli_commands.h"

#include "cli/cli_analyze_command.h"
#include "cli/cli_arguments.h"
#include "cli/cli_atomic_command.h"
#include "cli/cli_backup_command.h"
#include "cli/cli_bench_command.h"
#include "cli/cli_find_command.h"
#include "cli/cli_help.h"
#include "cli/cli_info_command.h"
#include "cli/cli_maintenance_command.h"
#include "cli/cli_output.h"
#include "cli/cli_queue_commands.h"
#include "cli/cli_saved_connection.h"
#include "cli/cli_ssh_tunnel.h"
#include "cli/cli_store_commands.h"
#include "cli/cli_transfer_commands.h"
#include "cli/cli_watch_command.h"
#include "cli/command_context.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/password_command.h>
#include <kvs/value_codec.h>

#include <cstdlib>
#include <new>
#include <ostream>

namespace kvs::cli {

namespace {

// kvs key|value encode|decode: pure codec commands, no database.
int runCodec(const CommandContext &context)
{
    const std::vector<std::string> &positionals = context.args.positionals();
    const bool isKey = positionals[0] == "key";
    const std::string_view usage
        = isKey ? "key encode KEY | key decode HEX" : "value encode VALUE | value decode HEX";
    if (positionals.size() < 2 || (positionals[1] != "encode" && positionals[1] != "decode")) {
        throw UsageError("kvs: " + positionals[0] + " needs encode or decode (usage: kvs "
                         + std::string(usage) + ")");
    }
    const bool encode = positionals[1] == "encode";
    context.args.requireOnly(positionals[0] + " " + positionals[1], {});
    requireArgumentCount(context, 2, 1, 1, usage);
    const std::string &input = positionals[2];

    std::string literal;
    std::string hex;
    if (encode) {
        try {
            if (isKey) {
                const Key key = parseKeyLiteral(input);
                hex = toHex(encodeKey(key));
                literal = printKeyLiteral(key);
            } else {
                const Value value = parseLiteral(input);
                hex = toHex(encodeValue(value));
                literal = printLiteral(value);
            }
        } catch (const Error &error) {
            throw Error(std::string(error.what()) + (isKey ? " (in KEY)" : " (in VALUE)"));
        }
    } else {
        const std::string bytes = fromHex(input);
        literal = isKey ? printKeyLiteral(decodeKey(bytes)) : printLiteral(decodeValue(bytes));
        hex = toHex(bytes);
    }

    if (context.args.has("--json")) {
        context.out << JsonLine().string(isKey ? "key" : "value", literal).string("hex", hex).text()
                    << '\n';
    } else {
        context.out << (encode ? hex : literal) << '\n';
    }
    return kExitOk;
}

int dispatch(const CommandContext &context)
{
    const std::vector<std::string> &positionals = context.args.positionals();
    if (positionals.empty()) {
        throw UsageError("kvs: no command given; " + std::string(usageLine()));
    }
    const std::string &command = positionals[0];
    if (command == "key" || command == "value") {
        return runCodec(context);
    }
    if (command == "get") {
        return runGet(context);
    }
    if (command == "set") {
        return runSet(context);
    }
    if (command == "delete") {
        return runDelete(context);
    }
    if (command == "increment") {
        return runIncrement(context);
    }
    if (command == "list") {
        return runList(context);
    }
    if (command == "export") {
        return runExport(context);
    }
    if (command == "import") {
        return runImport(context);
    }
    if (command == "find") {
        return runFind(context);
    }
    if (command == "analyze") {
        return runAnalyze(context);
    }
    if (command == "backup") {
        return runBackup(context);
    }
    if (command == "restore") {
        return runRestore(context);
    }
    if (command == "maintenance") {
        return runMaintenance(context);
    }
    if (command == "atomic") {
        return runAtomic(context);
    }
    if (command == "queue") {
        return runQueue(context);
    }
    if (command == "info") {
        return runInfo(context);
    }
    if (command == "watch") {
        return runWatch(context);
    }
    if (command == "bench") {
        return runBenchCommand(context);
    }
    throw UsageError("kvs: unknown command " + jsonQuoted(command) + "; "
                     + std::string(usageLine()));
}

} // namespace

namespace {

// The --db value as written, found without the parser (which may be what fails): every
// message is redacted against it, so that no password reaches stderr.
std::string dbArgument(const std::vector<std::string> &args)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--")
            break;
        if (args[i] == "--db" && i + 1 < args.size())
            return args[i + 1];
        if (args[i].starts_with("--db="))
            return args[i].substr(5);
    }
    return {};
}

// --password-command, else KVS_PASSWORD_COMMAND: the password of every connection to db.
void usePasswordCommand(const CliArguments &parsed, const std::string &db)
{
    std::optional<std::string> command = parsed.value("--password-command");
    if (!command) {
        if (const char *fromEnvironment = std::getenv("KVS_PASSWORD_COMMAND"))
            command = fromEnvironment;
    }
    if (!command || command->empty())
        return;
    if (!isPostgresConnection(db))
        throw UsageError("kvs: --password-command needs a PostgreSQL --db");
    setPasswordCommand(db, *command);
}

} // namespace

int run(const std::vector<std::string> &given, std::ostream &out, std::ostream &err)
{
    std::vector<std::string> args;
    std::optional<CliSshRequest> ssh;
    try {
        args = withSavedConnection(given);
        ssh = takeSshOptions(args);
    } catch (const UsageError &error) {
        err << errorLine(redactSecrets(error.what(), dbArgument(given))) << '\n';
        return kExitUsage;
    }
    const std::string db = dbArgument(args);
    const auto errorText = [&db](const std::string &message) {
        return errorLine(redactSecrets(message, db));
    };
    try {
        const CliArguments parsed = CliArguments::parse(args);
        if (parsed.has("--help")) {
            out << helpText();
            return kExitOk;
        }
        if (parsed.has("--version")) {
            out << versionLine() << '\n';
            return kExitOk;
        }
        // Through SSH too: the URL's host is then the one the SSH host reaches, and from there
        // on the password goes as the URL says (a host other than the SSH host's own: in clear).
        if (const std::string warning = plaintextPasswordWarning(db); !warning.empty())
            err << warning << '\n';
        // The tunnel of --ssh lives as long as the command; --db then goes through it.
        std::unique_ptr<SshTunnel> tunnel;
        if (ssh)
            tunnel = startCliSshTunnel(*ssh, args, err);
        const CliArguments effective = ssh ? CliArguments::parse(args) : parsed;
        // Set for the --db that connects (through the tunnel: its port), which is what the
        // store's connections look the command up by.
        usePasswordCommand(effective, dbArgument(args));
        const int code = dispatch(CommandContext{effective, out, err});
        out.flush();
        return code;
    } catch (const UsageError &error) {
        err << errorText(error.what()) << '\n';
        return kExitUsage;
    } catch (const SchemaOutdatedError &error) {
        std::string message = error.what();
        if (message.find("--migrate") == std::string::npos) {
            message += " (run the command again with --migrate to upgrade the database)";
        }
        err << errorText(message) << '\n';
        return kExitFailure;
    } catch (const NotKvsDatabaseError &error) {
        // A write without --migrate on a database of other tables: say how to consent.
        std::string message = error.what();
        if (message.find("migration allowed") != std::string::npos) {
            message += " (run the command again with --migrate to add them)";
        }
        err << errorText(message) << '\n';
        return kExitFailure;
    } catch (const std::bad_alloc &) {
        // A memory limit (ulimit -v, a container's) met by an input too large for it: an
        // error like any other, never a signal.
        err << "kvs: out of memory (the input is too large for the memory this process may use; "
               "see the size limits in kvs --help)\n";
        return kExitFailure;
    } catch (const std::exception &error) {
        err << errorText(error.what()) << '\n';
        return kExitFailure;
    } catch (...) {
        err << "kvs: unexpected error\n";
        return kExitFailure;
    }
}

} // namespace kvs::cli
