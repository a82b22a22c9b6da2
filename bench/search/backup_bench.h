#pragma once

#include <iosfwd>

namespace kvs::bench {

struct BenchConfig;

// The bench op backup (issue 41's measurement), SQLite only, on the find op's database
// (FindBenchDatabase: 1,000,000 rows of about 100 bytes), one JSON line, backup_sqlite: in each
// of 5 rounds a writer thread with a connection of its own (to SQLite's locks as another
// process) calls set() in a loop while kvs backup copies the file (kvs/backup.h), then for as
// long again without a backup; the writer's longest set() in each window. backup_s: the backup's
// median seconds; writer_max_ms_backup / writer_max_ms_alone: the medians of the longest waits;
// extra_ms: their difference (target <= 20); _checkpoint: the same with BackupOptions::
// checkpointAfter (kvs backup --checkpoint).
void runBackupBench(const BenchConfig &config, std::ostream &out);

} // namespace kvs::bench
