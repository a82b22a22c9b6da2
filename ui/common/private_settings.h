#pragma once

class QSettings;

namespace kvs::ui {

// Writes settings to their file readable by the owner only (0600), whatever the umask: a missing
// file is created 0600 before the write (QSettings' atomic save keeps the permissions of the file
// it replaces), and a file left readable by an older release is narrowed after it. The settings
// name hosts, users and databases. Thread rule: the thread that owns settings.
void syncPrivately(QSettings &settings);

} // namespace kvs::ui
