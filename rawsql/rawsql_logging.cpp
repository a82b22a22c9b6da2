#include "rawsql/rawsql_logging.h"

namespace kvs::rawsql {

Q_LOGGING_CATEGORY(lcRawSql, "kvs.rawsql")

} // namespace kvs::rawsql
