#include "bench/measure/database_files.h"

#include <filesystem>
#include <system_error>

namespace kvs::bench {

void DatabaseFiles::removeAll(const std::string &path) noexcept
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"}) {
        std::error_code error;
        std::filesystem::remove(path + suffix, error);
    }
}

} // namespace kvs::bench
