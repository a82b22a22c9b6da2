#pragma once

#include <kvs/clock.h>
#include <kvs/types.h>

#include <chrono>
#include <memory>
#include <string>

namespace kvs {

/// Options of KVStore (the reference's KVStoreOptions, plus the read-only open and the consent
/// to migrate that an inspector needs).
struct KVStoreOptions
{
    /// /^[A-Za-z_][A-Za-z0-9_]*$/, at most 40 characters; else TypeError.
    std::string tablePrefix;
    /// "normal" or "full" (PRAGMA synchronous); else TypeError.
    std::string durability = "normal";
    /// Longest encoded key accepted, integer >= 1; else RangeError.
    long long maxKeySize = 2048;
    QueueConfig queue;
    /// Open with SQLite mode=ro: no migration, no pragma that writes, no timer; every write
    /// throws ReadOnlyError. A database at an older schema can still be read.
    bool readOnly = false;
    /// When false, an existing database at an older schema is refused with SchemaOutdatedError
    /// and left untouched instead of being migrated (a new, empty database is still created).
    bool migrate = true;
    /// How often the maintenance timer runs cleanExpired() and cleanQueue() (the reference's
    /// 60 s; not an option there). Zero turns it off. A read-only store never runs it.
    std::chrono::milliseconds maintenanceInterval{60000};
    /// The time the store reads and its timers run on (kvs/clock.h); null: the system's.
    std::shared_ptr<Clock> clock;
};

} // namespace kvs
