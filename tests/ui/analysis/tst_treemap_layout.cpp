// Issue 40: the squarified layout of the Analysis view's treemap. Each tile's area is
// proportional to its weight, every tile lies inside the rectangle, none overlaps another, and
// the tiles are near squares where the weights allow it.
#include "analysis/treemap_layout.h"
#include "treemap_geometry.h"

#include <QRandomGenerator>
#include <QTest>

using kvs::ui::TreemapLayout;

class TstTreemapLayout : public QObject
{
    Q_OBJECT

private slots:
    void geometry_data()
    {
        QTest::addColumn<std::vector<double>>("weights");
        QTest::addColumn<QRectF>("bounds");
        QTest::newRow("one") << std::vector<double>{42} << QRectF(0, 0, 300, 200);
        QTest::newRow("equal") << std::vector<double>(9, 1.0) << QRectF(10, 20, 300, 300);
        QTest::newRow("the paper's")
            << std::vector<double>{6, 6, 4, 3, 2, 2, 1} << QRectF(0, 0, 600, 400);
        QTest::newRow("unsorted, tall")
            << std::vector<double>{1, 50, 3, 1000, 7, 7, 200} << QRectF(5, 5, 120, 700);
        QTest::newRow("zeros among them")
            << std::vector<double>{0, 10, 0, 5, 5} << QRectF(0, 0, 100, 100);
        // One prefix holding almost everything beside a long tail.
        std::vector<double> skewed{1e9};
        for (int i = 0; i < 200; ++i)
            skewed.push_back(1000 + i);
        QTest::newRow("skewed") << skewed << QRectF(0, 0, 1000, 600);
        QRandomGenerator random(40);
        std::vector<double> many;
        for (int i = 0; i < 1001; ++i)
            many.push_back(double(random.bounded(1, 1000000)));
        QTest::newRow("1001 random") << many << QRectF(0, 0, 1200, 800);
    }

    void geometry()
    {
        QFETCH(std::vector<double>, weights);
        QFETCH(QRectF, bounds);
        const std::vector<QRectF> tiles = TreemapLayout::squarify(weights, bounds);
        kvs::test::checkTreemapGeometry(weights, tiles, bounds);
        // Together they cover the rectangle.
        double covered = 0;
        for (const QRectF &tile : tiles)
            covered += tile.width() * tile.height();
        QVERIFY(std::abs(covered - bounds.width() * bounds.height())
                < 1e-6 * bounds.width() * bounds.height());
    }

    // Squarified: equal weights in a square make squares, not strips.
    void equalWeightsMakeSquares()
    {
        const std::vector<QRectF> tiles
            = TreemapLayout::squarify(std::vector<double>(16, 1.0), QRectF(0, 0, 400, 400));
        for (const QRectF &tile : tiles) {
            const double ratio
                = std::max(tile.width() / tile.height(), tile.height() / tile.width());
            QVERIFY2(ratio < 1.5, qPrintable(QStringLiteral("aspect ratio %1").arg(ratio)));
        }
    }

    void nothingToLayOut()
    {
        QVERIFY(TreemapLayout::squarify({}, QRectF(0, 0, 10, 10)).empty());
        const std::vector<QRectF> tiles = TreemapLayout::squarify({0, 0}, QRectF(0, 0, 10, 10));
        QCOMPARE(tiles.size(), std::size_t(2));
        QVERIFY(tiles[0].isEmpty() && tiles[1].isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstTreemapLayout)
#include "tst_treemap_layout.moc"
