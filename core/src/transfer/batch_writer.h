#pragma once

#include "transfer/import_line.h"

#include <kvs/entry_transfer.h>
#include <kvs/sql_adapter.h>

#include <cstdint>
#include <functional>
#include <unordered_set>
#include <vector>

namespace kvs::detail {

// Writes batches of rows into one store, as an import or a copy does: one transaction per
// batch with one new versionstamp, as an atomic() commit of its sets would. Skip-existing: where
// the backend has row locks (PostgreSQL) each row is inserted only if no live row exists,
// decided by the insert itself; otherwise (SQLite, whose write transaction excludes every other
// writer) the live keys are read first in one statement. Thread rule: one thread at a time.
class BatchWriter
{
public:
    // Not owned: adapter (it outlives the writer).
    BatchWriter(SqlAdapter &adapter, ImportMode mode)
        : m_adapter(adapter)
        , m_mode(mode)
    {}

    // Writes rows (now decides what is live) and adds the batch's counts to progress. A key
    // given twice keeps its first row (skip) or its last (overwrite). Throws what the store
    // throws; nothing of the batch is written then.
    // skippedKeys (not owned; may be null): where the keys skipped as existing are appended.
    // beforeOverwrite (may be empty; Overwrite only): TransferOptions::beforeOverwrite.
    void write(const std::vector<ImportRow> &rows,
               std::int64_t now,
               TransferProgress &progress,
               std::vector<std::string> *skippedKeys = nullptr,
               const std::function<void(const OverwrittenBatch &)> &beforeOverwrite = {});

private:
    static void tellOverwrite(SqlAdapter &tx,
                              const std::vector<ImportRow> &rows,
                              std::int64_t now,
                              std::int64_t version,
                              const std::function<void(const OverwrittenBatch &)> &beforeOverwrite);
    static std::unordered_set<std::string>
    liveKeys(SqlAdapter &tx, const std::vector<ImportRow> &rows, std::int64_t now);

    SqlAdapter &m_adapter; // Not owned.
    ImportMode m_mode;
};

} // namespace kvs::detail
