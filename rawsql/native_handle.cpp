#include "rawsql/native_handle.h"

#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QSqlResult>
#include <QVariant>

namespace kvs::rawsql {
namespace {

template <typename Handle>
Handle *fromVariant(const QVariant &handle, const char *typeName)
{
    if (!handle.isValid() || qstrcmp(handle.typeName(), typeName) != 0)
        return nullptr;
    return *static_cast<Handle *const *>(handle.constData());
}

template <typename Handle>
Handle *nativeHandle(const QSqlDatabase &db, const char *typeName)
{
    if (!db.isValid() || !db.driver())
        return nullptr;
    return fromVariant<Handle>(db.driver()->handle(), typeName);
}

} // namespace

pg_conn *postgresHandle(const QSqlDatabase &db)
{
    return nativeHandle<pg_conn>(db, "pg_conn*");
}

sqlite3 *sqliteHandle(const QSqlDatabase &db)
{
    return nativeHandle<sqlite3>(db, "sqlite3*");
}

sqlite3_stmt *sqliteStatementHandle(const QSqlQuery &query)
{
    const QSqlResult *result = query.result();
    return result ? fromVariant<sqlite3_stmt>(result->handle(), "sqlite3_stmt*") : nullptr;
}

} // namespace kvs::rawsql
