#include "rawsql/interrupter.h"

#include <libpq-fe.h>
#include <sqlite3.h>

#include <chrono>
#include <thread>

namespace kvs::rawsql {

Interrupter::~Interrupter()
{
    for (auto &[id, handles] : m_handles) {
        if (handles.cancel)
            PQfreeCancel(handles.cancel);
    }
}

void Interrupter::addPostgres(int id, pg_cancel *cancel)
{
    std::lock_guard lock(m_mutex);
    m_handles[id].cancel = cancel;
}

void Interrupter::addSqlite(int id, sqlite3 *sqlite)
{
    std::lock_guard lock(m_mutex);
    m_handles[id].sqlite = sqlite;
}

void Interrupter::remove(int id)
{
    std::lock_guard lock(m_mutex);
    auto it = m_handles.find(id);
    if (it == m_handles.end())
        return;
    if (it->second.cancel)
        PQfreeCancel(it->second.cancel);
    m_handles.erase(it);
}

void Interrupter::Handles::interrupt() const
{
    if (cancel) {
        char error[256];
        (void)PQcancel(cancel, error, sizeof error);
    }
    if (sqlite)
        sqlite3_interrupt(sqlite);
}

void Interrupter::interrupt(int id)
{
    std::lock_guard lock(m_mutex);
    if (const auto it = m_handles.find(id); it != m_handles.end())
        it->second.interrupt();
}

bool Interrupter::beginCall(quint64 call)
{
    // Running is published before the stop is read: a concurrent stopPostedCalls() either sees
    // this call running or is seen here.
    m_running.store(call);
    if (call <= m_stopUpTo.load()) {
        m_running.store(0);
        return false;
    }
    return true;
}

void Interrupter::stopPostedCalls()
{
    const quint64 upTo = m_lastPosted.load();
    quint64 stop = m_stopUpTo.load();
    while (stop < upTo && !m_stopUpTo.compare_exchange_weak(stop, upTo)) {
    }
    // Bounded: a database that ignores interrupts is left to its own call timeout.
    for (int tries = 0; tries < 600; ++tries) {
        const quint64 running = m_running.load();
        if (running == 0 || running > upTo)
            return;
        interruptAll();
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

void Interrupter::interruptAll()
{
    // Held throughout: a connection cannot close (remove() waits) while its handle is used.
    std::lock_guard lock(m_mutex);
    for (const auto &[id, handles] : m_handles)
        handles.interrupt();
}

} // namespace kvs::rawsql
