// PgCalls' analysis reads (kvs analyze's queue and storage sections): aggregated on the server,
// nothing written, so they run on a standby and in a read-only transaction too.
#include "postgres/pg_calls.h"

#include <kvs/table_names.h>

namespace kvs::detail {

PgCall<std::vector<QueueStatusFigures>> PgCalls::queueFigures(std::int64_t now)
{
    PgCall<std::vector<QueueStatusFigures>> figures;
    figures.session = [this, now](PqConnection &connection) {
        std::vector<QueueStatusFigures> rows;
        PqParams table;
        table.text(m_names.queue);
        const PqResult probe = connection.run(m_s.analysisQueueProbe, table);
        if (probe.rows() == 0 || probe.int64(0, 0) == 0)
            return rows; // no queue table: no messages
        PqParams p;
        p.int8(now);
        const PqResult r
            = connection.run(probe.int64(0, 1) != 0 ? m_s.analysisQueue : m_s.analysisQueueV1, p);
        rows.reserve(static_cast<std::size_t>(r.rows()));
        for (int i = 0; i < r.rows(); ++i) {
            QueueStatusFigures row;
            row.topic = std::string(r.bytes(i, 0));
            row.status = std::string(r.bytes(i, 1));
            row.messages = r.int64(i, 2);
            row.payloadBytes = r.int64(i, 3);
            row.oldestEnqueuedAt = r.int64(i, 4);
            row.oldestFinishedAt = r.optionalInt64(i, 5);
            rows.push_back(std::move(row));
        }
        return rows;
    };
    return figures;
}

PgCall<StorageFigures> PgCalls::storageFigures()
{
    // In kStoreTables' order: the statement answers each by its position.
    PqParams p;
    p.text(m_names.kv).text(m_names.queue).text(m_names.meta).text(m_names.versionstamp);
    PgCall<StorageFigures> figures;
    figures.statement = &m_s.analysisStorage;
    figures.params = std::move(p);
    figures.parse = [](const PqResult &r) {
        StorageFigures storage;
        for (int i = 0; i < r.rows(); ++i) {
            const std::int64_t position = r.int64(i, 0);
            if (position < 1 || position > static_cast<std::int64_t>(kStoreTables.size()))
                continue;
            PgTableFigures table;
            table.table = std::string(kStoreTables[static_cast<std::size_t>(position - 1)].label);
            table.tableBytes = r.int64(i, 1);
            table.indexBytes = r.int64(i, 2);
            table.toastBytes = r.int64(i, 3);
            table.totalBytes = r.int64(i, 4);
            table.liveTuples = r.optionalInt64(i, 5);
            table.deadTuples = r.optionalInt64(i, 6);
            table.lastVacuum = r.optionalInt64(i, 7);
            table.lastAutovacuum = r.optionalInt64(i, 8);
            table.lastAnalyze = r.optionalInt64(i, 9);
            table.lastAutoanalyze = r.optionalInt64(i, 10);
            storage.tables.push_back(std::move(table));
        }
        return storage;
    };
    return figures;
}

} // namespace kvs::detail
