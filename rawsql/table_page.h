#pragma once

#include <QList>
#include <QMetaType>
#include <QStringList>
#include <QVariant>

namespace kvs::rawsql {

// Rows of a table or a statement's result as Qt Sql read them (BLOBs and bytea as QByteArray).
struct TablePage
{
    QStringList columns;
    QList<QVariantList> rows;
};

// Which rows of a table a page read asks for, in the table's key order.
struct PageRequest
{
    enum class Anchor {
        First,         // the first limit rows
        After,         // rows after key
        Before,        // the limit rows just before key
        Last,          // the last limit rows
        Offset,        // limit rows from position offset (no neighbour page is known)
        OffsetFromEnd, // limit rows ending offset rows before the end (a jump near the end)
    };
    Anchor anchor = Anchor::First;
    QVariant key;
    qint64 offset = 0;
    int limit = 200;
};

} // namespace kvs::rawsql

Q_DECLARE_METATYPE(kvs::rawsql::TablePage)
