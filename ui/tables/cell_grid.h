#pragma once

#include <QVariant>

class QFont;
class QString;
class QTableView;

namespace kvs::ui {

// What the Tables view and the SQL console share: how a stored cell reads in a grid and the
// grid's set-up. Thread rule: GUI thread only.

// A cell as text: NULL, hex for bytes (the first hexBytes bytes, then their count), the text or
// number as it is.
QString cellText(const QVariant &value, int hexBytes);
// A stored cell's data for role: its text (DisplayRole), its whole value for copying
// (EditRole: bytes as full hex), the size of bytes (ToolTipRole), NULL greyed out
// (ForegroundRole), bytes in mono (FontRole).
QVariant cellData(const QVariant &value, int role, int hexBytes, const QFont &mono);
// Sets view up for many stored rows: fixed row heights (a million rows lay out without
// measuring one), no word wrap, columns of columnWidth, and a Copy action (Ctrl+C and the
// context menu) that copies the selected cells.
void setUpCellGrid(QTableView &view, int columnWidth);
// Copies the selected cells of view to the clipboard as tab-separated lines of their EditRole,
// in row and column order. Does nothing without a selection.
void copySelectedCells(const QTableView &view);

} // namespace kvs::ui
