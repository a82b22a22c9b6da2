#pragma once

#include <kvs/key.h>
#include <kvs/key_tree.h>
#include <kvs/value.h>

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace kvs::ui {

// How much of a value the inspector prepares for display and editing.
struct InspectLimits
{
    std::size_t maxTextBytes = 256 * 1024; // the literal shown is cut after this
    std::size_t maxEditBytes = 256 * 1024; // larger values are not offered for editing
};

// One row as the inspector shows it, prepared off the GUI thread by inspectEntry(): the raw
// bytes (shared, never copied again), the decoded key and value when they decode, and the
// pretty-printed literal (bounded). A value type; safe to hand between threads.
struct InspectedEntry
{
    std::string encodedKey;
    bool found = false; // false: no row at encodedKey (deleted meanwhile)

    std::shared_ptr<const std::string> rawValue; // never null
    std::int64_t version = 0;
    std::optional<std::int64_t> expiresAt; // ms since the epoch
    bool expired = false;                  // expired but not cleaned yet when read

    std::optional<Key> key; // nullopt: the key does not decode
    QString keyLiteral;     // printKeyLiteral, or empty when the key does not decode
    QString keyError;       // why the key does not decode
    QString keyHex;         // the encoded key in hex (lower case)
    QString keyCursor;      // encodeCursor of the encoded key (base64)

    std::shared_ptr<const Value> value; // null: the value does not decode
    QString valueError;                 // why the value does not decode
    QString prettyText;                 // the literal, pretty-printed, at most maxTextBytes
    bool truncated = false;             // prettyText is only the first part
    bool editable = false;              // key and value decode, and the value is small enough

    // The key and value both decode: the store API can write this key.
    bool writableKey() const { return key.has_value(); }
};

// Prepares raw for display: decodes key and value (keeping why either does not), pretty-prints
// the value within limits. Never throws. Safe from any thread; meant for a worker.
[[nodiscard]] InspectedEntry inspectEntry(const std::string &encodedKey,
                                          std::optional<RawEntry> raw,
                                          const InspectLimits &limits = {});

} // namespace kvs::ui
