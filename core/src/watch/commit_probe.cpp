#include "watch/change_probe.h"

#include <kvs/commit_probe.h>

namespace kvs {

CommitProbe::CommitProbe(std::unique_ptr<detail::ChangeProbe> probe)
    : m_probe(std::move(probe))
{}

CommitProbe::~CommitProbe() = default;

std::unique_ptr<CommitProbe> CommitProbe::openSqlite(const std::string &path)
{
    return std::unique_ptr<CommitProbe>(new CommitProbe(detail::makeSqliteProbe(path)));
}

bool CommitProbe::changed()
{
    return m_probe->changed();
}

std::string CommitProbe::description() const
{
    return m_probe->description();
}

} // namespace kvs
