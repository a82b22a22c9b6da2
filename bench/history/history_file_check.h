#pragma once

#include <kvs/key.h>

#include <string>

// What RunHistory opens: a benchmark history, a new one, or nothing at all. KVS_BENCH_HISTORY
// may name any file; opening an application's SQLite file or a user's kvs database as a history
// would add tables to it or write runs into its data, so anything else is refused first, by a
// read that changes nothing (no -wal or -shm is left behind).
namespace kvs::bench {

// The key that marks a file as a benchmark history (written when the history is created).
[[nodiscard]] Key historyMarkerKey();

enum class HistoryFile {
    New,      // missing or empty: created (mode 0600, its folder 0700) and to be marked
    Existing, // a benchmark history: marked, or (made before the mark) holding runs only
};

// Checks path, creating a missing file. Throws kvs::Error "kvs: cannot open the benchmark
// history PATH: REASON", REASON being "it is not a regular file", "it is a symbolic link (not
// followed)", "it is not a benchmark history (not a SQLite database)", "... (it holds the table
// T)", "... (a kvs database with other data)", or the system's error.
[[nodiscard]] HistoryFile requireBenchmarkHistory(const std::string &path);

} // namespace kvs::bench
