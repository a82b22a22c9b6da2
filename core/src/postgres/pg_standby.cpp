#include "postgres/pg_standby.h"

#include <kvs/errors.h>

namespace kvs::detail {

bool isStandby(PqConnection &connection)
{
    // As text: results come in binary, and a bool's binary form is one byte.
    const PqResult result = connection.exec("SELECT pg_is_in_recovery()::text");
    return result.bytes(0, 0) == "true";
}

void refuseWritesOnStandby(PqConnection &connection)
{
    // Asked first: a standby refuses CREATE TABLE only "in a read-only transaction", which
    // does not say why nor what to do.
    if (isStandby(connection))
        throw ReadOnlyError("kvs: PostgreSQL at " + connection.target()
                            + " is a standby (a read replica in recovery): it takes no writes; "
                              "open it read-only, or connect to the primary");
}

} // namespace kvs::detail
