#include "postgres/pq_connection.h"
#include "postgres/pq_result.h"

#include <kvs/connection_string.h>
#include <kvs/database_identity.h>
#include <kvs/errors.h>

#include <chrono>
#include <filesystem>

namespace kvs {

namespace {

constexpr std::chrono::milliseconds kConnectTimeout{10000};

} // namespace

PostgresIdentity readPostgresIdentity(const std::string &connection)
{
    std::string conninfo = connection;
    (void)takeConnectionParameter(conninfo, "pool_max", true);
    (void)takeConnectionParameter(conninfo, "timeout_ms", true);
    detail::PqConnection pq(conninfo, kConnectTimeout, kConnectTimeout);
    PostgresIdentity identity;
    identity.database
        = pq.exec("SELECT current_database()::text").optionalText(0, 0).value_or(std::string());
    try {
        // Granted to superusers and pg_monitor only, on some servers.
        identity.systemIdentifier
            = pq.exec("SELECT system_identifier::text FROM pg_control_system()")
                  .optionalText(0, 0)
                  .value_or(std::string());
    } catch (const ConnectionError &) {
        throw;
    } catch (const DatabaseError &) {
        identity.systemIdentifier.clear();
    }
    return identity;
}

std::string postgresIdentityText(const PostgresIdentity &identity,
                                 const std::string &fallbackHost,
                                 const std::string &schema,
                                 const std::string &tablePrefix)
{
    const std::string cluster
        = identity.systemIdentifier.empty() ? "host:" + fallbackHost : identity.systemIdentifier;
    return "pg:" + cluster + "/" + identity.database + "/" + schema + "/" + tablePrefix;
}

std::string sqliteIdentityText(const std::string &path, const std::string &tablePrefix)
{
    std::error_code error;
    std::filesystem::path canonical = std::filesystem::canonical(path, error);
    if (error)
        canonical = std::filesystem::absolute(path, error).lexically_normal();
    return "sqlite:" + canonical.string() + "/" + tablePrefix;
}

} // namespace kvs
