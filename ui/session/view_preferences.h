#pragma once

class QSettings;

namespace kvs::ui {

class DatabaseView;

// Gives a database tab the preferences its views read when it opens: the key tree's page size
// and the Queues view's poll interval and lease warning window. settings: null means the
// application's default QSettings. Thread rule: GUI thread only. Requires: the tab's store is not
// set yet (the tree reads its first page with the size it has then).
void applyViewPreferences(DatabaseView &view, const QSettings *settings = nullptr);

} // namespace kvs::ui
