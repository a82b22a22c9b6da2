#pragma once

#include <QJsonObject>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/// Key-space reports kept per database (`kvs analyze --save` and `--compare ID`): one JSON line
/// each, {"id": N, "database": NAME, "savedAt": MS, "report": REPORT}, in a private file
/// (kvs/private_file.h: 0600, its folder 0700) in the data folder beside the benchmark history.
/// NAME is auditDatabaseName() (kvs/audit_log.h); ids count per database from 1. Not in the
/// reference. Safe from any thread; two savers at once may give two reports one id (the later
/// is then the one found).
namespace kvs {

/// dataFilePath("analysis-reports.jsonl").
[[nodiscard]] std::string savedKeySpaceReportsPath();

/// Appends report as database's next one; returns its id. Throws Error "kvs: cannot write the
/// saved analysis reports PATH: REASON" (and when reading the file fails, "kvs: cannot read
/// ...").
std::int64_t saveKeySpaceReport(const std::string &database,
                                const QJsonObject &report,
                                std::int64_t savedAt,
                                const std::string &path = savedKeySpaceReportsPath());

/// database's saved report id (its "report" object), or nullopt when there is none. Lines that
/// are not JSON objects are passed over. Throws Error "kvs: cannot read the saved analysis
/// reports PATH: REASON".
[[nodiscard]] std::optional<QJsonObject> loadKeySpaceReport(const std::string &database,
                                                            std::int64_t id,
                                                            const std::string &path
                                                            = savedKeySpaceReportsPath());

/// One saved report as listed: its id, when it was saved (ms since the epoch) and the report.
struct SavedKeySpaceReport
{
    std::int64_t id = 0;
    std::int64_t savedAt = 0;
    QJsonObject report;
};

/// database's saved reports in the order they were saved (for a list to choose from, as the
/// GUI's Analysis view shows them). Lines that are not JSON objects are passed over; a file not
/// there yet lists none. Throws Error "kvs: cannot read the saved analysis reports PATH: REASON".
[[nodiscard]] std::vector<SavedKeySpaceReport> listKeySpaceReports(const std::string &database,
                                                                   const std::string &path
                                                                   = savedKeySpaceReportsPath());

} // namespace kvs
