#include "postgres/pg_standby.h"

#include <kvs/errors.h>

#include <charconv>

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

ServerRole readServerRole(PqConnection &connection)
{
    // As text (results come in binary). On a primary the recovery functions are null. The lag
    // is 0 once everything received is replayed: the age of the last replayed commit alone
    // would grow while the primary is idle.
    const PqResult result = connection.exec(
        "SELECT pg_is_in_recovery()::text,"
        " (SELECT sender_host FROM pg_stat_wal_receiver LIMIT 1),"
        " (SELECT sender_port::text FROM pg_stat_wal_receiver LIMIT 1),"
        " CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN '0'"
        " ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())::text END");
    ServerRole role;
    role.server = connection.target();
    role.standby = result.bytes(0, 0) == "true";
    role.tls = connection.tls();
    if (!role.standby)
        return role;
    if (const std::optional<std::string> host = result.optionalText(0, 1)) {
        const bool ipv6 = host->find(':') != std::string::npos && host->front() != '/';
        role.primary = ipv6 ? "[" + *host + "]" : *host;
        if (const std::optional<std::string> port = result.optionalText(0, 2))
            role.primary += ":" + *port;
    }
    if (const std::optional<std::string> lag = result.optionalText(0, 3)) {
        double seconds = 0;
        const auto [end, error] = std::from_chars(lag->data(), lag->data() + lag->size(), seconds);
        if (error == std::errc())
            role.replayLagSeconds = seconds < 0 ? 0.0 : seconds; // clocks a little apart
    }
    return role;
}

} // namespace kvs::detail
