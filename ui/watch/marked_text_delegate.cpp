#include "watch/marked_text_delegate.h"

#include "theme/ui_palette.h"
#include "watch/watch_history_model.h"

#include <QApplication>
#include <QPainter>

namespace kvs::ui {

MarkedTextDelegate::MarkedTextDelegate(Tone tone, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_tone(tone)
{}

void MarkedTextDelegate::paint(QPainter *painter,
                               const QStyleOptionViewItem &option,
                               const QModelIndex &index) const
{
    const QPoint mark = index.data(WatchHistoryModel::MarkRole).toPoint();
    if (mark.y() <= 0) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // The background and focus as usual, then the text in three runs.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const QRect area
        = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).adjusted(3, 0, -3, 0);
    const QFontMetrics metrics(opt.font);
    // A narrow column still shows the change: the text before it gives way (cut at its start,
    // with "…") so that the marked part begins no further than a third into the cell.
    const QString before = metrics.elidedText(text.left(mark.x()), Qt::ElideLeft, area.width() / 3);
    const QString marked = text.mid(mark.x(), mark.y());
    const QString after = text.mid(mark.x() + mark.y());
    const UiPalette palette = UiPalette::of(widget);
    const auto tone = m_tone == Tone::Removed ? UiPalette::Tone::Error : UiPalette::Tone::Info;
    const bool selected = opt.state & QStyle::State_Selected;
    const QColor textColor
        = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);

    painter->save();
    painter->setClipRect(area);
    painter->setFont(opt.font);
    int x = area.left();
    const int baseline = area.top() + (area.height() + metrics.ascent() - metrics.descent()) / 2;
    painter->setPen(textColor);
    painter->drawText(x, baseline, before);
    x += metrics.horizontalAdvance(before);
    const int markWidth = metrics.horizontalAdvance(marked);
    painter->fillRect(QRect(x, area.top() + 1, markWidth, area.height() - 2),
                      palette.bannerBackground(tone));
    painter->setPen(palette.bannerText(tone));
    painter->drawText(x, baseline, marked);
    x += markWidth;
    painter->setPen(textColor);
    painter->drawText(x, baseline, after);
    painter->restore();
}

} // namespace kvs::ui
