#include "postgres/pq_connection.h"

#include "postgres/pq_errors.h"

#include <kvs/errors.h>
#include <kvs/password_command.h>

#include <QLoggingCategory>

#include <libpq-fe.h>

#include <cstring>
#include <poll.h>
#include <thread>
#include <vector>

Q_LOGGING_CATEGORY(lcPostgres, "kvs.core.pg")

namespace kvs::detail {

void PqConnFinisher::operator()(pg_conn *conn) const noexcept
{
    PQfinish(conn);
}

void PqCancelFreer::operator()(pg_cancel *cancel) const noexcept
{
    PQfreeCancel(cancel);
}

namespace {

using Clock = std::chrono::steady_clock;

// Waits until fd is ready for events or the deadline passes; false on timeout.
bool pollUntil(int fd, short events, Clock::time_point deadline)
{
    for (;;) {
        const auto left
            = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0)
            return false;
        pollfd pfd{fd, events, 0};
        const int rc = ::poll(&pfd, 1, static_cast<int>(left.count()));
        if (rc > 0)
            return true;
        if (rc == 0)
            return false;
        if (errno != EINTR)
            return true; // let libpq report the socket's error
    }
}

std::string targetOf(PGconn *conn)
{
    const char *host = PQhost(conn);
    const char *port = PQport(conn);
    const char *db = PQdb(conn);
    return std::string(host && *host ? host : "localhost") + ":" + (port && *port ? port : "5432")
           + "/" + (db ? db : "");
}

} // namespace

PqConnection::PqConnection(const std::string &conninfo,
                           std::chrono::milliseconds timeout,
                           std::chrono::milliseconds callTimeout)
    : m_callTimeout(callTimeout)
{
    const Clock::time_point deadline = Clock::now() + timeout;
    // A password command (kvs/password_command.h) is asked at every new connection: a token
    // may have expired since the last one.
    std::optional<std::string> password = commandPassword(conninfo);
    const auto attempt = [&] {
        const char *given = password ? password->c_str() : nullptr;
        try {
            connect(conninfo, true, deadline, timeout, given);
        } catch (const ConnectionError &error) {
            // PgBouncer (with its default ignore_startup_parameters) refuses a startup packet
            // that carries options: connect again without ours. Such a connection is behind a
            // pooler, so it also runs its statements unnamed (run()).
            if (!std::strstr(error.what(), "unsupported startup parameter"))
                throw;
            connect(conninfo, false, deadline, timeout, given);
            m_pooled = true;
        }
    };
    try {
        attempt();
    } catch (const ConnectionError &error) {
        // The server refused the command's password: it may have expired between the command
        // and the login. Once more with a fresh one.
        if (!password || error.step() != ConnectionError::Step::Authenticate)
            throw;
        password = commandPassword(conninfo);
        attempt();
    }
    m_target = targetOf(m_conn.get());
    if (PQsetnonblocking(m_conn.get(), 1) != 0 || PQenterPipelineMode(m_conn.get()) != 1)
        throw ConnectionError("kvs: PostgreSQL at " + m_target + " refused pipeline mode",
                              ConnectionError::Step::Connect);
    m_cancel.reset(PQgetCancel(m_conn.get()));
    if (!m_pooled)
        m_pooled = behindPooler();
    // The server's NOTICEs ("relation ... already exists, skipping") are not errors: libpq
    // would print them to stderr, in a CLI's output. An error that arrives while the connection
    // is idle also comes here (libpq has no command to give it to): that is the server saying
    // why it ends the session (57P01 after pg_terminate_backend or at shutdown), before it
    // closes the socket, which may come a moment later.
    PQsetNoticeReceiver(
        m_conn.get(),
        [](void *self, const PGresult *notice) {
            const char *severity = PQresultErrorField(notice, PG_DIAG_SEVERITY_NONLOCALIZED);
            const std::string_view level = severity ? severity : "";
            if (level == "ERROR" || level == "FATAL" || level == "PANIC")
                static_cast<PqConnection *>(self)->m_endedByServer = true;
        },
        this);
}

