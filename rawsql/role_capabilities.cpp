#include "rawsql/role_capabilities.h"

#include "rawsql/query_error.h"
#include "rawsql/raw_sql_target.h"

#include <QSqlQuery>
#include <QVariant>

namespace kvs::rawsql {

RoleCapabilities readRoleCapabilities(const QSqlDatabase &db, const RawSqlTarget &target)
{
    // A predefined role missing from an older server counts as not held.
    const auto member = [](const char *role) {
        return QStringLiteral("CASE WHEN pg_catalog.to_regrole('%1') IS NULL THEN false ELSE "
                              "pg_catalog.pg_has_role('%1', 'MEMBER') END")
            .arg(QLatin1String(role));
    };
    QSqlQuery query(db);
    query.setForwardOnly(true);
    const QString sql = QStringLiteral("SELECT r.rolname, r.rolsuper, r.rolreplication, ")
                        + member("pg_execute_server_program") + QStringLiteral(", ")
                        + member("pg_write_server_files") + QStringLiteral(", ")
                        + member("pg_signal_backend")
                        + QStringLiteral(" FROM pg_catalog.pg_roles r WHERE r.rolname = "
                                         "current_user");
    if (!query.exec(sql) || !query.next())
        throw queryError(query, target);
    RoleCapabilities capabilities;
    capabilities.role = query.value(0).toString();
    capabilities.superuser = query.value(1).toBool();
    capabilities.replication = query.value(2).toBool();
    capabilities.executeServerProgram = query.value(3).toBool();
    capabilities.writeServerFiles = query.value(4).toBool();
    capabilities.signalBackend = query.value(5).toBool();
    return capabilities;
}

} // namespace kvs::rawsql
