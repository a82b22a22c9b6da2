#include "rawsql/pq_value.h"

#include <QByteArray>
#include <QString>

#include <libpq-fe.h>

namespace kvs::rawsql {
namespace {

// The built-in type OIDs (pg_type.dat), which are fixed.
constexpr Oid kBool = 16;
constexpr Oid kBytea = 17;
constexpr Oid kInt8 = 20;
constexpr Oid kInt2 = 21;
constexpr Oid kInt4 = 23;
constexpr Oid kOid = 26;
constexpr Oid kFloat4 = 700;
constexpr Oid kFloat8 = 701;

} // namespace

QVariant pqValue(const PGresult *result, int row, int column)
{
    if (PQgetisnull(result, row, column))
        return {};
    const char *text = PQgetvalue(result, row, column);
    const int length = PQgetlength(result, row, column);
    switch (PQftype(result, column)) {
    case kBool:
        return QVariant(length > 0 && text[0] == 't');
    case kInt2:
    case kInt4:
    case kInt8:
    case kOid:
        return QVariant(QByteArray::fromRawData(text, length).toLongLong());
    case kFloat4:
    case kFloat8: {
        bool ok = false;
        const double value = QByteArray::fromRawData(text, length).toDouble(&ok);
        return ok ? QVariant(value) : QVariant(QString::fromLatin1(text, length));
    }
    case kBytea: {
        std::size_t size = 0;
        unsigned char *bytes
            = PQunescapeBytea(reinterpret_cast<const unsigned char *>(text), &size);
        if (!bytes)
            return QVariant(QString::fromUtf8(text, length));
        QByteArray value(reinterpret_cast<const char *>(bytes), qsizetype(size));
        PQfreemem(bytes);
        return QVariant(value);
    }
    default:
        return QVariant(QString::fromUtf8(text, length));
    }
}

} // namespace kvs::rawsql