void PqConnection::connect(const std::string &conninfo,
                           bool startupOptions,
                           Clock::time_point deadline,
                           std::chrono::milliseconds timeout,
                           const char *password)
{
    // Defaults first: the URL (expanded from dbname) overrides them. Keepalives find a peer
    // that vanished (a pulled cable, a VM paused) instead of waiting for it forever. JIT off:
    // the store's statements walk indexes, and the few whose estimated cost passes
    // jit_above_cost (a queue overview's counts, a large purge) spent more time having the
    // server compile them, on every execution, than running them. A URL's own options win.
    // Without startupOptions, "options" is left out (a pooler refused it). dbname comes last:
    // what it expands to overrides the keywords before it.
    std::vector<const char *> keywords = {"keepalives",
                                          "keepalives_idle",
                                          "keepalives_interval",
                                          "keepalives_count",
                                          "application_name"};
    std::vector<const char *> values = {"1", "10", "5", "3", "kvs"};
    if (startupOptions) {
        keywords.push_back("options");
        values.push_back("-c jit=off");
    }
    if (password) {
        keywords.push_back("password");
        values.push_back(password);
    }
    keywords.insert(keywords.end(), {"dbname", nullptr});
    values.insert(values.end(), {conninfo.c_str(), nullptr});
    m_conn.reset(PQconnectStartParams(keywords.data(), values.data(), 1));
    if (!m_conn)
        throw ConnectionError("kvs: cannot connect to PostgreSQL: out of memory",
                              ConnectionError::Step::Connect);
    if (PQstatus(m_conn.get()) == CONNECTION_BAD)
        throw connectError(m_conn.get(), "", conninfo); // libpq's parse errors quote the string
    PostgresPollingStatusType state = PGRES_POLLING_WRITING;
    while (state != PGRES_POLLING_OK) {
        if (state == PGRES_POLLING_FAILED)
            throw connectError(m_conn.get(), targetOf(m_conn.get()), conninfo);
        const short events = state == PGRES_POLLING_READING ? POLLIN : POLLOUT;
        if (!pollUntil(PQsocket(m_conn.get()), events, deadline)) {
            throw ConnectionError("kvs: cannot connect to PostgreSQL at " + targetOf(m_conn.get())
                                      + ": timed out after " + timeoutText(timeout),
                                  ConnectionError::Step::Connect);
        }
        state = PQconnectPoll(m_conn.get());
    }
}

PqConnection::~PqConnection() = default;

void PqConnection::cancel() noexcept
{
    if (!m_cancel)
        return;
    char buffer[256];
    (void)PQcancel(m_cancel.get(), buffer, sizeof buffer);
}

ConnectionTls PqConnection::tls() const
{
    ConnectionTls tls;
    tls.encrypted = PQsslInUse(m_conn.get()) == 1;
    if (!tls.encrypted)
        return tls;
    const auto attribute = [this](const char *name) {
        const char *value = PQsslAttribute(m_conn.get(), name);
        return std::string(value ? value : "");
    };
    tls.protocol = attribute("protocol");
    tls.cipher = attribute("cipher");
    return tls;
}

bool PqConnection::inTransaction() const
{
    const PGTransactionStatusType status = PQtransactionStatus(m_conn.get());
    return status != PQTRANS_IDLE;
}

void PqConnection::lost(const std::string &what)
{
    m_broken = true;
    const char *message = PQerrorMessage(m_conn.get());
    throw ConnectionError("kvs: lost the connection to PostgreSQL at " + m_target + " (" + what
                              + ")" + (message && *message ? ": " + firstLine(message) : ""),
                          ConnectionError::Step::Lost);
}

bool PqConnection::closedByServer()
{
    if (m_broken)
        return true;
    // Something arriving on an idle connection is a NOTICE or the server's FATAL message then
    // EOF; one read may take the message without the EOF, so read while more is there.
    for (int reads = 0; reads < 4 && !m_broken; ++reads) {
        pollfd pfd{PQsocket(m_conn.get()), POLLIN, 0};
        if (::poll(&pfd, 1, 0) <= 0)
            break; // nothing (more) arrived: the usual case, one system call
        if (PQconsumeInput(m_conn.get()) == 0 || PQstatus(m_conn.get()) == CONNECTION_BAD)
            m_broken = true;
    }
    // An error the server sent unasked (its FATAL before the EOF) is a result no call owns.
    while (!m_broken && !PQisBusy(m_conn.get())) {
        PqResultHandle unasked(PQgetResult(m_conn.get()));
        if (!unasked)
            break;
        if (PQresultStatus(unasked.get()) != PGRES_PIPELINE_SYNC)
            m_broken = true;
    }
    // PQconsumeInput only reads; the FATAL message reaches the notice receiver when PQisBusy
    // parses it, which may be before its EOF arrives.
    if (m_endedByServer)
        m_broken = true;
    return m_broken;
}

