#pragma once

#include "sqlite/sqlite_statement.h"

#include <cstdint>
#include <memory>

namespace kvs::detail {

class Connection;

// Hands out versionstamps from blocks of 1024 reserved in <p>kv_versionstamp (KVS-05): a
// reservation UPDATE ... SET version = version + 1024 RETURNING version that returns V owns
// V-1023 .. V. Each reservation is its own write, so processes sharing a file never get the
// same version. A block that would pass 2^53 - 1 is refused (Error "kvs: versionstamps are used
// up ..."), as is a counter that is not an integer. Requires: next() is called outside any
// transaction (a reservation inside one
// would roll back with it while this allocator kept handing the block out).
class VersionAllocator
{
public:
    static constexpr std::int64_t kBlock = 1024;

    VersionAllocator(Connection &connection, const std::string &versionstampTable);

    std::int64_t next();
    // The same inside a transaction of the caller's (SQLiteAsyncAdapter's atomic commits): a
    // block reserved there belongs to the transaction, so transactionEnded(false) drops it.
    std::int64_t nextInTransaction();
    void transactionEnded(bool committed) noexcept;
    // Forgets the current block (after close, or when a block's reservation is in doubt).
    void drop() noexcept { m_next = m_end = 0; }

private:
    void reserve(bool insideTransaction);
    [[noreturn]] void refuseReservation();

    Connection &m_connection;
    std::string m_table;
    std::string m_sql;
    std::unique_ptr<Statement> m_reserve;
    std::int64_t m_next = 0; // next version to hand out
    std::int64_t m_end = 0;  // one past the last version of the block
    bool m_reservedInTransaction = false;
};

} // namespace kvs::detail
