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
    /// "rows-outside-key-space".
    std::string rule;
    std::string text; // one sentence, never translated (as core messages)
};

/// The share of the bytes above which one top-level child is "dominant-prefix" (a half).
inline constexpr double kDominantShare = 0.5;
/// The value size from which a value counts for "large-values": 1 MiB.
inline constexpr std::int64_t kLargeValueBytes = std::int64_t(1) << 20;

/// The findings of report, in the order of the rules above:
/// - expired-not-cleaned: entries expired but still stored (the maintenance timer or
///   cleanExpired() deletes them);
/// - large-values: values of kLargeValueBytes or more (counted from the size buckets);
/// - dominant-prefix: one of two or more children of the prefix holds more than kDominantShare
///   of the bytes;
/// - undecodable-rows, rows-outside-key-space: such rows exist.
/// A partial report's findings cover the rows it read.
[[nodiscard]] std::vector<KeySpaceFinding> keySpaceFindings(const KeySpaceReport &report);

} // namespace kvs
