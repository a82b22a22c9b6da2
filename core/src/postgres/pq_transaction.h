#pragma once

#include "postgres/pq_connection.h"

namespace kvs::detail {

// A transaction guard on one connection, as SQLite's (sqlite/sqlite_connection.h, STYLE.md 12):
// BEGIN on construction, commit() is explicit, destruction before it rolls back. The rollback
// is skipped on a broken connection (the pool drops it) and its own failure is swallowed: the
// error that ended the work is the one to report.
class PqTransaction
{
public:
    explicit PqTransaction(PqConnection &connection)
        : m_connection(connection)
    {
        m_connection.exec("BEGIN");
    }
    ~PqTransaction()
    {
        if (!m_open || m_connection.isBroken())
            return;
        try {
            m_connection.exec("ROLLBACK");
        } catch (...) {
            // The work's error is the one to report.
        }
    }
    PqTransaction(const PqTransaction &) = delete;
    PqTransaction &operator=(const PqTransaction &) = delete;

    // A failed COMMIT leaves the guard open: its destruction rolls back.
    void commit()
    {
        m_connection.exec("COMMIT");
        m_open = false;
    }

private:
    PqConnection &m_connection;
    bool m_open = true;
};

} // namespace kvs::detail
