#pragma once

#include <kvs/key.h>

#include <cstdint>
#include <string>
#include <vector>

// The shape of a user's data for a scratch workload (`kvs bench --workload W --like DB`): the
// depth and part kinds of sampled keys, and sampled value sizes. Only the shape is taken: no key
// or value of DB is copied; which keys a call picks stays the workload's distribution.
namespace kvs::bench {

// One part of a sampled key: its kind, and for strings and bytes its length in bytes.
struct PartShape
{
    KeyPart::Type kind = KeyPart::Type::String;
    std::uint32_t length = 0;
};

// A value type.
struct DataShape
{
    std::vector<std::vector<PartShape>> keys; // one per sampled key, in key order
    std::vector<std::uint32_t> valueSizes;    // the stored bytes of each sampled value

    [[nodiscard]] bool empty() const noexcept { return keys.empty(); }
    // "1000 keys sampled: 2 .. 4 parts (string, number), values 12 .. 4096 bytes".
    [[nodiscard]] std::string summary() const;
};

// How many entries sampleDataShape() reads at most.
inline constexpr std::size_t kShapeSample = 1000;

// Samples db (a SQLite file or a PostgreSQL connection string, opened read-only: nothing is
// created, migrated or written): every entry of a database of at most kShapeSample; of a larger
// one, the distinct first key parts (skip-scan), then the entries from up to 32 of them spread
// evenly, kShapeSample in all. Throws kvs::Error "kvs: --like:
// DB holds no entries to sample" for an empty database, and the store's errors prefixed "kvs:
// --like: " (a missing file, a server that cannot be reached, a foreign or newer database).
[[nodiscard]] DataShape sampleDataShape(const std::string &db);

// The scratch key of index in shape: the parts of sampled key index % keys, strings and bytes
// of the sampled lengths, with index carried by the last part that can hold it (a string in
// base 36, zero-padded; a number; a bigint; bytes big-endian), the other parts constant, so the
// keys of one sampled layout share their prefix as the sample's do. Different indexes give
// different keys. A sampled key of booleans only gets index as a number part in place of its
// last. Requires: !shape.empty().
[[nodiscard]] Key shapedKey(const DataShape &shape, std::uint64_t index);
// The parts of shapedKey(shape, index) before the part that carries index: the prefix a scan
// from that key lists under.
[[nodiscard]] Key shapedPrefix(const DataShape &shape, std::uint64_t index);

} // namespace kvs::bench
