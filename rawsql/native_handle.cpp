#include "rawsql/native_handle.h"

#include <QSqlDatabase>
#include <QSqlDriver>
#include <QVariant>

namespace kvs::rawsql {
namespace {

template <typename Handle>
Handle *nativeHandle(const QSqlDatabase &db, const char *typeName)
{
    if (!db.isValid() || !db.driver())
        return nullptr;
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), typeName) != 0)
        return nullptr;
    return *static_cast<Handle *const *>(handle.constData());
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

} // namespace kvs::rawsql
