#pragma once

#include <string>

/// The one folder where kvs and kvs-admin keep their files: the audit log, the SQL console's
/// history, the benchmark history, the queue charts' history and the demo database. Safe from
/// any thread.
namespace kvs {

/// $XDG_DATA_HOME/kvs-admin (by default ~/.local/share/kvs-admin), without a trailing slash.
/// It is not created here: each file's writer creates it (mode 0700) when it first writes.
[[nodiscard]] std::string dataFolderPath();

/// dataFolderPath() + "/" + name.
[[nodiscard]] std::string dataFilePath(const std::string &name);

} // namespace kvs
