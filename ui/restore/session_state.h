#pragma once

#include "connection/connection_spec.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QRect>
#include <QString>
#include <QStringList>

#include <optional>

namespace kvs::ui {

// What a database tab showed when the session was last written: enough to open it again,
// read-only, on the same view, key and expanded nodes. Never a password.
struct TabState
{
    ConnectionSpec spec = ConnectionSpec::sqlite({});
    QString view;                        // the shown view's class name (DatabaseView::views())
    QString selectedKey;                 // a key literal, empty for none
    QStringList expandedKeys;            // key literals of the expanded tree nodes, parents first
    QMap<QString, QByteArray> splitters; // QSplitter::saveState() by the splitter's path
};

// The window and its tabs, in order. Written as it changes (SessionRecorder), read once at the
// next start (SessionRestorer).
struct SessionState
{
    QRect geometry; // the window's normal geometry, frame excluded; null: none
    bool maximized = false;
    int currentTab = -1;
    QList<TabState> tabs;
};

// The file of the session: session.json in the data folder.
[[nodiscard]] QString sessionStatePath();

[[nodiscard]] QByteArray sessionStateToJson(const SessionState &state);
// nullopt, with the reason in *error, for what is not a session file of ours (a tab whose
// connection cannot be read is left out, not a reason to refuse the rest).
[[nodiscard]] std::optional<SessionState> sessionStateFromJson(const QByteArray &json,
                                                               QString *error);

// Replaces the file at path whole (a temporary file renamed over it: a kill -9 leaves the old
// state or the new one, never half of one), mode 0600: it names the databases the user opened.
[[nodiscard]] bool
writeSessionState(const SessionState &state, const QString &path, QString *error);
// nullopt with *error empty when there is no file; with the reason when it cannot be read.
[[nodiscard]] std::optional<SessionState> readSessionState(const QString &path, QString *error);

} // namespace kvs::ui
