#pragma once

#include <QLoggingCategory>

namespace kvs::rawsql {

// The logging category of kvs_rawsql, "kvs.rawsql" (STYLE.md 23).
Q_DECLARE_LOGGING_CATEGORY(lcRawSql)

} // namespace kvs::rawsql
