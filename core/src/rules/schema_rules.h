#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

// The schema rules both backends apply with the same words (reference "Schema versions",
// gotcha 22): the columns that make a table a kvs table, and how a stored version is read.
namespace kvs::detail {

using Columns = std::initializer_list<const char *>;

inline constexpr Columns kMetaColumns = {"key", "value"};
inline constexpr Columns kKvColumns = {"key", "value", "version", "expires_at"};
inline constexpr Columns kQueueV1Columns
    = {"id", "topic", "payload", "status", "enqueued_at", "deliver_at", "attempts", "max_attempts"};
inline constexpr Columns kQueueV2Columns
    = {"locked_until", "lease_token", "last_error", "finished_at"};
inline constexpr Columns kVersionstampColumns = {"id", "version"};

// A table is recognised by its column names only. Throws ForeignTableError "kvs: table \"T\"
// exists but is not a kvs table (missing columns: ...). Use the tablePrefix option to give kvs
// tables of its own." when present lacks any of required or alsoRequired, and Error "kvs: table
// \"T\" is missing from this kvs database ..." when present is empty (no such table).
void requireColumns(const std::vector<std::string> &present,
                    const std::string &table,
                    Columns required,
                    Columns alsoRequired = {});

// The meta row's schema_version text as a number. Throws Error "kvs: the database schema
// version is not an integer: \"X\"" (or "... is too large: \"X\"" beyond 64 bits) and
// SchemaTooNewError for a version above kSchemaVersion.
long long parseSchemaVersion(const std::string &text);

// The largest versionstamp: 2^53 - 1, the largest integer a JavaScript reader gets exactly (the
// reference's versions are Numbers). A store refuses to hand out a larger one.
inline constexpr std::int64_t kMaxVersion = 9007199254740991;

// Throws Error "kvs: versionstamps are used up: the counter is at N and the next version would
// pass 9007199254740991 (2^53 - 1), the largest integer JavaScript reads exactly" (N omitted when
// not known).
[[noreturn]] void throwVersionsExhausted(std::optional<std::int64_t> counter);

// "a, b, c", for messages that list tables.
std::string joinNames(const std::vector<std::string> &names);

} // namespace kvs::detail
