#include "sqlite/version_allocator.h"

#include "rules/schema_rules.h"
#include "sqlite/sqlite_connection.h"

#include <kvs/errors.h>
#include <kvs/table_names.h>

#include <sqlite3.h>

namespace kvs::detail {

VersionAllocator::VersionAllocator(Connection &connection, const std::string &versionstampTable)
    : m_connection(connection)
    , m_table(TableNames::quoted(versionstampTable))
    , m_sql("UPDATE " + m_table + " SET version = version + " + std::to_string(kBlock)
            + " WHERE id = 1 AND typeof(version) = 'integer' AND version <= "
            + std::to_string(kMaxVersion - kBlock) + " RETURNING version")
{}

std::int64_t VersionAllocator::next()
{
    if (m_next == m_end)
        reserve(false);
    return m_next++;
}

std::int64_t VersionAllocator::nextInTransaction()
{
    if (m_next == m_end) {
        reserve(true);
        m_reservedInTransaction = true;
    }
    return m_next++;
}

void VersionAllocator::transactionEnded(bool committed) noexcept
{
    if (m_reservedInTransaction && !committed)
        drop(); // the reservation rolled back with the transaction
    m_reservedInTransaction = false;
}

void VersionAllocator::reserve(bool insideTransaction)
{
    // A reservation inside a transaction would roll back with it while this allocator kept
    // handing the block out (gotcha 28): refuse instead, e.g. after a ROLLBACK that failed.
    if (!insideTransaction && sqlite3_get_autocommit(m_connection.handle()) == 0) {
        throw Error("kvs: a transaction is still open on this connection; versionstamps are "
                    "reserved outside transactions");
    }
    if (!m_reserve)
        m_reserve = std::make_unique<Statement>(m_connection.handle(), m_sql);
    StatementScope scope(*m_reserve);
    if (!scope->step())
        refuseReservation();
    const std::int64_t last = scope->columnInt64(0);
    scope->run(); // finish the statement (outside a transaction, its write commits now)
    m_next = last - kBlock + 1;
    m_end = last + 1;
}

void VersionAllocator::refuseReservation()
{
    // Nothing was written: the counter is missing, not an integer, or too close to 2^53 for a
    // block (handing out versions past it, or wrapping the 64-bit column, would give readers
    // duplicate versions).
    Statement read(m_connection.handle(),
                   "SELECT version, typeof(version) FROM " + m_table + " WHERE id = 1");
    if (!read.step())
        throw Error("kvs: the versionstamp counter row is missing");
    if (read.columnBytes(1) != "integer") {
        throw Error("kvs: the versionstamp counter holds " + std::string(read.columnBytes(0))
                    + ", not an integer");
    }
    throwVersionsExhausted(read.columnInt64(0));
}

} // namespace kvs::detail
