#include "rawsql/table_page_reader.h"

#include "rawsql/bound_query.h"
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
    if (table.isSequence) {
        runBoundQuery(query,
                      QStringLiteral("SELECT last_value, is_called, log_cnt FROM ") + table.sqlName,
                      {},
                      target);
        return readAll(query, false);
    }
    const QString select = QStringLiteral("SELECT * FROM ") + table.sqlName;
    const QString column = QLatin1Char('"') + table.orderColumn + QLatin1Char('"');
    const QString ascending = QStringLiteral(" ORDER BY ") + column;
    const QString descending = ascending + QStringLiteral(" DESC");
    const QString limit = QStringLiteral(" LIMIT %1").arg(std::max(1, request.limit));
    const QString offset = QStringLiteral(" OFFSET %1").arg(std::max<qint64>(0, request.offset));
    QString sql;
    bool reversed = false;
    switch (request.anchor) {
    case PageRequest::Anchor::First:
        sql = select + ascending + limit;
        break;
    case PageRequest::Anchor::After:
        sql = select + QStringLiteral(" WHERE ") + column + QStringLiteral(" > ?") + ascending
              + limit;
        break;
    case PageRequest::Anchor::Before:
        sql = select + QStringLiteral(" WHERE ") + column + QStringLiteral(" < ?") + descending
              + limit;
        reversed = true;
        break;
    case PageRequest::Anchor::Last:
        sql = select + descending + limit;
        reversed = true;
        break;
    case PageRequest::Anchor::Offset:
        sql = select + ascending + limit + offset;
        break;
    case PageRequest::Anchor::OffsetFromEnd:
        sql = select + descending + limit + offset;
        reversed = true;
        break;
    }
    const bool keyed = request.anchor == PageRequest::Anchor::After
                       || request.anchor == PageRequest::Anchor::Before;
    runBoundQuery(query, sql, keyed ? QVariantList{request.key} : QVariantList{}, target);
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