void PqConnection::timedOut()
{
    m_broken = true;
    // PQcancel connects to the server and waits for it to close: on its own thread, so that a
    // frozen server holds that thread, not the caller. It owns its PGcancel.
    if (PGcancel *cancel = PQgetCancel(m_conn.get())) {
        std::thread([cancel] {
            char buffer[256];
            (void)PQcancel(cancel, buffer, sizeof buffer);
            PQfreeCancel(cancel);
        }).detach();
    }
    throw ConnectionError("kvs: PostgreSQL at " + m_target + " did not answer within "
                              + std::to_string(m_callTimeout.count())
                              + " ms (timeout_ms); the statement was cancelled and the "
                                "connection closed",
                          ConnectionError::Step::Timeout);
}

void PqConnection::waitFor(short events)
{
    pollfd pfd{PQsocket(m_conn.get()), events, 0};
    for (;;) {
        int wait = -1;
        if (m_callTimeout.count() > 0) {
            const auto left
                = std::chrono::duration_cast<std::chrono::milliseconds>(m_deadline - Clock::now());
            if (left.count() <= 0)
                timedOut();
            wait = static_cast<int>(left.count());
        }
        const int rc = ::poll(&pfd, 1, wait);
        if (rc > 0)
            return;
        if (rc < 0 && errno != EINTR)
            lost("poll failed");
    }
}

void PqConnection::flush()
{
    for (;;) {
        const int rc = PQflush(m_conn.get());
        if (rc == 0)
            return;
        if (rc < 0)
            lost("sending failed");
        // The server may be blocked writing results we have not read: read while we wait.
        waitFor(POLLIN | POLLOUT);
        if (PQconsumeInput(m_conn.get()) == 0)
            lost("receiving failed");
    }
}

pg_result *PqConnection::nextResult()
{
    while (PQisBusy(m_conn.get())) {
        waitFor(POLLIN);
        if (PQconsumeInput(m_conn.get()) == 0)
            lost("receiving failed");
    }
    return PQgetResult(m_conn.get());
}

PqConnection::Sent PqConnection::send(PqCall &call)
{
    const std::vector<const char *> values = call.params.values();
    const int n = call.params.size();
    Sent what;
    int sent = 0;
    if (call.statement && m_pooled) {
        // JIT off as the startup options set it on a direct connection, for this statement's
        // implicit transaction only (it ends at the sync), so nothing is left on the server
        // connection the pooler hands to another client next.
        if (!PQsendQueryParams(m_conn.get(),
                               "SELECT set_config('jit', 'off', true)",
                               0,
                               nullptr,
                               nullptr,
                               nullptr,
                               nullptr,
                               1))
            lost("sending failed");
        what.jitOff = true;
    }
    if (call.statement && !m_pooled) {
        const PqStatement &statement = *call.statement;
        const std::string &name = statement.name;
        if (!m_prepared.count(statement.name)) {
            if (!PQsendPrepare(m_conn.get(),
                               name.c_str(),
                               statement.sql.c_str(),
                               n,
                               call.params.types().data()))
                lost("sending failed");
            what.preparing = true;
            // Marked now so a batch using it twice prepares once; unmarked if it failed.
            m_prepared.insert(statement.name);
        }
        sent = PQsendQueryPrepared(m_conn.get(),
                                   name.c_str(),
                                   n,
                                   values.data(),
                                   call.params.lengths().data(),
                                   call.params.formats().data(),
                                   1);
    } else {
        const std::string &sql = call.statement ? call.statement->sql : call.sql;
        sent = PQsendQueryParams(m_conn.get(),
                                 sql.c_str(),
                                 n,
                                 call.params.types().data(),
                                 values.data(),
                                 call.params.lengths().data(),
                                 call.params.formats().data(),
                                 1);
    }
    if (!sent || !PQpipelineSync(m_conn.get()))
        lost("sending failed");
    return what;
}

