#include "rawsql/table_page_reader.h"

#include "rawsql/query_error.h"

#include <QSqlQuery>
#include <QSqlRecord>

#include <algorithm>

namespace kvs::rawsql {
namespace {

TablePage readAll(QSqlQuery &query, bool reversed)
{
    TablePage page;
    const QSqlRecord record = query.record();
    for (int i = 0; i < record.count(); ++i)
        page.columns << record.fieldName(i);
    while (query.next()) {
        QVariantList row;
        row.reserve(record.count());
        for (int i = 0; i < record.count(); ++i)
            row << query.value(i);
        page.rows << row;
    }
    if (reversed)
        std::reverse(page.rows.begin(), page.rows.end());
    return page;
}

} // namespace

TablePage readTablePage(const QSqlDatabase &db,
                        const RawSqlTarget &target,
                        const KvsTable &table,
                        const PageRequest &request)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (table.isSequence) {
        query.prepare(QStringLiteral("SELECT last_value, is_called, log_cnt FROM ")
                      + table.sqlName);
        if (!query.exec())
            throw queryError(query, target);
        return readAll(query, false);
    }
    const QString select = QStringLiteral("SELECT * FROM ") + table.sqlName;
    const QString column = QLatin1Char('"') + table.orderColumn + QLatin1Char('"');
    const QString limit = QStringLiteral(" LIMIT %1").arg(std::max(1, request.limit));
    bool reversed = false;
    switch (request.anchor) {
    case PageRequest::Anchor::First:
        query.prepare(select + QStringLiteral(" ORDER BY ") + column + limit);
        break;
    case PageRequest::Anchor::After:
        query.prepare(select + QStringLiteral(" WHERE ") + column + QStringLiteral(" > ? ORDER BY ")
                      + column + limit);
        query.addBindValue(request.key);
        break;
    case PageRequest::Anchor::Before:
        query.prepare(select + QStringLiteral(" WHERE ") + column + QStringLiteral(" < ? ORDER BY ")
                      + column + QStringLiteral(" DESC") + limit);
        query.addBindValue(request.key);
        reversed = true;
        break;
    case PageRequest::Anchor::Last:
        query.prepare(select + QStringLiteral(" ORDER BY ") + column + QStringLiteral(" DESC")
                      + limit);
        reversed = true;
        break;
    case PageRequest::Anchor::Offset:
        query.prepare(select + QStringLiteral(" ORDER BY ") + column + limit
                      + QStringLiteral(" OFFSET %1").arg(std::max<qint64>(0, request.offset)));
        break;
    case PageRequest::Anchor::OffsetFromEnd:
        query.prepare(select + QStringLiteral(" ORDER BY ") + column + QStringLiteral(" DESC")
                      + limit
                      + QStringLiteral(" OFFSET %1").arg(std::max<qint64>(0, request.offset)));
        reversed = true;
        break;
    }
    if (!query.exec())
        throw queryError(query, target);
    return readAll(query, reversed);
}

qint64 countTableRows(const QSqlDatabase &db, const RawSqlTarget &target, const KvsTable &table)
{
    if (table.isSequence)
        return 1;
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT count(*) FROM ") + table.sqlName) || !query.next())
        throw queryError(query, target);
    return query.value(0).toLongLong();
}

} // namespace kvs::rawsql
