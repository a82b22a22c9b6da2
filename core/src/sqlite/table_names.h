#pragma once

#include <string>

namespace kvs::detail {

// The store's table and index names for a tablePrefix, quoted for SQL. The prefix is validated
// (identifier characters only) before it gets here.
struct TableNames
{
    explicit TableNames(const std::string &prefix)
        : prefix(prefix)
        , meta(prefix + "meta")
        , kv(prefix + "kv")
        , queue(prefix + "queue")
        , versionstamp(prefix + "kv_versionstamp")
    {}

    static std::string quoted(const std::string &name) { return '"' + name + '"'; }

    std::string prefix;
    std::string meta; // unquoted names, as sqlite_master and messages show them
    std::string kv;
    std::string queue;
    std::string versionstamp;
};

} // namespace kvs::detail