bool PqConnection::behindPooler()
{
    // The backend process id libpq got at startup is the server's own on a direct connection;
    // a pooler (PgBouncer) makes one up, as it routes cancel requests itself.
    PqCall call;
    call.sql = "SELECT pg_backend_pid()::text";
    run({&call});
    if (call.error)
        std::rethrow_exception(call.error);
    return std::to_string(PQbackendPID(m_conn.get())) != call.result.bytes(0, 0);
}

void PqConnection::run(const std::vector<PqCall *> &calls)
{
    if (m_pooled && calls.size() > 1) {
        // One call at a time: PgBouncer 1.18 in transaction pooling can hand the next call's
        // bytes, sent while the previous one runs, to another server connection mid-message
        // ("invalid frontend message type"), so a pipeline never spans two transactions there.
        for (PqCall *call : calls)
            run({call});
        return;
    }
    if (m_broken) {
        for (PqCall *call : calls) {
            call->error = std::make_exception_ptr(ConnectionError(
                "kvs: the connection to PostgreSQL is broken", ConnectionError::Step::Lost));
        }
        return;
    }
    if (m_callTimeout.count() > 0)
        m_deadline = Clock::now() + m_callTimeout;
    std::vector<Sent> sent(calls.size());
    std::size_t answered = 0;
    try {
        for (std::size_t i = 0; i < calls.size(); ++i)
            sent[i] = send(*calls[i]);
        flush();
        for (std::size_t i = 0; i < calls.size(); ++i) {
            PqCall &call = *calls[i];
            if (sent[i].jitOff) {
                PqResultHandle setting(nextResult());
                if (PQresultStatus(setting.get()) != PGRES_TUPLES_OK)
                    call.error = statementError(setting.get(), call.statement->sql, m_target);
                PqResultHandle end(nextResult()); // the NULL that ends the command
            }
            if (sent[i].preparing) {
                PqResultHandle prepared(nextResult());
                if (PQresultStatus(prepared.get()) != PGRES_COMMAND_OK) {
                    m_prepared.erase(call.statement->name);
                    call.error = statementError(prepared.get(), call.statement->sql, m_target);
                }
                PqResultHandle end(nextResult()); // the NULL that ends the command
            }
            PqResultHandle result(nextResult());
            if (!result)
                lost("out of step with the server");
            const ExecStatusType status = PQresultStatus(result.get());
            if (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK) {
                call.result = PqResult(std::move(result));
            } else if (!call.error) {
                const std::string &sql = call.statement ? call.statement->sql : call.sql;
                call.error = statementError(result.get(), sql, m_target);
            }
            if (status != PGRES_PIPELINE_SYNC) {
                PqResultHandle end(nextResult()); // the NULL that ends the command
                PqResultHandle sync(nextResult());
                if (PQresultStatus(sync.get()) != PGRES_PIPELINE_SYNC)
                    lost("out of step with the server");
            }
            ++answered;
        }
        if (PQstatus(m_conn.get()) == CONNECTION_BAD)
            m_broken = true; // e.g. a terminated backend answered its last statement with 57P01
    } catch (const ConnectionError &) {
        const std::exception_ptr error = std::current_exception();
        for (std::size_t i = answered; i < calls.size(); ++i) {
            if (!calls[i]->error)
                calls[i]->error = error;
        }
        m_prepared.clear();
    }
}

PqResult PqConnection::run(const PqStatement &statement, const PqParams &params)
{
    PqCall call;
    call.statement = &statement;
    call.params = params;
    run({&call});
    if (call.error)
        std::rethrow_exception(call.error);
    return std::move(call.result);
}

PqResult PqConnection::exec(const std::string &sql, const PqParams &params)
{
    PqCall call;
    call.sql = sql;
    call.params = params;
    run({&call});
    if (call.error)
        std::rethrow_exception(call.error);
    return std::move(call.result);
}

} // namespace kvs::detail
