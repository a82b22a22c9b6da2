#pragma once

#include "support/postgres_test_server.h"
#include "support/test_support.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>

#include <cstdint>
#include <memory>
#include <string>

// A new, empty store on a ManualClock for a test that runs on both backends: a SQLite file of
// files, or a fresh schema of the test server. Tests that keep files beside the store (a
// journal, a recycle bin) name them after name.
namespace kvs::test {

struct ClockedStore
{
    std::shared_ptr<ManualClock> clock;
    std::string connection;
    AsyncKVStoreSettings settings;
    std::shared_ptr<AsyncKVStore> store;
};

// postgres: the test server (a schema named after schemaTag), else the file name + ".db" in files.
inline ClockedStore openClockedStore(const TestFiles &files,
                                     bool postgres,
                                     const std::string &name,
                                     const char *schemaTag,
                                     std::int64_t start)
{
    ClockedStore opened;
    opened.clock = std::make_shared<ManualClock>(start);
    opened.settings.clock = opened.clock;
    if (postgres) {
        opened.settings.schema = freshSchema(schemaTag);
        opened.connection = postgresUrl();
    } else {
        opened.connection = files.path((name + ".db").c_str());
    }
    opened.store = std::make_shared<AsyncKVStore>(opened.connection, opened.settings);
    return opened;
}

} // namespace kvs::test
