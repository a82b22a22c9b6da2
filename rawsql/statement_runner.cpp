#include "rawsql/statement_runner.h"

#include "rawsql/native_handle.h"
#include "rawsql/postgres_console_statement.h"
#include "rawsql/query_error.h"

#include <kvs/errors.h>

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlRecord>

#include <sqlite3.h>

namespace kvs::rawsql {

StatementRunner::StatementRunner(RawSqlConnection &readOnly, RawSqlConnection *writable)
    : m_readOnly(readOnly)
    , m_writable(writable)
{}

StatementRunner::~StatementRunner()
{
    try {
        close();
    } catch (...) { // a lost connection: nothing is left to end
    }
}

StatementResult StatementRunner::execute(const QString &text, bool write, int pageSize)
{
    close();
    if (write && !m_writable)
        throw Error("kvs: writing SQL is switched off");
    RawSqlConnection &connection = write ? *m_writable : m_readOnly;
    m_write = write;
    m_clock.start();
    if (connection.isPostgres()) {
        m_postgres = std::make_unique<PostgresConsoleStatement>(connection, text, write);
        m_current = &connection;
        return readPage(pageSize);
    }

    m_current = &connection;
    m_query.emplace(connection.database());
    m_query->setForwardOnly(true);
    (void)connection.takeRefusal();
    bool ok = m_query->prepare(text);
    if (ok && !write) {
        // What the authorizer cannot see: VACUUM (INTO) and checkpoints write without asking
        // it first; SQLite knows from the compiled statement.
        sqlite3_stmt *statement = sqliteStatementHandle(*m_query);
        if (!statement || !sqlite3_stmt_readonly(statement)) {
            m_query.reset();
            m_current = nullptr;
            throw Error("kvs: the console is read-only: it does not run a statement that writes");
        }
    }
    ok = ok && m_query->exec();
    if (!ok)
        fail(*m_query);
    return readPage(pageSize);
}

StatementResult StatementRunner::fetchMore(int pageSize)
{
    if (!m_query && !m_postgres)
        return {};
    return readPage(pageSize);
}

StatementResult StatementRunner::readPage(int pageSize)
{
    if (!m_postgres)
        return readSqlitePage(pageSize);
    StatementResult result;
    result.returnsRows = m_postgres->returnsRows();
    if (result.returnsRows) {
        result.page.columns = m_postgres->columns();
        try {
            m_postgres->read(pageSize, result.page.rows);
        } catch (...) {
            m_write = false; // a failed statement is rolled back, never committed
            close();
            throw;
        }
    } else {
        result.rowsAffected = m_postgres->rowsAffected();
    }
    result.atEnd = !m_postgres->hasMoreRows();
    result.elapsedUs = m_clock.nsecsElapsed() / 1000;
    if (result.atEnd)
        close();
    return result;
}

StatementResult StatementRunner::readSqlitePage(int pageSize)
{
    StatementResult result;
    m_rowsPending = false;
    QSqlQuery &query = *m_query;
    result.returnsRows = query.isSelect();
    if (!result.returnsRows) {
        result.rowsAffected = query.numRowsAffected();
        result.elapsedUs = m_clock.nsecsElapsed() / 1000;
        close();
        return result;
    }
    const QSqlRecord record = query.record();
    for (int i = 0; i < record.count(); ++i)
        result.page.columns << record.fieldName(i);
    bool more = true;
    while (result.page.rows.size() < pageSize && (more = query.next())) {
        QVariantList row;
        row.reserve(record.count());
        for (int i = 0; i < record.count(); ++i)
            row << query.value(i);
        result.page.rows << row;
    }
    if (more && result.page.rows.size() == pageSize) {
        // Rows may remain: the result stays open for fetchMore().
        result.atEnd = false;
        m_rowsPending = true;
    } else if (query.lastError().isValid()) {
        fail(query); // a cancel or an error while the rows streamed
    }
    result.elapsedUs = m_clock.nsecsElapsed() / 1000;
    if (result.atEnd)
        close();
    return result;
}

void StatementRunner::close()
{
    m_current = nullptr;
    if (m_query) {
        m_rowsPending = false;
        m_query->finish();
        m_query.reset();
    }
    if (m_postgres) {
        const std::unique_ptr<PostgresConsoleStatement> statement = std::move(m_postgres);
        statement->end(m_write);
    }
}

void StatementRunner::fail(const QSqlQuery &failed)
{
    DatabaseError error = queryError(failed, m_current->target());
    const std::string refusal = m_current->takeRefusal();
    m_query.reset();
    m_current = nullptr;
    if (!refusal.empty())
        throw Error("kvs: the console is read-only: " + refusal);
    throw error;
}

} // namespace kvs::rawsql
