#pragma once

#include <kvs/key_space_analysis.h>

#include <string>
#include <vector>

/// Findings of a key-space report in plain words: each from one rule, named so that a script
/// (and a test) can tell them apart. Not in the reference. Safe from any thread.
namespace kvs {

struct KeySpaceFinding
{
    /// The rule: "expired-not-cleaned", "large-values", "dominant-prefix", "undecodable-rows",
    /// "rows-outside-key-space", "old-dead-letters", "free-pages", "wal-larger-than-database".
    std::string rule;
    std::string text; // one sentence, never translated (as core messages)
};

/// The share of the bytes above which one top-level child is "dominant-prefix" (a half).
inline constexpr double kDominantShare = 0.5;
/// The value size from which a value counts for "large-values": 1 MiB.
inline constexpr std::int64_t kLargeValueBytes = std::int64_t(1) << 20;

/// How long a dead letter may wait before "old-dead-letters": 7 days, in ms.
inline constexpr std::int64_t kOldDeadLetterMs = std::int64_t(7) * 24 * 60 * 60 * 1000;
/// The share of a SQLite database's pages above which its free pages are "free-pages" (a fifth).
inline constexpr double kFreePagesShare = 0.2;

/// The findings of report, in the order of the rules above:
/// - expired-not-cleaned: entries expired but still stored (the maintenance timer or
///   cleanExpired() deletes them);
/// - large-values: values of kLargeValueBytes or more (counted from the size buckets);
/// - dominant-prefix: one of two or more children of the prefix holds more than kDominantShare
///   of the bytes;
/// - undecodable-rows, rows-outside-key-space: such rows exist;
/// - old-dead-letters, one per topic: its oldest dead letter died (finished_at; enqueued_at on a
///   table without it) more than kOldDeadLetterMs before the report's now (the store's clock);
/// - free-pages: a SQLite database whose free pages are more than kFreePagesShare of its pages
///   (a VACUUM would reclaim them);
/// - wal-larger-than-database: a SQLite -wal file larger than the database (its pages).
/// The last three need the report's queue and storage sections; without them they find nothing.
/// A partial report's findings cover the rows it read.
[[nodiscard]] std::vector<KeySpaceFinding> keySpaceFindings(const KeySpaceReport &report);

} // namespace kvs
