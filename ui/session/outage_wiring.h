#pragma once

namespace kvs::ui {

class DatabaseView;

// Connects a database tab's views to its session's ReconnectMonitor (issue 30): the live feeds
// (the tree's and inspector's, the watch panes'), the queue poll and the Tables view report lost
// connections to it and read again when it recovers; each view gets an OutageBanner at its top
// (its rows greyed while offline); the actions that need the server are switched off meanwhile
// (ServerActionGate); a tree listing that failed is read again when the database is back.
// Thread rule: GUI thread only.
void addOutageHandling(DatabaseView &view);

} // namespace kvs::ui
