#include "postgres/pq_connection.h"
#include "watch/change_probe.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>

#include <chrono>
#include <memory>
#include <optional>

namespace kvs::detail {

namespace {

constexpr std::chrono::milliseconds kConnectTimeout{10000};

// The probes, best first. Each reads one text that changes when some transaction of the server
// ends, and each is open to any user (checked as a role without privileges in the tests):
// - pg_current_snapshot() (PostgreSQL 13+) lists the transactions in progress and the next one
//   to come; any transaction that wrote (a set, a delete, cleanExpired, reset: all take a
//   transaction id) changes it when it ends, at the moment its rows become visible, so the
//   re-read that follows sees them. Transactions that wrote nothing do not move it.
// - txid_current_snapshot(): the same before PostgreSQL 13.
// - pg_current_wal_lsn(): moves with every commit too, but a little before the rows become
//   visible, so one more re-read follows each move; refused on a standby.
// The versionstamp sequence is no probe: deletes, cleanExpired and reset do not move it.
struct Candidate
{
    const char *sql;
    const char *description;
    bool settles; // the text moves before the commit is visible: re-read once more afterwards
};

constexpr Candidate kCandidates[] = {
    {"SELECT pg_current_snapshot()::text", "pg_current_snapshot()", false},
    {"SELECT txid_current_snapshot()::text", "txid_current_snapshot()", false},
    {"SELECT pg_current_wal_lsn()::text", "pg_current_wal_lsn()", true},
};

// The probe connection is plain libpq: kvs's own parameters are taken out as the adapter does.
std::string probeConninfo(std::string connection)
{
    (void)takeConnectionParameter(connection, "pool_max", true);
    (void)takeConnectionParameter(connection, "timeout_ms", true);
    return connection;
}

class PostgresChangeProbe final : public ChangeProbe
{
public:
    explicit PostgresChangeProbe(const std::string &connection)
        : m_conninfo(probeConninfo(connection))
    {
        connect();
    }

    bool changed() override
    {
        if (!m_connection) {
            // The connection broke at an earlier call: the server restarted, or ended this
            // session. Commits made meanwhile were not seen, so a working reconnect counts as a
            // move and the feed re-reads once (the catch-up).
            connect();
            return true;
        }
        if (!m_candidate)
            return true; // no probe the server allows: every poll re-reads
        std::string text;
        try {
            text = read(*m_candidate);
        } catch (const ConnectionError &) {
            m_connection.reset(); // the next call connects again
            throw;
        }
        const bool moved = text != m_last;
        m_last = std::move(text);
        const bool settle = m_settle;
        m_settle = moved && m_candidate->settles;
        return moved || settle;
    }

    std::string description() const override
    {
        return m_candidate ? m_candidate->description
                           : "none the server allows (every poll re-reads)";
    }

private:
    // Connects and picks the best probe the server allows. Throws ConnectionError when it
    // cannot connect (the probe then stays without a connection, and tries at the next call).
    void connect()
    {
        auto connection = std::make_unique<PqConnection>(m_conninfo, kConnectTimeout);
        m_connection = std::move(connection);
        m_candidate = nullptr;
        m_settle = false;
        try {
            for (const Candidate &candidate : kCandidates) {
                try {
                    m_last = read(candidate);
                    m_candidate = &candidate;
                    return;
                } catch (const ConnectionError &) {
                    throw;
                } catch (const DatabaseError &) {
                    // Refused (no such function, no permission, a standby): try the next one.
                }
            }
        } catch (const ConnectionError &) {
            m_connection.reset();
            throw;
        }
    }

    std::string read(const Candidate &candidate)
    {
        const PqResult result = m_connection->exec(candidate.sql);
        return std::string(result.bytes(0, 0));
    }

    std::string m_conninfo;
    std::unique_ptr<PqConnection> m_connection; // Owned. Null after it broke, until reconnected.
    const Candidate *m_candidate = nullptr;     // Not owned (static). Null: none works.
    std::string m_last;
    bool m_settle = false;
};

} // namespace

std::unique_ptr<ChangeProbe> makePostgresProbe(const std::string &connection)
{
    return std::make_unique<PostgresChangeProbe>(connection);
}

} // namespace kvs::detail
