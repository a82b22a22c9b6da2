#pragma once

#include <QStyledItemDelegate>

namespace kvs::ui {

// Paints a cell's text with the part its model's mark role names (QPoint(start, length))
// on the highlight colour, so a search's match stands out in the one-line preview. Cells
// without a mark are painted as usual. Thread rule: GUI thread only.
class MatchMarkDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    MatchMarkDelegate(int markRole, QObject *parent = nullptr);

    void paint(QPainter *painter,
               const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

private:
    int m_markRole;
};

} // namespace kvs::ui
