#include "transfer/batch_writer.h"

namespace kvs::detail {

void BatchWriter::write(const std::vector<ImportRow> &rows,
                        std::int64_t now,
                        TransferProgress &progress,
                        std::vector<std::string> *skippedKeys,
                        const std::function<void(const OverwrittenBatch &)> &beforeOverwrite)
{
    std::int64_t imported = 0;
    std::int64_t skipped = 0;
    std::vector<std::string> skippedHere;
    m_adapter
        .transaction([&](SqlAdapter &tx) {
            imported = skipped = 0; // a retried transaction counts again
            skippedHere.clear();
            const std::int64_t version = tx.nextVersion().result();
            if (m_mode == ImportMode::Overwrite) {
                if (beforeOverwrite)
                    tellOverwrite(tx, rows, now, version, beforeOverwrite);
                for (const ImportRow &row : rows)
                    tx.set(row.key, row.value, row.expiresAt, version).result();
                imported = static_cast<std::int64_t>(rows.size());
            } else if (tx.supportsRowLocks()) {
                for (const ImportRow &row : rows) {
                    const bool inserted
                        = tx.insertIfAbsent(row.key, row.value, row.expiresAt, now, version)
                              .result()
                              .has_value();
                    (inserted ? imported : skipped) += 1;
                    if (!inserted)
                        skippedHere.push_back(row.key);
                }
            } else {
                std::unordered_set<std::string> taken = liveKeys(tx, rows, now);
                for (const ImportRow &row : rows) {
                    // A key given twice: its first row wins, as for a key already there.
                    if (!taken.insert(row.key).second) {
                        ++skipped;
                        skippedHere.push_back(row.key);
                        continue;
                    }
                    tx.set(row.key, row.value, row.expiresAt, version).result();
                    ++imported;
                }
            }
        })
        .waitForFinished();
    progress.done += imported;
    progress.skipped += skipped;
    if (skippedKeys)
        skippedKeys->insert(skippedKeys->end(), skippedHere.begin(), skippedHere.end());
}

void BatchWriter::tellOverwrite(
    SqlAdapter &tx,
    const std::vector<ImportRow> &rows,
    std::int64_t now,
    std::int64_t version,
    const std::function<void(const OverwrittenBatch &)> &beforeOverwrite)
{
    OverwrittenBatch batch;
    batch.version = version;
    std::unordered_set<std::string> seen;
    for (const ImportRow &row : rows) {
        if (seen.insert(row.key).second)
            batch.keys.push_back(row.key);
    }
    // Under row locks (PostgreSQL) no other writer changes a key between this read and the
    // batch's writes; SQLite's write transaction excludes every other writer anyway.
    if (tx.supportsRowLocks())
        tx.lockKeys(batch.keys).waitForFinished();
    batch.replaced = tx.getMany(batch.keys, now).result();
    beforeOverwrite(batch);
}

std::unordered_set<std::string>
BatchWriter::liveKeys(SqlAdapter &tx, const std::vector<ImportRow> &rows, std::int64_t now)
{
    std::vector<std::string> keys;
    keys.reserve(rows.size());
    for (const ImportRow &row : rows)
        keys.push_back(row.key);
    std::unordered_set<std::string> live;
    for (KvRow &row : tx.getMany(std::move(keys), now).result())
        live.insert(std::move(row.key));
    return live;
}

} // namespace kvs::detail
