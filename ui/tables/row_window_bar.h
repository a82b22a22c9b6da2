#pragma once

#include <QScrollBar>

class QTableView;

namespace kvs::ui {

class TableRowsModel;

// The vertical scroll bar of the Tables view: it spans every row of the table (value: the table
// row at the top), while the view itself holds only the model's window of rows. Moving it past
// the window moves the window (the current cell keeps its table row, or goes when it leaves the
// window; the selection is cleared), then scrolls the view within it; the view's own scrolling
// (wheel, keys) moves this bar, and near an edge of the window re-centres it. Ctrl+End and
// Ctrl+Home go to the table's last and first row at once (the view's own go to its window's).
// The view's own bar is hidden. Thread rule: GUI thread only.
class RowWindowBar : public QScrollBar
{
    Q_OBJECT

public:
    // Not owned: view and rows outlive this bar (siblings in one pane); view shows rows.
    RowWindowBar(QTableView *view, TableRowsModel *rows, QWidget *parent = nullptr);

protected:
    // The view's Ctrl+End and Ctrl+Home.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateRange();
    void onMoved(int tableRow);
    void onViewScrolled(int modelRow);
    // Moves the window so that it starts at start (clamped), keeping the current cell's row.
    void moveWindow(qint64 start);
    // Makes the table's first (or last) row current, in the window that holds it.
    void goToEdge(bool last);

    QTableView *m_view;     // Not owned.
    TableRowsModel *m_rows; // Not owned.
    bool m_syncing = false; // this bar and the view's are being set to each other
};

} // namespace kvs::ui
