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
    const std::unique_ptr<detail::PqConnection> pq = detail::checkConnection(connection);
    if (detail::valueOf(*pq, "SELECT pg_is_in_recovery()::text") == "true") {
        throw Error("kvs: " + connectionIdentity(connection)
                    + " is a standby (in recovery): maintenance that writes runs on the primary");
    }
    const std::string inSchema
        = schema.empty() ? detail::valueOf(*pq, "SELECT current_schema()::text").value_or("public")
                         : schema;
    const TableNames names(tablePrefix, inSchema);
    if (!detail::hasTable(*pq, names.sqlName("kv")))
        throw Error("kvs: " + inSchema + " has no kvs store (no table " + names.kv + ")");
    std::string tables;
    for (const char *label : {"kv", "queue", "meta"}) {
        if (detail::hasTable(*pq, names.sqlName(label)))
            tables += (tables.empty() ? "" : ", ") + names.sqlName(label);
    }
    (void)pq->exec("VACUUM (ANALYZE) " + tables);
}

} // namespace kvs
