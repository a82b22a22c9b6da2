#pragma once

namespace kvs::ui {

class DatabaseView;
class MaintenancePane;

// Adds the Maintenance view (issue 41) to a database tab: its tab in the tab's views, its target
// following the session's store (read-only or writable), its reads reporting to the tab's
// reconnect monitor (an outage banner at its top, its tables greyed), its clock the tab's.
// Returns the pane (named "maintenance"). Thread rule: GUI thread only.
MaintenancePane *addMaintenanceView(DatabaseView &view);

} // namespace kvs::ui
