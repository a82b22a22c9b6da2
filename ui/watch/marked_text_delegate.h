#pragma once

#include <QStyledItemDelegate>

namespace kvs::ui {

// Paints a cell's text with the part its model gives in WatchHistoryModel::MarkRole (a QPoint:
// start, length) on a tinted background: the part of a value that changed. tone picks the tint
// (the old value's and the new value's differ). In a narrow cell the text before the mark is cut
// at its start, so the mark shows. Thread rule: GUI thread only.
class MarkedTextDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    enum class Tone { Removed, Added };

    MarkedTextDelegate(Tone tone, QObject *parent = nullptr);

    void paint(QPainter *painter,
               const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

private:
    Tone m_tone;
};

} // namespace kvs::ui
