#include "transfer/import_line.h"
#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>

#include <cerrno>
#include <cstring>
#include <istream>
#include <unordered_set>
#include <vector>

namespace kvs {

ImportFormatError::ImportFormatError(std::int64_t line,
                                     const std::string &problem,
                                     std::int64_t imported,
                                     std::int64_t skipped)
    : Error("kvs: import line " + std::to_string(line) + ": " + problem)
    , m_line(line)
    , m_imported(imported)
    , m_skipped(skipped)
{}

namespace {

constexpr std::string_view kByteOrderMark = "\xef\xbb\xbf";

bool isBlank(std::string_view line)
{
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// Writes one batch in one transaction with one new versionstamp, as an atomic() commit of its
// sets would. Skip-existing: where the backend has row locks (PostgreSQL) each row is inserted
// only if no live row exists, decided by the insert itself; otherwise (SQLite, whose write
// transaction excludes every other writer) the live keys are read first in one statement.
class BatchWriter
{
public:
    BatchWriter(SqlAdapter &adapter, ImportMode mode)
        : m_adapter(adapter)
        , m_mode(mode)
    {}

    // Adds the batch's counts to progress.
    void
    write(const std::vector<detail::ImportRow> &rows, std::int64_t now, TransferProgress &progress)
    {
        std::int64_t imported = 0;
        std::int64_t skipped = 0;
        m_adapter
            .transaction([&](SqlAdapter &tx) {
                imported = skipped = 0; // a retried transaction counts again
                const std::int64_t version = tx.nextVersion().result();
                if (m_mode == ImportMode::Overwrite) {
                    for (const detail::ImportRow &row : rows)
                        tx.set(row.key, row.value, row.expiresAt, version).result();
                    imported = static_cast<std::int64_t>(rows.size());
                } else if (tx.supportsRowLocks()) {
                    for (const detail::ImportRow &row : rows) {
                        const bool inserted
                            = tx.insertIfAbsent(row.key, row.value, row.expiresAt, now, version)
                                  .result()
                                  .has_value();
                        (inserted ? imported : skipped) += 1;
                    }
                } else {
                    std::unordered_set<std::string> taken = liveKeys(tx, rows, now);
                    for (const detail::ImportRow &row : rows) {
                        // A key given twice in the file: its first line wins, as for a key
                        // already there.
                        if (!taken.insert(row.key).second) {
                            ++skipped;
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
    }

private:
    static std::unordered_set<std::string>
    liveKeys(SqlAdapter &tx, const std::vector<detail::ImportRow> &rows, std::int64_t now)
    {
        std::vector<std::string> keys;
        keys.reserve(rows.size());
        for (const detail::ImportRow &row : rows)
            keys.push_back(row.key);
        std::unordered_set<std::string> live;
        for (KvRow &row : tx.getMany(std::move(keys), now).result())
            live.insert(std::move(row.key));
        return live;
    }

    SqlAdapter &m_adapter;
    ImportMode m_mode;
};

} // namespace

TransferResult importEntries(AsyncKVStore &store,
                             std::istream &in,
                             ImportMode mode,
                             const TransferOptions &options,
                             long long maxKeySize)
{
    const auto batchSize = static_cast<std::size_t>(detail::batchSizeOf(options));
    detail::requireWritable(store, "import");
    BatchWriter writer(detail::openedAdapter(store), mode);
    TransferProgress progress;
    std::vector<detail::ImportRow> batch;
    batch.reserve(batchSize);
    std::int64_t expired = 0; // of the batch being read: skipped once the batch is written
    std::int64_t lineNumber = 0;
    std::int64_t now = detail::nowOf(options); // read again for each batch
    std::string line;
    const auto flush = [&] {
        writer.write(batch, now, progress);
        progress.skipped += expired;
        batch.clear();
        expired = 0;
        now = detail::nowOf(options);
        return detail::reportProgress(options, progress);
    };
    while (std::getline(in, line)) {
        ++lineNumber;
        if (lineNumber == 1 && line.starts_with(kByteOrderMark))
            line.erase(0, kByteOrderMark.size());
        if (isBlank(line))
            continue;
        detail::ImportRow row;
        try {
            row = detail::parseImportLine(line, maxKeySize);
        } catch (const detail::ImportLineProblem &problem) {
            throw ImportFormatError(lineNumber, problem.what(), progress.done, progress.skipped);
        }
        if (row.expiresAt && *row.expiresAt <= now) {
            ++expired;
            continue;
        }
        batch.push_back(std::move(row));
        if (batch.size() == batchSize && !flush())
            return {progress.done, progress.skipped, true};
    }
    if (in.bad())
        throw Error(std::string("kvs: cannot read the import: ") + std::strerror(errno));
    if (!batch.empty() || expired > 0)
        flush();
    return {progress.done, progress.skipped, false};
}

} // namespace kvs
