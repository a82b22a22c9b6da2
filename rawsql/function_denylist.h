#pragma once

#include <string_view>
#include <vector>

namespace kvs::rawsql {

// The functions the read-only console refuses to call although a read-only transaction allows
// them: their effects outlive the statement or reach beyond the database's tables (session
// locks, signals to other sessions, server files and programs, replication slots, WAL,
// configuration, statistics, SQL run from a string, other connections). The README lists them.
// Patterns are lower case, with * for any run of characters; a name matches whatever its case.
// Thread rule: pure functions, safe from any thread.
const std::vector<std::string_view> &deniedPostgresFunctions();
const std::vector<std::string_view> &deniedSqliteFunctions();

// The pattern of patterns that name matches, or an empty view.
std::string_view deniedBy(const std::vector<std::string_view> &patterns, std::string_view name);

} // namespace kvs::rawsql
