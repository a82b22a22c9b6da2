#pragma once

#include "postgres/pq_handle.h"
#include "postgres/pq_params.h"
#include "postgres/pq_result.h"

#include <kvs/connection_tls.h>

#include <chrono>
#include <exception>
#include <string>
#include <unordered_set>
#include <vector>

namespace kvs::detail {

// A statement prepared once per connection under its name (the name is unique per adapter,
// whose schema and tablePrefix are in the SQL).
struct PqStatement
{
    std::string name;
    std::string sql;
};

// One statement of a pipeline and its outcome: a prepared statement, or sql run unnamed.
struct PqCall
{
    const PqStatement *statement = nullptr;
    std::string sql; // when statement is null
    PqParams params;
    PqResult result;
    std::exception_ptr error;
};

// One PostgreSQL connection, in libpq's pipeline mode with a non-blocking socket (STYLE.md 14):
// a batch of statements is sent in one write and answered in one read, so requests in flight
// share round trips. Each statement is followed by its own sync, so outside BEGIN each is its own
// transaction and one failing never aborts another. Dead peers are found by TCP keepalives.
// Thread rule: one thread at a time (a pool worker), except cancel().
class PqConnection
{
public:
    // Connects with PQconnectStartParams / PQconnectPoll within timeout (conninfo: a postgres://
    // URL or key=value text, password never in a message). Throws ConnectionError naming the
    // step that failed: resolving the host, connecting, TLS, authenticating, or the database.
    // callTimeout (0: none) bounds each run() and exec(): past it the statement is cancelled
    // (PQcancel on a thread of its own, never waited for: a frozen server would hold it), the
    // connection is marked broken and the call throws ConnectionError (Timeout).
    PqConnection(const std::string &conninfo,
                 std::chrono::milliseconds timeout,
                 std::chrono::milliseconds callTimeout = std::chrono::milliseconds(0));
    ~PqConnection();
    PqConnection(const PqConnection &) = delete;
    PqConnection &operator=(const PqConnection &) = delete;

    // Runs calls in one pipeline and fills each one's result or error: DatabaseError with the
    // SQLSTATE for a statement the server refused, ConnectionError (Lost) for every call left
    // unanswered when the connection breaks (isBroken() is true then).
    void run(const std::vector<PqCall *> &calls);
    // One prepared statement; throws its error.
    PqResult run(const PqStatement &statement, const PqParams &params);
    // One statement run unnamed (DDL, transaction control); throws its error.
    PqResult exec(const std::string &sql, const PqParams &params = {});

    bool isBroken() const noexcept { return m_broken; }
    // For an idle connection, before a pool hands it out: whether the server closed it meanwhile
    // (pg_terminate_backend, a restart, idle_session_timeout). The server says so on the socket
    // when it ends a session, so one poll without waiting finds it, and the caller reconnects
    // before sending anything: no statement can have run twice. Marks the connection broken.
    bool closedByServer();
    // Whether a transaction is open (a pool returns a connection only when it is not).
    bool inTransaction() const;
    // Whether this connection found a pooler in front of the server (its startup options
    // refused, or a backend process id that is not the server's): it then runs statements
    // unnamed, one at a time, each with JIT off for its own transaction.
    bool pooled() const noexcept { return m_pooled; }
    // "host:port/database", for messages.
    const std::string &target() const noexcept { return m_target; }
    // Whether the connection is encrypted, and how (libpq's PQsslInUse, PQsslAttribute).
    ConnectionTls tls() const;
    // Asks the server to cancel the statement in progress. Safe from any thread.
    void cancel() noexcept;

private:
    void flush();
    void waitFor(short events);
    pg_result *nextResult();
    [[noreturn]] void lost(const std::string &what);
    [[noreturn]] void timedOut();
    // password: a password command's (kvs/password_command.h), or null for libpq's own.
    void connect(const std::string &conninfo,
                 bool startupOptions,
                 std::chrono::steady_clock::time_point deadline,
                 std::chrono::milliseconds timeout,
                 const char *password);
    // What send() put in front of a call's statement, whose results come first.
    struct Sent
    {
        bool jitOff = false;    // set_config('jit', 'off', true), on a pooled connection
        bool preparing = false; // a Parse of the named statement
    };
    // Whether the server's backend process id differs from the one the startup gave (one
    // round trip, at connect): then a pooler is in between.
    bool behindPooler();
    // Sends one call of a pipeline and its sync: its statement prepared under its name, or
    // unnamed on a pooled connection (or when it has no statement).
    Sent send(PqCall &call);

    PqConnHandle m_conn;
    PqCancelHandle m_cancel;
    std::string m_target;
    std::unordered_set<std::string> m_prepared;
    bool m_broken = false;
    // Behind a pooler (PgBouncer in transaction mode hands each transaction any of its server
    // connections, where our named statements may not exist, or exist with another store's
    // SQL): statements run unnamed.
    bool m_pooled = false;
    bool m_endedByServer = false; // an error arrived while idle: the server is ending the session
    std::chrono::milliseconds m_callTimeout;
    std::chrono::steady_clock::time_point m_deadline; // of the run() in progress, with a timeout
};

} // namespace kvs::detail
