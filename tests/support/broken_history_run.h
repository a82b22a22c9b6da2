#pragma once

// Issue 28: a benchmark history whose one run another writer broke. Writes the run's value bytes
// by raw SQLite (the kvs API would not store them), as a bad disk or a foreign tool would.

#include "support/raw_sqlite.h"

#include <kvs/key.h>

#include <QByteArray>
#include <QtGlobal>

#include <cstdint>
#include <string>

namespace kvs::test {

// The bytes breakHistoryRun() stores: no stored value (plain JSON cannot start with '}').
inline constexpr const char *kBrokenRunBytes = "}not a run";

// Replaces the stored value of run id in the history at path by kBrokenRunBytes.
// Requires: the run is saved there.
inline void breakHistoryRun(const std::string &path, std::int64_t id)
{
    const std::string key = encodeKey(Key{"run", static_cast<double>(id)});
    const QByteArray hex = QByteArray(key.data(), qsizetype(key.size())).toHex();
    RawSqlite raw(path);
    raw.exec("UPDATE kv SET value = CAST('" + std::string(kBrokenRunBytes)
             + "' AS BLOB) WHERE key = X'" + hex.toStdString() + "'");
    if (sqlite3_changes(raw.handle()) != 1)
        qFatal("run %lld is not saved in %s", static_cast<long long>(id), path.c_str());
}

} // namespace kvs::test
