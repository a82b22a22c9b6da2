#pragma once

#include "rawsql/table_page.h"

#include <QMetaType>

namespace kvs::rawsql {

// One page of a console statement's result.
struct StatementResult
{
    TablePage page;
    bool returnsRows = false; // a query (columns shown) rather than a command
    bool atEnd = true;        // no more rows; the statement's transaction is closed
    qint64 rowsAffected = -1; // a command's count, when the driver reports one
    qint64 elapsedUs = 0;     // from sending the statement to this page read
};

} // namespace kvs::rawsql

Q_DECLARE_METATYPE(kvs::rawsql::StatementResult)
