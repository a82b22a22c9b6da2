#pragma once

#include <QtGlobal>

#include <atomic>
#include <map>
#include <mutex>

struct pg_cancel;
struct sqlite3;

namespace kvs::rawsql {

// The way to stop a worker's calls, shared between the worker's thread (connections register
// their native handles; each call says when it starts and ends) and the thread that asks for
// the stop. A stop covers every call posted before it: one not started yet fails at its start,
// and the running one is interrupted again and again until it ends, because an interrupt that
// arrives before the statement reached the database (SQLite, the server) is lost.
// Thread rule: safe from any thread.
class Interrupter
{
public:
    Interrupter() = default;
    ~Interrupter();
    Interrupter(const Interrupter &) = delete;
    Interrupter &operator=(const Interrupter &) = delete;

    // Takes ownership of cancel (PQfreeCancel at remove() or destruction).
    void addPostgres(int id, pg_cancel *cancel);
    // sqlite is not owned; remove() it before the connection closes.
    void addSqlite(int id, sqlite3 *sqlite);
    void remove(int id);
    // Interrupts connection id once, now.
    void interrupt(int id);

    // A number for a call being posted (increasing).
    quint64 nextCall() { return ++m_lastPosted; }
    // The worker's thread, around each call. beginCall() returns false when the call was
    // stopped before it started.
    bool beginCall(quint64 call);
    void endCall() { m_running.store(0); }
    // Stops every call posted so far. Blocks while a running call is interrupted (a PostgreSQL
    // cancel request connects to the server): call it on a thread of its own.
    void stopPostedCalls();

private:
    // PostgreSQL's cancel request or sqlite3_interrupt() on every registered connection.
    void interruptAll();

    struct Handles
    {
        pg_cancel *cancel = nullptr; // Owned.
        sqlite3 *sqlite = nullptr;   // Not owned.
        void interrupt() const;
    };
    std::mutex m_mutex;
    std::map<int, Handles> m_handles;
    std::atomic<quint64> m_lastPosted{0};
    std::atomic<quint64> m_stopUpTo{0};
    std::atomic<quint64> m_running{0};
};

} // namespace kvs::rawsql
