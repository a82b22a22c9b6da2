#include "rawsql/csv_writer.h"

#include <QIODevice>

namespace kvs::rawsql {
namespace {

QByteArray field(const QVariant &value)
{
    if (value.isNull())
        return {};
    QByteArray text = value.typeId() == QMetaType::QByteArray ? value.toByteArray().toHex()
                                                              : value.toString().toUtf8();
    if (text.contains(',') || text.contains('"') || text.contains('\n') || text.contains('\r')) {
        text.replace('"', "\"\"");
        text = '"' + text + '"';
    }
    return text;
}

QByteArray line(const QVariantList &values)
{
    QByteArray out;
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i > 0)
            out += ',';
        out += field(values.at(i));
    }
    return out + "\r\n";
}

} // namespace

bool writeCsvHeader(QIODevice &out, const QStringList &columns)
{
    QVariantList header;
    for (const QString &column : columns)
        header << column;
    return out.write(line(header)) >= 0;
}

bool writeCsvRows(QIODevice &out, const QList<QVariantList> &rows)
{
    for (const QVariantList &row : rows) {
        if (out.write(line(row)) < 0)
            return false;
    }
    return true;
}

} // namespace kvs::rawsql
