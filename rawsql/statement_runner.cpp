#include "rawsql/statement_runner.h"

#include "rawsql/native_handle.h"
#include "rawsql/postgres_read_only_check.h"
#include "rawsql/query_error.h"
#include "rawsql/rawsql_logging.h"
#include "rawsql/single_statement_guard.h"

#include <kvs/errors.h>

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlRecord>

#include <sqlite3.h>

namespace kvs::rawsql {
namespace {

void runOrThrow(QSqlQuery &query, const QString &sql, const RawSqlTarget &target)
{
    if (!query.exec(sql))
        throw queryError(query, target);
}

} // namespace

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
    if (!write && connection.isPostgres())
        checkReadOnlyPostgresStatement(text.toStdString()); // before the server sees anything
    m_current = &connection;
    m_write = write;
    m_clock.start();
    begin(connection, write);

    m_query.emplace(connection.database());
    m_query->setForwardOnly(true);
    bool ok = false;
    if (connection.isPostgres()) {
        try {
            preparePostgresStatement(connection.database(), text);
            m_prepared = true;
            if (!write && !isExplainStatement(text.toStdString()))
                checkReadOnlyPostgresPlan(explainPostgresStatement(connection.database(), text));
        } catch (const DatabaseError &e) {
            m_query.reset();
            end(false);
            throw DatabaseError(
                connection.redacted(QString::fromStdString(e.what())).toStdString(),
                e.sqlState(),
                connection.redacted(QString::fromStdString(e.detail())).toStdString());
        } catch (const Error &) {
            m_query.reset();
            end(false);
            throw;
        }
        ok = m_query->exec(QLatin1String("EXECUTE ") + QLatin1String(kStatementName));
    } else {
        (void)connection.takeRefusal();
        ok = m_query->prepare(text);
        if (ok && !write) {
            // What the authorizer cannot see: VACUUM (INTO) and checkpoints write without
            // asking it first; SQLite knows from the compiled statement.
            sqlite3_stmt *statement = sqliteStatementHandle(*m_query);
            if (!statement || !sqlite3_stmt_readonly(statement)) {
                m_query.reset();
                end(false);
                throw Error("kvs: the console is read-only: it does not run a statement that "
                            "writes");
            }
        }
        ok = ok && m_query->exec();
    }
    if (!ok)
        fail(*m_query);
    return readPage(pageSize);
}

StatementResult StatementRunner::fetchMore(int pageSize)
{
    if (!m_query)
        return {};
    return readPage(pageSize);
}

StatementResult StatementRunner::readPage(int pageSize)
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
    if (!m_current)
        return;
    if (m_query) {
        // Qt would read and drop every row still on the way; the server stops sending instead.
        if (m_rowsPending && m_current->isPostgres())
            m_current->interruptNow();
        m_rowsPending = false;
        m_query->finish();
        m_query.reset();
    }
    end(m_write);
}

void StatementRunner::begin(RawSqlConnection &connection, bool write)
{
    if (!connection.isPostgres())
        return;
    QSqlQuery query(connection.database());
    runOrThrow(query,
               write ? QStringLiteral("BEGIN") : QStringLiteral("BEGIN READ ONLY"),
               connection.target());
    m_inTransaction = true;
    if (!write)
        runOrThrow(query, QStringLiteral("SELECT 1"), connection.target());
}

void StatementRunner::end(bool commit)
{
    RawSqlConnection *connection = m_current;
    m_current = nullptr;
    if (!connection || !connection->isPostgres())
        return;
    QSqlQuery query(connection->database());
    if (m_inTransaction) {
        m_inTransaction = false;
        // The statement itself may have ended the transaction (COMMIT, ROLLBACK): the server
        // then only warns.
        if (!query.exec(commit ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK")) && commit)
            throw queryError(query, connection->target());
    }
    if (m_prepared) {
        m_prepared = false;
        deallocatePostgresStatement(connection->database());
    }
    if (!connection->isWritable() && !releasePostgresSessionState(connection->database()))
        qCWarning(lcRawSql) << "the console could not release the advisory locks of a statement";
}

void StatementRunner::fail(const QSqlQuery &failed)
{
    DatabaseError error = queryError(failed, m_current->target());
    const std::string refusal = m_current->takeRefusal();
    m_query.reset();
    end(false);
    if (!refusal.empty())
        throw Error("kvs: the console is read-only: " + refusal);
    throw error;
}

} // namespace kvs::rawsql
