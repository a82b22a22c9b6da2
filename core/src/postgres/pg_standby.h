#pragma once

#include "postgres/pq_connection.h"

#include <kvs/postgres_adapter.h>

namespace kvs::detail {

// Whether the server of connection is a standby (a hot standby replaying a primary's WAL:
// pg_is_in_recovery()). It reads, and never takes DDL or a write.
[[nodiscard]] bool isStandby(PqConnection &connection);

// A writable open on a standby, refused before anything is sent that could write, with an error
// that names it: ReadOnlyError "kvs: PostgreSQL at HOST:PORT/DB is a standby (a read replica
// in recovery): it takes no writes; open it read-only, or connect to the primary". Throws that
// when the server of connection is a standby; returns otherwise.
void refuseWritesOnStandby(PqConnection &connection);

// What the server of connection is (kvs::ServerRole): one statement of system functions and
// views, no table of kvs's. Throws as the statement does.
[[nodiscard]] ServerRole readServerRole(PqConnection &connection);

} // namespace kvs::detail
