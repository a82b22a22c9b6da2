#pragma once

#include <kvs/key_space_analysis.h>
#include <kvs/key_space_json.h>

#include <QJsonArray>

#include <cstdint>
#include <string>
#include <vector>

// How kvs analyze prints a report and a comparison as text (and a comparison's JSON).
namespace kvs::cli {

// The report in sections: a heading (rows read, partial or not), totals, kinds, expiry groups,
// the tree by bytes down to the depth, the top children by entries, the largest entries, the
// size distributions, the rows counted apart, the queue by topic and status, the storage (file
// and free pages, WAL; PostgreSQL's relations) and the findings. Ends with a newline.
[[nodiscard]] std::string reportText(const KeySpaceReport &report);

// "Since report ID:" and a line per change (appeared, vanished, +/- entries and bytes).
[[nodiscard]] std::string changesText(std::int64_t id, const std::vector<KeySpaceChange> &changes);

// [{"key": LITERAL, "status": "changed"|"appeared"|"vanished", "entries": N, "bytes": N,
//   "entriesBefore": N, "bytesBefore": N}, ...]
[[nodiscard]] QJsonArray changesJson(const std::vector<KeySpaceChange> &changes);

} // namespace kvs::cli
