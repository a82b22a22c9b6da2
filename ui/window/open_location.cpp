#include "window/open_location.h"

#include "session/database_session.h"
#include "session/database_view.h"

#include <kvs/async_kvstore.h>

#include <QFileInfo>
#include <QTabWidget>

namespace kvs::ui {

std::optional<OpenLocation> parseOpenLocation(const QString &pathOrUrl, QString *error)
{
    if (!isPostgresUrl(pathOrUrl.toStdString()))
        return OpenLocation{ConnectionSpec::sqlite(QFileInfo(pathOrUrl).absoluteFilePath()), {}};
    OpenLocation location{ConnectionSpec::sqlite({}), {}};
    const std::optional<ConnectionSpec> spec
        = ConnectionSpec::fromPostgresUrl(pathOrUrl, &location.password, error);
    if (!spec)
        return std::nullopt;
    location.spec = *spec;
    return location;
}

DatabaseView *tabShowing(const QList<DatabaseView *> &views, const ConnectionSpec &spec)
{
    for (DatabaseView *view : views) {
        if (view->session()->spec().sameTarget(spec))
            return view;
    }
    return nullptr;
}

void showTab(DatabaseView *view)
{
    for (QWidget *parent = view->parentWidget(); parent; parent = parent->parentWidget()) {
        if (auto *tabs = qobject_cast<QTabWidget *>(parent)) {
            tabs->setCurrentWidget(view);
            break;
        }
    }
    QWidget *window = view->window();
    window->raise();
    window->activateWindow();
}

} // namespace kvs::ui
