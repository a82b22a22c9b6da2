#pragma once

#include <string>

/// Which database a connection reaches, whatever route it takes (directly, through PgBouncer,
/// a tunnel, a standby), so that a tab can be matched to a saved production connection by what
/// it is, not by how it was reached. Safe from any thread.
namespace kvs {

/// What identifies a PostgreSQL database: the cluster's system identifier (the same on a
/// primary and its standbys, and after a failover) and current_database().
struct PostgresIdentity
{
    std::string systemIdentifier; ///< "" when pg_control_system() was refused to the role
    std::string database;
};

/// Connects to connection (a URL or key=value text; kvs's own parameters ignored) within
/// 10 s and reads pg_control_system().system_identifier and current_database(). Blocks: call it
/// on a worker. Throws ConnectionError naming the step that failed.
[[nodiscard]] PostgresIdentity readPostgresIdentity(const std::string &connection);

/// The text two routes to one database share: "pg:SYSTEMID/DATABASE/SCHEMA/PREFIX" (with
/// "host:HOST:PORT" in place of SYSTEMID when it was refused); for SQLite "sqlite:PATH/PREFIX",
/// PATH the file's canonical path (symbolic links resolved) or its absolute path when missing.
[[nodiscard]] std::string postgresIdentityText(const PostgresIdentity &identity,
                                               const std::string &fallbackHost,
                                               const std::string &schema,
                                               const std::string &tablePrefix);
[[nodiscard]] std::string sqliteIdentityText(const std::string &path,
                                             const std::string &tablePrefix);

} // namespace kvs
