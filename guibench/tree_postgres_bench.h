#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/key.h>

#include <QtGlobal>

#include <functional>
#include <memory>
#include <string>

// The key tree on PostgreSQL, for kvs-gui-bench: its databases are schemas of the bench's own,
// filled in bulk with COPY of encoded rows, and dropped at the end.
namespace kvs::bench {

// A schema "kvs_gui_bench_<pid>_<name>" on the server at url, with the kvs tables, dropped (with
// everything in it) when this goes.
class PostgresTreeSchema
{
public:
    PostgresTreeSchema(std::string url, const std::string &name);
    ~PostgresTreeSchema();
    PostgresTreeSchema(const PostgresTreeSchema &) = delete;
    PostgresTreeSchema &operator=(const PostgresTreeSchema &) = delete;

    // Loads count rows into the kv table with one COPY: key(i) encoded, a short string value.
    // Throws kvs::Error "kvs: bench: ..." on a server error.
    void copyKeys(std::int64_t count, const std::function<Key(std::int64_t)> &key);
    // A read-only store on this schema at url (the server's, or a proxy's in front of it).
    [[nodiscard]] std::shared_ptr<AsyncKVStore> open(const std::string &url) const;

private:
    std::string m_url;
    std::string m_schema;
};

// Expands a node with 1,000 children through a proxy that delays each direction by 0.5 ms:
// the median time of the expansions and the most round trips one took.
struct RemoteExpansion
{
    double medianMs = 0;
    std::int64_t roundTrips = 0;
    int runs = 0;
};
[[nodiscard]] RemoteExpansion measureRemoteExpansion(const std::string &url);

} // namespace kvs::bench
