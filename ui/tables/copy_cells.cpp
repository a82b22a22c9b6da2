#include "tables/copy_cells.h"

#include <QApplication>
#include <QClipboard>
#include <QItemSelectionModel>
#include <QTableView>

#include <algorithm>

namespace kvs::ui {

void copySelectedCells(const QTableView &view)
{
    if (!view.selectionModel())
        return;
    QModelIndexList cells = view.selectionModel()->selectedIndexes();
    if (cells.isEmpty())
        return;
    std::sort(cells.begin(), cells.end(), [](const QModelIndex &a, const QModelIndex &b) {
        return a.row() != b.row() ? a.row() < b.row() : a.column() < b.column();
    });
    QString text;
    int row = cells.first().row();
    bool first = true;
    for (const QModelIndex &cell : cells) {
        if (cell.row() != row) {
            text += QLatin1Char('\n');
            row = cell.row();
            first = true;
        }
        if (!first)
            text += QLatin1Char('\t');
        text += cell.data(Qt::EditRole).toString();
        first = false;
    }
    QApplication::clipboard()->setText(text + QLatin1Char('\n'));
}

} // namespace kvs::ui
