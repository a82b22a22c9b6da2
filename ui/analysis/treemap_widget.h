#pragma once

#include "analysis/treemap_tiles.h"

#include <QJsonObject>
#include <QList>
#include <QRectF>
#include <QWidget>

#include <vector>

namespace kvs::ui {

// The treemap of a key-space report: the bytes of the shown node's children as tiles whose areas
// are proportional to them (TreemapLayout), labelled with their key part, size and share. A click
// on a tile with children drills down into it; goUp() (the breadcrumb) goes back. Hovering shows
// the tile's figures; the context menu opens the tile's prefix in the key tree. Thread rule: GUI
// thread only.
class TreemapWidget : public QWidget
{
    Q_OBJECT

public:
    explicit TreemapWidget(QWidget *parent = nullptr);

    // Shows root (a report's "tree"), from the top.
    void setTree(const QJsonObject &root);
    // The nodes from the root to the one shown.
    const QList<QJsonObject> &path() const { return m_path; }
    QJsonObject shownNode() const { return m_path.isEmpty() ? QJsonObject() : m_path.back(); }
    const std::vector<TreemapTile> &tiles() const { return m_tiles; }
    // The tiles' rectangles in widget coordinates, in the order of tiles().
    const std::vector<QRectF> &tileRects() const { return m_rects; }
    // The tile at pos, or -1.
    int tileAt(const QPointF &pos) const;
    // The tile's figures, as the hover tooltip says them.
    static QString tileToolTip(const TreemapTile &tile);

    // Shows the children of tile index; false when it has none in the report.
    bool drillDown(int index);
    // Back to the node at depth level of path() (0: the root).
    void goUp(int level);

    QSize sizeHint() const override { return {480, 320}; }
    QSize minimumSizeHint() const override { return {160, 120}; }

signals:
    // Another node is shown (drilled down or up, or a new tree).
    void nodeChanged();
    // The context menu's "Show in the key tree" on a tile: its key literal.
    void treeRequested(const QString &keyLiteral);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool event(QEvent *event) override;

private:
    void show(const QJsonObject &node);
    void layoutTiles();
    QColor colourOf(int index) const;

    QList<QJsonObject> m_path;
    std::vector<TreemapTile> m_tiles;
    std::vector<QRectF> m_rects;
    int m_hovered = -1;
};

} // namespace kvs::ui
