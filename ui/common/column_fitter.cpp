#include "common/column_fitter.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace kvs::ui {

ColumnFitter::ColumnFitter(QTableView *view)
    : QObject(view)
    , m_view(view)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(kDelayMs);
    connect(m_timer, &QTimer::timeout, this, &ColumnFitter::fitNow);
    QHeaderView *header = m_view->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setResizeContentsPrecision(kRowsMeasured);
    connect(header, &QHeaderView::sectionResized, this, [this](int column) {
        if (!m_fitting)
            m_userSized.insert(column);
    });
    m_view->viewport()->installEventFilter(this);
    const auto connectModel = [this] {
        QAbstractItemModel *model = m_view->model();
        if (!model)
            return;
        connect(model, &QAbstractItemModel::rowsInserted, this, &ColumnFitter::schedule);
        connect(model, &QAbstractItemModel::modelReset, this, &ColumnFitter::schedule);
        connect(model, &QAbstractItemModel::dataChanged, this, &ColumnFitter::schedule);
        connect(model, &QAbstractItemModel::layoutChanged, this, &ColumnFitter::schedule);
    };
    connectModel();
    schedule();
}

void ColumnFitter::setMaximumWidth(int column, int pixels)
{
    m_caps.insert(column, pixels);
    schedule();
}

void ColumnFitter::setTakesRest(int column)
{
    m_takesRest.insert(column);
    schedule();
}

void ColumnFitter::schedule()
{
    if (!m_timer->isActive())
        m_timer->start();
}

bool ColumnFitter::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        schedule();
    return QObject::eventFilter(watched, event);
}

void ColumnFitter::fitNow()
{
    m_timer->stop();
    QHeaderView *header = m_view->horizontalHeader();
    const int columns = header->count();
    QHash<int, int> widths;
    int used = 0;
    for (int column = 0; column < columns; ++column) {
        if (header->isSectionHidden(column))
            continue;
        if (m_userSized.contains(column)) {
            used += header->sectionSize(column);
            continue;
        }
        // QTableView's row measure is protected; QAbstractItemView's is public (and virtual).
        const QAbstractItemView *rows = m_view;
        int width = std::max(header->sectionSizeHint(column), rows->sizeHintForColumn(column));
        if (const auto cap = m_caps.constFind(column); cap != m_caps.constEnd())
            width = std::min(width, *cap);
        widths.insert(column, width);
        used += width;
    }
    // What is left goes to the columns that take it (a value's), in equal parts.
    QList<int> takers;
    for (const int column : std::as_const(m_takesRest)) {
        if (widths.contains(column))
            takers << column;
    }
    const int left = m_view->viewport()->width() - used;
    if (left > 0 && !takers.isEmpty()) {
        for (const int column : std::as_const(takers))
            widths[column] += left / int(takers.size());
    }
    const bool fitting = std::exchange(m_fitting, true);
    for (auto it = widths.constBegin(); it != widths.constEnd(); ++it) {
        if (header->sectionSize(it.key()) != it.value())
            header->resizeSection(it.key(), it.value());
    }
    m_fitting = fitting;
}

} // namespace kvs::ui
