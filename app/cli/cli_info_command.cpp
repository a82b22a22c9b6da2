#include "cli/cli_info_command.h"

#include "cli/cli_arguments.h"

#include <kvs/async_kvstore.h>
#include <kvs/connection_string.h>
#include <kvs/json_line.h>
#include <kvs/postgres_adapter.h>

#include <cmath>
#include <ostream>
#include <string>

namespace kvs::cli {

namespace {

constexpr std::string_view kUsage = "info";

// "TLSv1.3, TLS_AES_256_GCM_SHA384", or what it means when the connection is not encrypted.
std::string tlsText(const ConnectionTls &tls)
{
    if (!tls.encrypted)
        return "none: the connection is not encrypted";
    return tls.protocol + ", " + tls.cipher;
}

// "primary", or "standby of HOST:PORT, replay lag N s".
std::string roleText(const ServerRole &role)
{
    if (!role.standby)
        return "primary";
    std::string text
        = "standby of "
          + (role.primary.empty() ? std::string("a primary this user may not see") : role.primary);
    if (role.replayLagSeconds)
        text += ", replay lag " + std::to_string(std::int64_t(std::floor(*role.replayLagSeconds)))
                + " s";
    return text;
}

} // namespace

int runInfo(const CommandContext &context)
{
    context.args.requireOnly("info", {});
    requireArgumentCount(context, 1, 0, 0, kUsage);
    requireDb(context);
    const std::string database = connectionIdentity(*context.args.value("--db"));
    const auto store = openStore(context, Access::Read);
    auto *postgres = dynamic_cast<PostgresAdapter *>(&store->adapter());
    const bool json = context.args.has("--json");
    if (!postgres) {
        if (json) {
            context.out << JsonLine().string("database", database).string("kind", "sqlite").text()
                        << '\n';
        } else {
            context.out << "database: " << database << " (SQLite)\n";
        }
        return kExitOk;
    }
    const ServerRole role = postgres->serverRole().result();
    if (json) {
        JsonLine tls;
        tls.raw("encrypted", role.tls.encrypted ? "true" : "false");
        if (role.tls.encrypted)
            tls.string("protocol", role.tls.protocol).string("cipher", role.tls.cipher);
        context.out << JsonLine()
                           .string("database", database)
                           .string("kind", "postgres")
                           .string("server", role.server)
                           .string("role", roleText(role))
                           .raw("tls", tls.text())
                           .text()
                    << '\n';
        return kExitOk;
    }
    context.out << "database: " << database << '\n'
                << "server: " << role.server << " (" << roleText(role) << ")\n"
                << "tls: " << tlsText(role.tls) << '\n';
    return kExitOk;
}

} // namespace kvs::cli
