#include "analysis/treemap_widget.h"

#include "analysis/treemap_layout.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <climits>

namespace kvs::ui {

namespace {

constexpr int kMargin = 2;
// Golden-angle steps of hue: neighbouring tiles differ, any number of tiles.
constexpr int kHueStep = 137;

QString bytesText(std::int64_t bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

} // namespace

TreemapWidget::TreemapWidget(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void TreemapWidget::setTree(const QJsonObject &root)
{
    m_path.clear();
    show(root);
}

void TreemapWidget::show(const QJsonObject &node)
{
    m_path.append(node);
    m_tiles = treemapTilesOf(node);
    m_hovered = -1;
    layoutTiles();
    update();
    emit nodeChanged();
}

bool TreemapWidget::drillDown(int index)
{
    if (index < 0 || index >= int(m_tiles.size()) || !m_tiles[std::size_t(index)].drillable)
        return false;
    show(m_tiles[std::size_t(index)].node);
    return true;
}

void TreemapWidget::goUp(int level)
{
    if (level < 0 || level >= m_path.size() - 1)
        return;
    const QJsonObject node = m_path.at(level);
    m_path.resize(level);
    show(node);
}

void TreemapWidget::layoutTiles()
{
    std::vector<double> weights;
    weights.reserve(m_tiles.size());
    for (const TreemapTile &tile : m_tiles)
        weights.push_back(double(tile.bytes));
    const QRectF bounds = QRectF(rect()).adjusted(kMargin, kMargin, -kMargin, -kMargin);
    m_rects = bounds.isValid() ? TreemapLayout::squarify(weights, bounds)
                               : std::vector<QRectF>(m_tiles.size());
}

int TreemapWidget::tileAt(const QPointF &pos) const
{
    for (std::size_t i = 0; i < m_rects.size(); ++i) {
        if (m_rects[i].contains(pos))
            return int(i);
    }
    return -1;
}

QString TreemapWidget::tileToolTip(const TreemapTile &tile)
{
    const QLocale locale;
    QString text = tr("%1\n%2 of the bytes shown\n%3 (keys %4, values %5)\n%Ln entries",
                      nullptr,
                      int(std::min<std::int64_t>(tile.entries, INT_MAX)))
                       .arg(tile.kind == TreemapTile::Kind::Child ? tile.key : tile.label,
                            locale.toString(tile.share * 100, 'f', 1) + QLatin1Char('%'),
                            bytesText(tile.bytes),
                            bytesText(tile.keyBytes),
                            bytesText(tile.valueBytes));
    if (tile.drillable)
        text += QLatin1Char('\n') + tr("Click to see what is below it.");
    return text;
}

QColor TreemapWidget::colourOf(int index) const
{
    const TreemapTile &tile = m_tiles[std::size_t(index)];
    if (tile.kind != TreemapTile::Kind::Child)
        return palette().color(QPalette::Mid);
    QColor colour = QColor::fromHsv((index * kHueStep) % 360, 90, 225);
    if (index == m_hovered)
        colour = colour.lighter(112);
    return colour;
}

void TreemapWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    if (m_tiles.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(),
                         Qt::AlignCenter | Qt::TextWordWrap,
                         m_path.isEmpty() ? tr("Run an analysis to see where the bytes are.")
                                          : tr("Nothing below this key in the report."));
        return;
    }
    const QFontMetrics metrics(font());
    for (std::size_t i = 0; i < m_tiles.size(); ++i) {
        const QRectF &box = m_rects[i];
        if (box.isEmpty())
            continue;
        painter.fillRect(box, colourOf(int(i)));
        painter.setPen(palette().color(QPalette::Base));
        painter.drawRect(box);
        const QRectF inner = box.adjusted(4, 2, -4, -2);
        if (inner.height() < metrics.height() || inner.width() < metrics.averageCharWidth() * 3)
            continue;
        const TreemapTile &tile = m_tiles[i];
        // Dark text on the light fills, whatever the theme.
        painter.setPen(tile.kind == TreemapTile::Kind::Child ? QColor(Qt::black)
                                                             : palette().color(QPalette::Text));
        QString text = metrics.elidedText(tile.label, Qt::ElideRight, int(inner.width()));
        if (inner.height() >= 2 * metrics.height()) {
            text += QLatin1Char('\n')
                    + metrics.elidedText(tr("%1 · %2%")
                                             .arg(bytesText(tile.bytes),
                                                  QLocale().toString(tile.share * 100, 'f', 1)),
                                         Qt::ElideRight,
                                         int(inner.width()));
        }
        painter.drawText(inner, Qt::AlignLeft | Qt::AlignTop, text);
    }
}

void TreemapWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    layoutTiles();
}

void TreemapWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        drillDown(tileAt(event->position()));
    QWidget::mouseReleaseEvent(event);
}

void TreemapWidget::mouseMoveEvent(QMouseEvent *event)
{
    const int hovered = tileAt(event->position());
    if (hovered != m_hovered) {
        m_hovered = hovered;
        setCursor(hovered >= 0 && m_tiles[std::size_t(hovered)].drillable ? Qt::PointingHandCursor
                                                                          : Qt::ArrowCursor);
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void TreemapWidget::leaveEvent(QEvent *event)
{
    m_hovered = -1;
    update();
    QWidget::leaveEvent(event);
}

bool TreemapWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int index = tileAt(help->pos());
        if (index >= 0)
            QToolTip::showText(help->globalPos(), tileToolTip(m_tiles[std::size_t(index)]), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void TreemapWidget::contextMenuEvent(QContextMenuEvent *event)
{
    const int index = tileAt(event->pos());
    if (index < 0)
        return;
    const QString key = m_tiles[std::size_t(index)].key;
    QMenu menu(this);
    menu.addAction(tr("Show in the key tree"), this, [this, key] { emit treeRequested(key); });
    if (m_tiles[std::size_t(index)].drillable)
        menu.addAction(tr("Show what is below it"), this, [this, index] { drillDown(index); });
    menu.exec(event->globalPos());
}

} // namespace kvs::ui
