#pragma once

#include <QRectF>
#include <QTest>

#include <cmath>
#include <vector>

// Checks of a treemap's geometry the Analysis view's tests share: each tile's area proportional
// to its weight within tolerance (a share of the whole area), every tile inside bounds, no two
// overlapping. GUI thread only (QTest's checks).
namespace kvs::test {

inline void checkTreemapGeometry(const std::vector<double> &weights,
                                 const std::vector<QRectF> &tiles,
                                 const QRectF &bounds,
                                 double tolerance = 0.005)
{
    QCOMPARE(tiles.size(), weights.size());
    double total = 0;
    for (double weight : weights)
        total += std::max(0.0, weight);
    const double area = bounds.width() * bounds.height();
    // Rounding of the row that takes what is left: a hair outside is not outside.
    const QRectF loose = bounds.adjusted(-1e-6, -1e-6, 1e-6, 1e-6);
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const QRectF &tile = tiles[i];
        if (weights[i] <= 0) {
            QVERIFY2(tile.isEmpty(), qPrintable(QStringLiteral("tile %1 of weight 0").arg(i)));
            continue;
        }
        QVERIFY2(loose.contains(tile),
                 qPrintable(QStringLiteral("tile %1 lies outside its parent").arg(i)));
        const double expected = weights[i] / total;
        const double got = tile.width() * tile.height() / area;
        QVERIFY2(std::abs(got - expected) <= tolerance,
                 qPrintable(QStringLiteral("tile %1: %2 of the area for %3 of the weight")
                                .arg(i)
                                .arg(got)
                                .arg(expected)));
        for (std::size_t j = i + 1; j < tiles.size(); ++j) {
            const QRectF overlap = tile.intersected(tiles[j]);
            QVERIFY2(overlap.width() * overlap.height() <= 1e-6 * area,
                     qPrintable(QStringLiteral("tiles %1 and %2 overlap").arg(i).arg(j)));
        }
    }
}

} // namespace kvs::test
