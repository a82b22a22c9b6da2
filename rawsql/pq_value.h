#pragma once

#include <QVariant>

struct pg_result;

namespace kvs::rawsql {

// One field of a PostgreSQL result in text format as the grid and CSV take it: NULL as a null
// QVariant, bool, the integer types as qlonglong, float4/float8 as double (their NaN and
// infinities as written), bytea as QByteArray (hex or escape output alike), every other type
// (numeric exactly, dates, JSON, arrays) as the server's text.
// Thread rule: a pure function, safe from any thread.
QVariant pqValue(const pg_result *result, int row, int column);

} // namespace kvs::rawsql
