// SqliteEngine's analysis reads (kvs analyze's queue and storage sections): one statement each,
// nothing written, so they work on a read-only or immutable open too.
#include "sqlite/sqlite_engine.h"

#include <filesystem>
#include <system_error>

namespace kvs::detail {

namespace {

// The size of the file at path, 0 when there is none (no -wal yet, or already removed).
std::int64_t fileSizeOf(const std::string &path)
{
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    return error ? 0 : static_cast<std::int64_t>(size);
}

} // namespace

std::vector<QueueStatusFigures> SqliteEngine::queueFigures(std::int64_t now)
{
    // A read-only open may find no queue table (no messages, then), or one of kvs <= 0.3
    // without finished_at.
    bool hasQueue = false;
    bool hasFinishedAt = false;
    {
        StatementScope probe(statement(SqlId::AnalysisQueueProbe));
        probe->bindText(1, m_names.queue);
        if (probe->step()) {
            hasQueue = probe->columnInt64(0) > 0;
            hasFinishedAt = probe->columnInt64(1) > 0;
        }
    }
    std::vector<QueueStatusFigures> figures;
    if (!hasQueue)
        return figures;
    StatementScope read(statement(hasFinishedAt ? SqlId::AnalysisQueue : SqlId::AnalysisQueueV1));
    read->bindInt64(1, now);
    while (read->step()) {
        QueueStatusFigures row;
        row.topic = std::string(read->columnBytes(0));
        row.status = std::string(read->columnBytes(1));
        row.messages = read->columnInt64(2);
        row.payloadBytes = read->columnInt64(3);
        row.oldestEnqueuedAt = read->columnInt64(4);
        row.oldestFinishedAt = read->columnOptionalInt64(5);
        figures.push_back(std::move(row));
    }
    return figures;
}

StorageFigures SqliteEngine::storageFigures()
{
    SqliteStorageFigures sqlite;
    {
        StatementScope read(statement(SqlId::AnalysisPages));
        if (read->step()) {
            sqlite.pageSize = read->columnInt64(0);
            sqlite.pageCount = read->columnInt64(1);
            sqlite.freePages = read->columnInt64(2);
            sqlite.path = std::string(read->columnBytes(3));
        }
    }
    if (!sqlite.path.empty()) {
        sqlite.fileBytes = fileSizeOf(sqlite.path);
        sqlite.walBytes = fileSizeOf(sqlite.path + "-wal");
    }
    StorageFigures figures;
    figures.sqlite = std::move(sqlite);
    return figures;
}

} // namespace kvs::detail
