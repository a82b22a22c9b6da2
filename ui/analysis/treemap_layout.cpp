#include "analysis/treemap_layout.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace kvs::ui {

namespace {

// The worst aspect ratio of a row of areas laid along a side of length side.
double worstRatio(double rowSum, double rowMin, double rowMax, double side)
{
    if (rowSum <= 0 || side <= 0)
        return std::numeric_limits<double>::infinity();
    const double sideSquared = side * side;
    const double sumSquared = rowSum * rowSum;
    return std::max(sideSquared * rowMax / sumSquared, sumSquared / (sideSquared * rowMin));
}

} // namespace

std::vector<QRectF> TreemapLayout::squarify(const std::vector<double> &weights,
                                            const QRectF &bounds)
{
    std::vector<QRectF> tiles(weights.size());
    std::vector<std::size_t> order;
    double total = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (weights[i] > 0) {
            order.push_back(i);
            total += weights[i];
        }
    }
    if (order.empty() || bounds.isEmpty())
        return tiles;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return weights[a] > weights[b];
    });
    // Weights scaled to areas of the rectangle still free.
    const double scale = bounds.width() * bounds.height() / total;
    QRectF free = bounds;
    std::size_t next = 0;
    while (next < order.size()) {
        const bool wide = free.width() >= free.height();
        const double side = wide ? free.height() : free.width();
        // Grow the row while its worst ratio does not get worse.
        std::size_t end = next + 1;
        double rowSum = weights[order[next]] * scale;
        double rowMin = rowSum;
        double rowMax = rowSum;
        while (end < order.size()) {
            const double area = weights[order[end]] * scale;
            const double grown
                = worstRatio(rowSum + area, std::min(rowMin, area), std::max(rowMax, area), side);
            if (grown > worstRatio(rowSum, rowMin, rowMax, side))
                break;
            rowSum += area;
            rowMin = std::min(rowMin, area);
            rowMax = std::max(rowMax, area);
            ++end;
        }
        // The last row takes what is left, so rounding never leaves a sliver uncovered.
        const bool last = end == order.size();
        const double thickness = last ? (wide ? free.width() : free.height()) : rowSum / side;
        double offset = 0;
        for (std::size_t i = next; i < end; ++i) {
            const double area = weights[order[i]] * scale;
            const double length = i + 1 == end ? side - offset : area / thickness;
            tiles[order[i]] = wide ? QRectF(free.left(), free.top() + offset, thickness, length)
                                   : QRectF(free.left() + offset, free.top(), length, thickness);
            offset += length;
        }
        if (wide)
            free.setLeft(std::min(free.right(), free.left() + thickness));
        else
            free.setTop(std::min(free.bottom(), free.top() + thickness));
        next = end;
    }
    return tiles;
}

} // namespace kvs::ui
