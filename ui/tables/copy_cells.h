#pragma once

class QTableView;

namespace kvs::ui {

// Copies the selected cells of view to the clipboard as tab-separated lines (each cell's
// EditRole: bytes as full hex), in row and column order. Does nothing without a selection.
void copySelectedCells(const QTableView &view);

} // namespace kvs::ui
