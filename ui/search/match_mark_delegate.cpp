#include "search/match_mark_delegate.h"

#include <QApplication>
#include <QPainter>
#include <QPoint>

namespace kvs::ui {

MatchMarkDelegate::MatchMarkDelegate(int markRole, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_markRole(markRole)
{}

void MatchMarkDelegate::paint(QPainter *painter,
                              const QStyleOptionViewItem &option,
                              const QModelIndex &index) const
{
    const QVariant mark = index.data(m_markRole);
    if (!mark.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

    const QRect area = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, opt.widget)
                           .adjusted(3, 0, -3, 0); // the text margin the style leaves
    const QPoint range = mark.toPoint();
    const QString before = text.left(range.x());
    const QString marked = text.mid(range.x(), range.y());
    const QString after = text.mid(range.x() + range.y());
    const QFontMetrics metrics(opt.font);
    const bool selected = opt.state & QStyle::State_Selected;
    const QColor textColour
        = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    painter->save();
    painter->setClipRect(area);
    painter->setFont(opt.font);
    int x = area.left();
    const int flags = Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine;
    painter->setPen(textColour);
    painter->drawText(QRect(x, area.top(), area.width(), area.height()), flags, before);
    x += metrics.horizontalAdvance(before);
    QFont bold = opt.font;
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    const int markWidth = boldMetrics.horizontalAdvance(marked);
    const QRect markRect(x, area.top() + 1, markWidth, area.height() - 2);
    // Selected rows already use the highlight colour: the mark is then only bold and underlined.
    if (!selected)
        painter->fillRect(markRect, opt.palette.color(QPalette::Highlight).lighter(160));
    bold.setUnderline(selected);
    painter->setFont(bold);
    painter->drawText(markRect, flags, marked);
    x += markWidth;
    painter->setFont(opt.font);
    painter->drawText(QRect(x, area.top(), area.right() - x, area.height()), flags, after);
    painter->restore();
}

} // namespace kvs::ui
