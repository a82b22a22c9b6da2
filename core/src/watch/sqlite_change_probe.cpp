#include "sqlite/sqlite_connection.h"
#include "watch/change_probe.h"

#include <kvs/errors.h>

#include <memory>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace kvs::detail {

ChangeProbe::~ChangeProbe() = default;

namespace {

// Which file a path names now: device and inode, so that a file replaced under the same name
// (restored from a backup, moved back onto a remounted disk) is told apart from the one opened.
struct FileIdentity
{
    dev_t device = 0;
    ino_t inode = 0;
    bool operator==(const FileIdentity &) const = default;
};

// The plain file behind path, or "" for a database without one (":memory:") or a URI, which
// the probe leaves to SQLite.
std::string plainFile(const std::string &path)
{
    if (path.empty() || path == ":memory:" || path.rfind("file:", 0) == 0)
        return {};
    return path;
}

class SqliteChangeProbe final : public ChangeProbe
{
public:
    explicit SqliteChangeProbe(const std::string &path)
        : m_path(path)
        , m_file(plainFile(path))
    {
        open();
    }

    bool changed() override
    {
        if (!m_file.empty()) {
            const FileIdentity now = lookAtFile(); // throws while it is gone or unreadable
            if (!m_connection || now != m_identity) {
                // Back after it was gone, or another file under the name: what was seen of the
                // old one says nothing of this one, so it counts as a move.
                open();
                m_reopened = true;
                return true;
            }
        }
        const std::string version = m_connection->queryText("PRAGMA data_version");
        if (version == m_version)
            return false;
        m_version = version;
        return true;
    }

    bool takeReopened() override { return std::exchange(m_reopened, false); }

    std::string description() const override { return "PRAGMA data_version"; }

private:
    void open()
    {
        m_connection.reset();
        if (!m_file.empty())
            m_identity = lookAtFile();
        auto connection = std::make_unique<Connection>(m_path, Connection::Mode::ReadOnly);
        m_version = connection->queryText("PRAGMA data_version");
        m_connection = std::move(connection);
    }

    // The file as it is now. An open connection goes on reading a deleted file (its inode lives
    // while open) and SQLite says nothing, so a file that is gone is found here: ConnectionError
    // (Lost), the same as a PostgreSQL server that went away, since a file that comes back (a
    // remounted disk, a restored copy) is reached again by the next call.
    FileIdentity lookAtFile()
    {
        struct stat info
        {};
        if (::stat(m_file.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
            m_connection.reset();
            throw ConnectionError("kvs: the database file \"" + m_path
                                      + "\" is gone (deleted, moved, or its disk removed)",
                                  ConnectionError::Step::Lost);
        }
        if (::access(m_file.c_str(), R_OK) != 0) {
            m_connection.reset();
            throw ConnectionError("kvs: the database file \"" + m_path
                                      + "\" cannot be read (its permissions changed)",
                                  ConnectionError::Step::Lost);
        }
        return {info.st_dev, info.st_ino};
    }

    std::string m_path;
    std::string m_file;                       // "" when there is no plain file to look at
    std::unique_ptr<Connection> m_connection; // Owned. Null while the file is gone.
    FileIdentity m_identity;
    std::string m_version;
    bool m_reopened = false;
};

} // namespace

std::unique_ptr<ChangeProbe> makeSqliteProbe(const std::string &path)
{
    return std::make_unique<SqliteChangeProbe>(path);
}

} // namespace kvs::detail
