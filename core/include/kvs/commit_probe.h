#pragma once

#include <memory>
#include <string>

namespace kvs {

namespace detail {
class ChangeProbe;
}

/// The change feed's cheap question, for a view that refreshes itself: has any connection (of
/// this process or another) committed to the database since the last question? On SQLite it
/// reads PRAGMA data_version on a read-only connection of its own; it never writes. A "no" is
/// exact, a "yes" may be spurious. Thread rule: one thread at a time; changed() waits for the
/// database, so a GUI calls it from a worker.
class CommitProbe
{
public:
    /// Opens a probe of the SQLite file at path. Throws as a read-only open does.
    static std::unique_ptr<CommitProbe> openSqlite(const std::string &path);
    ~CommitProbe();
    CommitProbe(const CommitProbe &) = delete;
    CommitProbe &operator=(const CommitProbe &) = delete;

    /// Whether a commit may have happened since the previous call (or the open). Throws what a
    /// read throws.
    [[nodiscard]] bool changed();
    /// What is asked, e.g. "PRAGMA data_version".
    std::string description() const;

private:
    explicit CommitProbe(std::unique_ptr<detail::ChangeProbe> probe);

    std::unique_ptr<detail::ChangeProbe> m_probe; // Owned.
};

} // namespace kvs
