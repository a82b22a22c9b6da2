#pragma once

#include <QString>

// The demo database of KVS Admin: a small kvs database that shows every kind of key part and
// value the store holds, written through kvs::KVStore only (never SQL).
namespace kvs::ui {

// Returns demo.kvs.db in the data folder (kvs/data_folder.h), creating that folder (0700) when it
// is missing (a failure to create it is logged; opening the path then reports the error).
// Safe from any thread.
[[nodiscard]] QString defaultDemoDatabasePath();

// Creates the demo database at path if no file exists there yet, and returns true; returns false
// and leaves the file untouched when one exists. The content is built in "<path>.part" in one
// atomic() commit and moved to path once closed, so a half-made demo never appears at path; on
// failure the partial files are deleted and the exception is rethrown: the store's kvs::Error
// kinds (DatabaseError when SQLite cannot create the file), or kvs::Error
// "kvs-admin: cannot move the demo database into place at <path>".
// Blocks on SQLite: call it from a worker thread, never from the GUI thread. One call per path
// at a time.
bool createDemoDatabase(const QString &path);

} // namespace kvs::ui
