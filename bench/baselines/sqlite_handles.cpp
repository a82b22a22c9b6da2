#include "bench/baselines/sqlite_handles.h"

#include <sqlite3.h>

namespace kvs::bench {

void SqliteCloser::operator()(sqlite3 *db) const noexcept
{
    sqlite3_close_v2(db);
}

void StatementFinalizer::operator()(sqlite3_stmt *statement) const noexcept
{
    sqlite3_finalize(statement);
}

} // namespace kvs::bench
