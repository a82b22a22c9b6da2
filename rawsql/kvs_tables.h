#pragma once

#include "rawsql/raw_sql_target.h"

#include <QList>
#include <QString>

class QSqlDatabase;

namespace kvs::rawsql {

// How a column's bytes are read for display beside their hex.
enum class ColumnMeaning { Plain, EncodedKey, EncodedValue };

// One of a store's tables as stored: kv, queue, meta and (SQLite) kv_versionstamp, or, on
// PostgreSQL, the versionstamp sequence, shown as a one-row table of its state.
struct KvsTable
{
    QString label;       // "kv", as the store names it without prefix
    QString name;        // "<prefix>kv", as the catalog names it
    QString sqlName;     // quoted, qualified by the schema when one is set
    QString orderColumn; // the keyset column (primary key); "" for the sequence
    bool isSequence = false;

    ColumnMeaning meaningOf(const QString &column) const;
};

// The kvs tables of target that exist on db, in a fixed order (kv, queue, meta, versionstamp).
// Throws kvs::Error with the driver's message when the catalog cannot be read.
QList<KvsTable> findKvsTables(const QSqlDatabase &db, const RawSqlTarget &target);

} // namespace kvs::rawsql
