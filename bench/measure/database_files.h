#pragma once

#include <string>

namespace kvs::bench {

// A SQLite database file the bench made, and its companions (-wal, -shm, -journal), removed when
// this goes out of scope: declare it before the store or baseline using the file, so that it goes
// after they close. Removal failures are ignored.
class DatabaseFiles
{
public:
    explicit DatabaseFiles(std::string path)
        : m_path(std::move(path))
    {}
    ~DatabaseFiles() { removeAll(m_path); }
    DatabaseFiles(const DatabaseFiles &) = delete;
    DatabaseFiles &operator=(const DatabaseFiles &) = delete;

    // Removes the file at path and its companions, those that exist.
    static void removeAll(const std::string &path) noexcept;

private:
    std::string m_path;
};

} // namespace kvs::bench
