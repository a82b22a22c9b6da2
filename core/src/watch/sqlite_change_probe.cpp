#include "sqlite/sqlite_connection.h"
#include "watch/change_probe.h"

namespace kvs::detail {

ChangeProbe::~ChangeProbe() = default;

namespace {

class SqliteChangeProbe final : public ChangeProbe
{
public:
    explicit SqliteChangeProbe(const std::string &path)
        : m_connection(path, Connection::Mode::ReadOnly)
        , m_version(read())
    {}

    bool changed() override
    {
        const std::string version = read();
        if (version == m_version)
            return false;
        m_version = version;
        return true;
    }

    std::string description() const override { return "PRAGMA data_version"; }

private:
    std::string read() { return m_connection.queryText("PRAGMA data_version"); }

    Connection m_connection;
    std::string m_version;
};

} // namespace

std::unique_ptr<ChangeProbe> makeSqliteProbe(const std::string &path)
{
    return std::make_unique<SqliteChangeProbe>(path);
}

} // namespace kvs::detail
