#pragma once

#include "rawsql/kvs_tables.h"
#include "rawsql/table_page.h"

namespace kvs::rawsql {

// page with a text column after each encoded key or value column of table ("key (decoded)"),
// holding the key or value literal its bytes decode to (at most maxLength characters, then
// "…"), or "cannot decode: <why>" for bytes that are no kvs encoding. Done on the worker's
// thread, so the view only shows ready text.
TablePage withDecodedColumns(TablePage page, const KvsTable &table, int maxLength = 400);

// The suffix of a decoded column's name.
QString decodedSuffix();

} // namespace kvs::rawsql
