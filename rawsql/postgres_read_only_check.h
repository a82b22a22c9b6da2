#pragma once

#include <string_view>

namespace kvs::rawsql {

// The read-only console's check of a PostgreSQL statement, on the client, before the server
// sees it (the server's own read-only transaction refuses writes; this refuses what such a
// transaction allows and what outlives it). The text is read with the server's lexical rules
// (postgres_lexer.h), once as if standard_conforming_strings were on and once as if off, and
// refused when either reading finds:
// - a statement other than SELECT, VALUES, TABLE, WITH or EXPLAIN (COPY, CHECKPOINT, SET, DO,
//   PREPARE, LOCK, ...), or EXPLAIN ANALYZE (it runs its statement);
// - INSERT, UPDATE, DELETE, MERGE or INTO anywhere (a data-modifying WITH, SELECT INTO);
// - a word naming a denied function (function_denylist.h), whatever its case, quoting,
//   schema, or place (a CTE, a subquery, FROM).
// Throws kvs::Error "kvs: the console is read-only: <why>". Thread rule: safe from any thread.
void checkReadOnlyPostgresStatement(std::string_view text);

// Whether the statement is itself an EXPLAIN (the plan check below then has nothing to add:
// EXPLAIN without ANALYZE runs nothing). Requires: it passed the check above.
bool isExplainStatement(std::string_view text);

// The second reading, of the server's own parse: the output of EXPLAIN (VERBOSE) of the
// statement names, schema-qualified and with views expanded, the functions its plan calls.
// Throws kvs::Error "kvs: the console is read-only: NAME() has effects beyond the statement"
// when the plan names a denied function.
void checkReadOnlyPostgresPlan(std::string_view planText);

} // namespace kvs::rawsql
