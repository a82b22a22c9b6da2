#pragma once

#include "connection/connection_spec.h"

#include <QList>
#include <QString>

#include <optional>

namespace kvs::ui {

class DatabaseView;

// What a command line, a second instance or File ▸ Open SQLite File… names: a SQLite path (made
// absolute) or a PostgreSQL URL, with the password the URL carries (empty: none).
struct OpenLocation
{
    ConnectionSpec spec;
    QString password;
};

// nullopt, with the reason in *error, for a PostgreSQL URL that does not parse.
[[nodiscard]] std::optional<OpenLocation> parseOpenLocation(const QString &pathOrUrl,
                                                            QString *error);

// The tab among views that shows the database spec names (ConnectionSpec::sameTarget), or null.
[[nodiscard]] DatabaseView *tabShowing(const QList<DatabaseView *> &views,
                                       const ConnectionSpec &spec);

// Brings view's tab to the front of its window and the window to the front. GUI thread only.
void showTab(DatabaseView *view);

} // namespace kvs::ui
