#include "tables/row_window_bar.h"

#include "tables/table_rows_model.h"

#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QTableView>

#include <limits>
#include <utility>

namespace kvs::ui {

RowWindowBar::RowWindowBar(QTableView *view, TableRowsModel *rows, QWidget *parent)
    : QScrollBar(Qt::Vertical, parent)
    , m_view(view)
    , m_rows(rows)
{
    setObjectName(QStringLiteral("tableRowBar"));
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerItem); // bar values are rows
    m_view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QScrollBar *inner = m_view->verticalScrollBar();
    connect(inner, &QScrollBar::rangeChanged, this, &RowWindowBar::updateRange);
    connect(inner, &QScrollBar::valueChanged, this, &RowWindowBar::onViewScrolled);
    connect(this, &QScrollBar::valueChanged, this, &RowWindowBar::onMoved);
    m_view->installEventFilter(this);
    connect(m_rows, &QAbstractItemModel::modelReset, this, [this] {
        const QSignalBlocker block(this);
        setValue(0);
        updateRange();
    });
    updateRange();
}

void RowWindowBar::updateRange()
{
    const QScrollBar *inner = m_view->verticalScrollBar();
    const qint64 hidden = m_rows->totalRows() - m_rows->windowRows(); // rows outside the window
    const qint64 maximum
        = std::min<qint64>(inner->maximum() + hidden, std::numeric_limits<int>::max());
    const bool syncing = std::exchange(m_syncing, true);
    setRange(0, int(maximum));
    setPageStep(inner->pageStep());
    setSingleStep(1);
    m_syncing = syncing;
    setVisible(maximum > 0);
}

void RowWindowBar::onMoved(int tableRow)
{
    if (m_syncing)
        return;
    QScrollBar *inner = m_view->verticalScrollBar();
    const qint64 start = m_rows->windowStart();
    const bool syncing = std::exchange(m_syncing, true);
    if (tableRow < start || tableRow > start + inner->maximum()) {
        // Past the window: a new one with this row in its middle.
        moveWindow(tableRow - (m_rows->windowRows() - inner->pageStep()) / 2);
    }
    inner->setValue(int(tableRow - m_rows->windowStart()));
    m_syncing = syncing;
}

void RowWindowBar::onViewScrolled(int modelRow)
{
    if (m_syncing)
        return;
    QScrollBar *inner = m_view->verticalScrollBar();
    const qint64 tableRow = m_rows->windowStart() + modelRow;
    const int margin = std::max(1, inner->pageStep());
    const bool nearTop = modelRow < margin && m_rows->windowStart() > 0;
    const bool nearBottom = modelRow > inner->maximum() - margin
                            && m_rows->windowStart() + m_rows->windowRows() < m_rows->totalRows();
    const bool syncing = std::exchange(m_syncing, true);
    if (nearTop || nearBottom) {
        moveWindow(tableRow - (m_rows->windowRows() - inner->pageStep()) / 2);
        inner->setValue(int(tableRow - m_rows->windowStart()));
    }
    setValue(int(std::min<qint64>(tableRow, std::numeric_limits<int>::max())));
    m_syncing = syncing;
}

bool RowWindowBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool ctrl = key->modifiers() & Qt::ControlModifier;
        if (ctrl && (key->key() == Qt::Key_End || key->key() == Qt::Key_Home)) {
            goToEdge(key->key() == Qt::Key_End);
            return true;
        }
    }
    return QScrollBar::eventFilter(watched, event);
}

void RowWindowBar::goToEdge(bool last)
{
    if (m_rows->windowRows() == 0 || m_rows->columnCount() == 0)
        return;
    const bool syncing = std::exchange(m_syncing, true);
    moveWindow(last ? m_rows->totalRows() - m_rows->windowRows() : 0);
    const int row = last ? m_rows->windowRows() - 1 : 0;
    const int column = last ? m_rows->columnCount() - 1 : 0;
    m_view->setCurrentIndex(m_rows->index(row, column));
    m_view->scrollTo(m_view->currentIndex());
    QScrollBar *inner = m_view->verticalScrollBar();
    setValue(int(
        std::min<qint64>(m_rows->windowStart() + inner->value(), std::numeric_limits<int>::max())));
    m_syncing = syncing;
}

void RowWindowBar::moveWindow(qint64 start)
{
    const qint64 before = m_rows->windowStart();
    const QModelIndex current = m_view->currentIndex();
    const qint64 after = m_rows->setWindowStart(start);
    if (after == before)
        return;
    QItemSelectionModel *selection = m_view->selectionModel();
    if (!selection)
        return;
    selection->clearSelection();
    if (!current.isValid())
        return;
    const qint64 row = current.row() + before - after; // the same table row, in the new window
    if (row >= 0 && row < m_rows->windowRows())
        selection->setCurrentIndex(m_rows->index(int(row), current.column()),
                                   QItemSelectionModel::NoUpdate);
    else
        selection->clearCurrentIndex();
}

} // namespace kvs::ui
