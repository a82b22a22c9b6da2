#pragma once

namespace kvs::ui {

class DatabaseView;

// Wires a database tab's Analysis view (DatabaseView::analysis()): the tab's store and clock,
// the database's name for its saved reports (as the audit log and `kvs analyze` name it), and
// the links of its findings and tables: the key tree at a prefix (the Keys view), a value search
// (the Search view's values mode). Its maintenanceRequested() is left for a Maintenance view.
// Thread rule: GUI thread only.
void wireAnalysis(DatabaseView &view);

} // namespace kvs::ui
