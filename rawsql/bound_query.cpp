#include "rawsql/bound_query.h"

#include "rawsql/query_error.h"

#include <QMetaType>
#include <QSqlQuery>

#include <stdexcept>

namespace kvs::rawsql {

QString postgresLiteral(const QVariant &value)
{
    if (value.isNull())
        return QStringLiteral("NULL");
    // An E'' string reads backslashes as escapes whatever standard_conforming_strings says.
    const auto bytea = [](const QByteArray &bytes) {
        return QStringLiteral("E'\\\\x") + QString::fromLatin1(bytes.toHex())
               + QStringLiteral("'::bytea");
    };
    switch (value.typeId()) {
    case QMetaType::QByteArray:
        return bytea(value.toByteArray());
    case QMetaType::QString:
        return QStringLiteral("convert_from(") + bytea(value.toString().toUtf8())
               + QStringLiteral(", 'UTF8')");
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::ULong:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
        return value.toString();
    default:
        throw std::logic_error("runBoundQuery: no PostgreSQL literal for a value of type "
                               + std::string(value.typeName()));
    }
}

void runBoundQuery(QSqlQuery &query,
                   const QString &sql,
                   const QVariantList &values,
                   const RawSqlTarget &target)
{
    query.setForwardOnly(true);
    if (!target.isPostgres()) {
        prepareOrThrow(query, sql, target);
        for (const QVariant &value : values)
            query.addBindValue(value);
        if (!query.exec())
            throw queryError(query, target);
        return;
    }
    QString text;
    qsizetype next = 0;
    for (const QChar c : sql) {
        if (c == QLatin1Char('?') && next < values.size())
            text += postgresLiteral(values[next++]);
        else
            text += c;
    }
    if (next != values.size())
        throw std::logic_error("runBoundQuery: more values than placeholders");
    if (!query.exec(text))
        throw queryError(query, target);
}

} // namespace kvs::rawsql
