#pragma once

#include "restore/session_state.h"

#include <QObject>
#include <QStringList>

namespace kvs::ui {

class DatabaseView;

// At most this many expanded nodes are remembered per tab (the first ones, parents first).
inline constexpr int kMaxRememberedExpansions = 200;

// What view shows now: its connection, its current view, the tree's selected key and expanded
// nodes, its splitters' states. Thread rule: GUI thread only.
[[nodiscard]] TabState captureTab(const DatabaseView &view);

// The name of object (a splitter, a header) inside view: the class names and sibling positions
// on the way down to it, which stay the same from one start to the next.
[[nodiscard]] QString objectPath(const QObject &object, const QObject &view);

// Puts a restored tab back as it was: the view and the splitters at once, then, once the tab's
// store is there, each expanded node and last the selected key, one after another through the
// tree's go-to (which loads the levels on the way). A key that has gone since is skipped. It
// deletes itself when done or when the view goes. Thread rule: GUI thread only.
class TabStateApplier : public QObject
{
    Q_OBJECT

public:
    TabStateApplier(DatabaseView *view, TabState state);

signals:
    // Everything that could be put back is (tests wait for it).
    void finished();

private:
    void start();
    void next();

    DatabaseView *m_view; // Not owned (the parent).
    TabState m_state;
    QStringList m_pending; // expanded keys still to go to; then the selected key
    bool m_selecting = false;
};

} // namespace kvs::ui
