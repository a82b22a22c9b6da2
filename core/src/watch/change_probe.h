#pragma once

#include <memory>
#include <string>

namespace kvs::detail {

// A cheap question to the database: has anything been committed since the last time I asked?
// A "no" must be exact (no commit of any connection was missed); a "yes" may be spurious. The
// change feed re-reads its keys only after a "yes", so an idle database costs one small query
// per poll. Never writes. Thread rule: one thread at a time.
class ChangeProbe
{
public:
    virtual ~ChangeProbe();
    // Whether a commit may have happened since the previous call (or the construction). Throws
    // ConnectionError when the database cannot be reached (a server restarting, a backend
    // ended, a SQLite file gone or unreadable); the next call connects again, and the first
    // that works says true, since commits in between went unseen.
    [[nodiscard]] virtual bool changed() = 0;
    // Whether the last changed() reached a different database file than before (a SQLite file
    // replaced, or restored after it was gone): readers opened on the old one must reopen.
    // Cleared by the call.
    [[nodiscard]] virtual bool takeReopened() { return false; }
    // What is asked, for the CLI and the GUI to say how changes are seen.
    virtual std::string description() const = 0;
};

// SQLite: PRAGMA data_version on a read-only connection of its own, which moves whenever
// another connection (of this process or another) commits to the file. A connection goes on
// reading a file that was deleted (or replaced), so each call also looks at the path: gone or
// unreadable is ConnectionError (Lost) naming the file, another file there reopens. Throws as a
// read-only open does.
[[nodiscard]] std::unique_ptr<ChangeProbe> makeSqliteProbe(const std::string &path);

// PostgreSQL: the first of these that the server lets this user run (see the .cpp for why
// each), on a connection of its own. Throws ConnectionError when it cannot connect.
[[nodiscard]] std::unique_ptr<ChangeProbe> makePostgresProbe(const std::string &connection);

} // namespace kvs::detail
