#include "backup/postgres_tools.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/maintenance.h>
#include <kvs/table_names.h>

namespace kvs {

void vacuumPostgresStore(const std::string &connection,
                         const std::string &schema,
                         const std::string &tablePrefix)
{
    const detail::PgToolTarget target = detail::pgToolTargetOf(connection);
    detail::PgCheckSession session(target, connection);
    if (session.value("SELECT pg_is_in_recovery()::text") == std::optional<std::string>("true")) {
        throw Error("kvs: " + connectionIdentity(connection)
                    + " is a standby (in recovery): maintenance that writes runs on the primary");
    }
    const std::string inSchema
        = schema.empty() ? session.value("SELECT current_schema()").value_or("public") : schema;
    const TableNames names(tablePrefix, inSchema);
    if (!session.value("SELECT to_regclass($1)::text", {names.sqlName("kv")}))
        throw Error("kvs: " + inSchema + " has no kvs store (no table " + names.kv + ")");
    std::string tables;
    for (const char *label : {"kv", "queue", "meta"}) {
        if (session.value("SELECT to_regclass($1)::text", {names.sqlName(label)}))
            tables += (tables.empty() ? "" : ", ") + names.sqlName(label);
    }
    session.run("VACUUM (ANALYZE) " + tables);
}

} // namespace kvs
