#pragma once

#include <string>

struct sqlite3;

namespace kvs::rawsql {

// The read-only console's and Tables view's guard on a SQLite connection opened read-only: an
// authorizer (sqlite3_set_authorizer) that SQLite asks about every action of every statement it
// prepares, and of the statements it runs inside one (VACUUM's ATTACH), and that allows reads
// only. Refused: ATTACH and DETACH (ATTACH of a new name creates a file; VACUUM INTO attaches its
// target), BEGIN, COMMIT and savepoints (a transaction would outlive the statement), every
// write and schema change (temporary tables included: the temp database is writable), PRAGMAs
// other than a list of those that only report (journal_mode=DELETE, wal_checkpoint,
// locking_mode=EXCLUSIVE are refused), and the functions of deniedSqliteFunctions(). SQLite
// then fails the statement with "not authorized"; refusal() says what was refused, for the
// message the user sees.
// Thread rule: the connection's thread; destroy it before the connection closes.
class SqliteReadOnlyAuthorizer
{
public:
    // Installs itself on db (not owned).
    explicit SqliteReadOnlyAuthorizer(sqlite3 *db);
    ~SqliteReadOnlyAuthorizer();
    SqliteReadOnlyAuthorizer(const SqliteReadOnlyAuthorizer &) = delete;
    SqliteReadOnlyAuthorizer &operator=(const SqliteReadOnlyAuthorizer &) = delete;

    // Why the first action refused since the last call was refused ("it does not run PRAGMA
    // wal_checkpoint"), and forgets it; "" when nothing was refused.
    std::string takeRefusal();

private:
    static int authorize(void *self,
                         int action,
                         const char *first,
                         const char *second,
                         const char *database,
                         const char *trigger);
    int refuse(std::string what);

    sqlite3 *m_db; // Not owned.
    std::string m_refusal;
};

} // namespace kvs::rawsql
