#include "theme/app_icons.h"

#include <QString>

// The resource file lives in the top-level resources/ folder; kvs_ui compiles it in. A static
// library's resources are registered by hand, once.
static void initResources()
{
    static const bool registered = [] {
        Q_INIT_RESOURCE(kvs_admin);
        return true;
    }();
    (void)registered;
}

namespace kvs::ui {

namespace {

struct IconName
{
    const char *theme;    // the icon naming spec's name
    const char *resource; // our fallback under :/icons
};

IconName nameOf(AppIcon which)
{
    switch (which) {
    case AppIcon::Application:
        return {nullptr, "kvs-admin.svg"};
    case AppIcon::Open:
        return {"document-open", "document-open.svg"};
    case AppIcon::Connect:
        return {"network-connect", "network-connect.svg"};
    case AppIcon::Demo:
        return {"applications-education", "applications-education.svg"};
    case AppIcon::SqliteDatabase:
        return {"drive-harddisk", "drive-harddisk.svg"};
    case AppIcon::PostgresDatabase:
        return {"network-server", "network-connect.svg"};
    case AppIcon::Close:
        return {"tab-close", "tab-close.svg"};
    case AppIcon::Quit:
        return {"application-exit", "application-exit.svg"};
    case AppIcon::About:
        return {"help-about", "help-about.svg"};
    }
    return {nullptr, "kvs-admin.svg"};
}

} // namespace

QIcon appIcon(AppIcon which)
{
    initResources();
    const IconName name = nameOf(which);
    QIcon ours(QStringLiteral(":/icons/") + QLatin1String(name.resource));
    if (which == AppIcon::Application)
        ours.addFile(QStringLiteral(":/icons/kvs-admin-48.png"));
    if (!name.theme)
        return ours;
    return QIcon::fromTheme(QLatin1String(name.theme), ours);
}

} // namespace kvs::ui
