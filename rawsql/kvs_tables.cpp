#include "rawsql/kvs_tables.h"

#include "rawsql/bound_query.h"
#include "rawsql/query_error.h"

#include <kvs/table_names.h>

#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

namespace kvs::rawsql {

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
    // The store's names (kvs/table_names.h); a prefix or schema that is not an identifier is
    // quoted as it is, never refused: the view only reads.
    const TableNames storeNames(target.tablePrefix.toStdString(),
                                target.isPostgres() ? target.schema.toStdString() : std::string());
    QStringList names;
    for (const StoreTable &table : kStoreTables)
        names << QString::fromStdString(storeNames.name(table.label));

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
    for (const StoreTable &shape : kStoreTables) {
        KvsTable table;
        table.label = QString::fromUtf8(shape.label.data(), qsizetype(shape.label.size()));
        table.name = QString::fromStdString(storeNames.name(shape.label));
        if (!found.contains(table.name))
            continue;
        table.isSequence = sequences.contains(table.name);
        table.orderColumn = table.isSequence ? QString()
                                             : QString::fromUtf8(shape.keyColumn.data(),
                                                                 qsizetype(shape.keyColumn.size()));
        table.sqlName = QString::fromStdString(storeNames.sqlName(shape.label));
        tables << table;
    }
    return tables;
}

} // namespace kvs::rawsql
