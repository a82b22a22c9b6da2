#pragma once

#include "rawsql/kvs_tables.h"
#include "rawsql/table_page.h"

class QSqlDatabase;

namespace kvs::rawsql {

// Reads a kvs table by keyset (WHERE key > ? ORDER BY key LIMIT n), so a page costs an index
// seek wherever it lies; only a jump with no known neighbour page falls back to OFFSET (from
// the start or from the end, whichever the caller finds nearer). Rows come back in key order
// whatever the anchor. Throws kvs::DatabaseError with the driver's message. Thread rule: on db's
// thread.
TablePage readTablePage(const QSqlDatabase &db,
                        const RawSqlTarget &target,
                        const KvsTable &table,
                        const PageRequest &request);
// The table's row count (1 for the sequence).
qint64 countTableRows(const QSqlDatabase &db, const RawSqlTarget &target, const KvsTable &table);

} // namespace kvs::rawsql
