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
    // Whether a commit may have happened since the previous call (or the construction).
    [[nodiscard]] virtual bool changed() = 0;
    // What is asked, for the CLI and the GUI to say how changes are seen.
    virtual std::string description() const = 0;
};

// SQLite: PRAGMA data_version on a read-only connection of its own, which moves whenever
// another connection (of this process or another) commits to the file. Throws as a read-only
// open does.
[[nodiscard]] std::unique_ptr<ChangeProbe> makeSqliteProbe(const std::string &path);

// PostgreSQL: the first of these that the server lets this user run (see the .cpp for why
// each), on a connection of its own. Throws ConnectionError when it cannot connect.
[[nodiscard]] std::unique_ptr<ChangeProbe> makePostgresProbe(const std::string &connection);

} // namespace kvs::detail
