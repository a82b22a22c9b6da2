#pragma once

#include <kvs/key.h>
#include <kvs/types.h>

#include <cstdint>
#include <optional>
#include <string>

// Argument validation shared by every store, so each reference rule and message lives once.
// All throw before anything is written.
namespace kvs::detail {

// TypeError "kvs: tablePrefix must match /^[A-Za-z_][A-Za-z0-9_]*$/ (at most 40 characters),
// got \"P\"".
void validateTablePrefix(const std::string &prefix);
// TypeError "kvs: durability must be \"normal\" or \"full\", got \"D\"".
void validateDurability(const std::string &durability);
// The SQLite file's options as both stores check them (KVStore; AsyncKVStore for a SQLite
// connection string) before the file is opened: validateTablePrefix, then validateDurability.
void validateSqliteOptions(const std::string &tablePrefix, const std::string &durability);
// RangeError "kvs: maxKeySize must be an integer >= 1, got N".
void validateMaxKeySize(long long maxKeySize);

// The encoded key, checked against maxKeySize: RangeError "kvs: key is N bytes encoded, over the
// 2048-byte limit (maxKeySize)", and the part errors of encodeKey.
std::string encodeKeyChecked(const Key &key, long long maxKeySize);
// The same into out (replaced; its capacity reused).
void encodeKeyChecked(const Key &key, long long maxKeySize, std::string &out);

// The expiry time for a ttl: nullopt without one. RangeError
// "kvs: ttl must be a finite number >= 0, got X".
std::optional<std::int64_t> expiryFor(const SetOptions &options, std::int64_t now);

// RangeError "kvs: <operation> delta must be a finite number, got X", with operation
// "increment()" or "atomic().sum()".
void validateDelta(const char *operation, double delta);

// RangeError for a delay that is not finite or maxAttempts that is not an integer >= 1.
void validateQueueOptions(const QueueOptions &options);

// Milliseconds as stored: JavaScript's Date.now() + delay keeps fractions out of INTEGER
// columns by flooring (delays are whole milliseconds in practice).
std::int64_t addMs(std::int64_t now, double ms);

} // namespace kvs::detail
