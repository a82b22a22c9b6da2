#include "rawsql/kvs_tables.h"

#include "rawsql/bound_query.h"
#include "rawsql/query_error.h"

#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

namespace kvs::rawsql {
namespace {

QString quotedIdentifier(const QString &name)
{
    QString text = name;
    text.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + text + QLatin1Char('"');
}

struct TableShape
{
    const char *label;
    const char *orderColumn;
};

// The store's schema (core/src/sqlite/sqlite_schema.cpp, core/src/postgres/pg_schema.cpp).
constexpr TableShape kTables[]
    = {{"kv", "key"}, {"queue", "id"}, {"meta", "key"}, {"kv_versionstamp", "id"}};

} // namespace

ColumnMeaning KvsTable::meaningOf(const QString &column) const
{
    if (label == QLatin1String("kv") && column == QLatin1String("key"))
        return ColumnMeaning::EncodedKey;
    if ((label == QLatin1String("kv") && column == QLatin1String("value"))
        || (label == QLatin1String("queue") && column == QLatin1String("payload")))
        return ColumnMeaning::EncodedValue;
    return ColumnMeaning::Plain;
}

QList<KvsTable> findKvsTables(const QSqlDatabase &db, const RawSqlTarget &target)
{
    QStringList names;
    for (const TableShape &shape : kTables)
        names << target.tablePrefix + QLatin1String(shape.label);

    QSqlQuery query(db);
    if (target.isPostgres()) {
        // Tables and the sequence alike; the schema set, or the first of the search path.
        runBoundQuery(
            query,
            QStringLiteral(
                "SELECT c.relname, c.relkind FROM pg_catalog.pg_class c JOIN "
                "pg_catalog.pg_namespace n "
                "ON n.oid = c.relnamespace WHERE n.nspname = COALESCE(NULLIF(?, ''), "
                "current_schema()) "
                "AND c.relkind IN ('r', 'p', 'S') AND c.relname = ANY (string_to_array(?, ','))"),
            {target.schema, names.join(QLatin1Char(','))},
            target);
    } else {
        runBoundQuery(query,
                      QStringLiteral("SELECT name, 'r' FROM sqlite_master WHERE type = 'table' "
                                     "AND name IN (?, ?, ?, ?)"),
                      QVariantList(names.begin(), names.end()),
                      target);
    }
    QStringList found;
    QStringList sequences;
    while (query.next()) {
        found << query.value(0).toString();
        if (query.value(1).toString() == QLatin1String("S"))
            sequences << query.value(0).toString();
    }

    QList<KvsTable> tables;
    for (const TableShape &shape : kTables) {
        KvsTable table;
        table.label = QLatin1String(shape.label);
        table.name = target.tablePrefix + table.label;
        if (!found.contains(table.name))
            continue;
        table.isSequence = sequences.contains(table.name);
        table.orderColumn = table.isSequence ? QString() : QLatin1String(shape.orderColumn);
        table.sqlName = quotedIdentifier(table.name);
        if (target.isPostgres() && !target.schema.isEmpty())
            table.sqlName = quotedIdentifier(target.schema) + QLatin1Char('.') + table.sqlName;
        tables << table;
    }
    return tables;
}

} // namespace kvs::rawsql
