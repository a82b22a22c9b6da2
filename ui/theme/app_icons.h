#pragma once

#include <QIcon>

namespace kvs::ui {

// The icons of the toolbar, menus and tabs. Each has a freedesktop icon-naming-spec name: the
// system theme's icon of that name is used where the theme has one, so KVS Admin looks like the
// rest of the desktop; otherwise our own icon of one consistent set (resources/icons/actions).
enum class AppIcon {
    Application, // the application icon (never themed: it is ours)
    Open,
    Connect,
    Demo,
    SqliteDatabase,
    PostgresDatabase,
    Close,
    Quit,
    About,
};

// Requires: a QGuiApplication exists. GUI thread only.
[[nodiscard]] QIcon appIcon(AppIcon which);

} // namespace kvs::ui
