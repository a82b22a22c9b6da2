// Value::isPrimitive: JavaScript's primitives, the kinds a Map key or Set item compares by
// SameValueZero (the value builders' de-duplication and the condition language's Map steps both
// ask it). The builders' de-duplication itself, and what it costs.
#include "types/builder_comparisons.h"

#include <kvs/bigint.h>
#include <kvs/value.h>

#include <QTest>

#include <string>

Q_DECLARE_METATYPE(kvs::Value)

class TestValue : public QObject
{
    Q_OBJECT

private slots:
    void isPrimitive_data()
    {
        QTest::addColumn<kvs::Value>("value");
        QTest::addColumn<bool>("primitive");
        QTest::newRow("undefined") << kvs::Value() << true;
        QTest::newRow("null") << kvs::Value(nullptr) << true;
        QTest::newRow("boolean") << kvs::Value(false) << true;
        QTest::newRow("number") << kvs::Value(-0.5) << true;
        QTest::newRow("string") << kvs::Value("a") << true;
        QTest::newRow("bigint") << kvs::Value(kvs::BigInt(7)) << true;
        QTest::newRow("bytes") << kvs::Value(kvs::Bytes{"\x01"}) << false;
        QTest::newRow("date") << kvs::Value(kvs::Date{0}) << false;
        QTest::newRow("array") << kvs::Value::array({}) << false;
        QTest::newRow("object") << kvs::Value::object({}) << false;
        QTest::newRow("map") << kvs::Value::map({}) << false;
        QTest::newRow("set") << kvs::Value::set({}) << false;
    }

    void isPrimitive()
    {
        QFETCH(kvs::Value, value);
        QFETCH(bool, primitive);
        QCOMPARE(value.isPrimitive(), primitive);
    }

    void mapKeysOfPrimitivesAreDeduplicated()
    {
        // The builders keep one entry per primitive key (SameValueZero: 0 and -0 alike) and every
        // object key apart, however many entries the Map has (past the hash index's threshold).
        kvs::CollectionBuilder map;
        for (int i = 0; i < 40; ++i) {
            map.addEntry(kvs::Value(i % 20), kvs::Value(i));
            map.addEntry(kvs::Value::array({}), kvs::Value(i));
        }
        map.addEntry(kvs::Value(-0.0), kvs::Value("zero"));
        const kvs::Value built = std::move(map).buildMap();
        QCOMPARE(built.entries().size(), std::size_t(20 + 40));
        QCOMPARE(built.entries().front().second, kvs::Value("zero"));
    }

    // Finding a repeated name or key costs O(1) per add, counted in comparisons
    // (detail::builderComparisons), not timed: a scan per add compares about n * n / 2 times.
    // Each builder gets kCount new names or keys, then the same again.
    void buildersFindRepeatsWithoutAScan()
    {
        using kvs::detail::builderComparisons;
        constexpr std::size_t kCount = 20'000;
        // Past the index's threshold a new name compares with none (no hash shared) and a
        // repeat with itself; below it, a scan of at most 16.
        constexpr std::uint64_t kMostComparisons = kCount + 16 * 16;

        std::uint64_t before = builderComparisons();
        kvs::ObjectBuilder object;
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t i = 0; i < kCount; ++i)
                object.add("k" + std::to_string(i), kvs::Value(pass));
        }
        const std::uint64_t objectComparisons = builderComparisons() - before;
        QVERIFY2(objectComparisons >= kCount && objectComparisons <= kMostComparisons,
                 qPrintable(QString::number(objectComparisons)));
        const kvs::Value builtObject = std::move(object).build();
        QCOMPARE(builtObject.members().size(), kCount);
        QCOMPARE(builtObject.members().front().second, kvs::Value(1));

        // A Map keyed by numbers and by strings (1 and "1" are two keys), a Set of numbers.
        before = builderComparisons();
        kvs::CollectionBuilder map;
        kvs::CollectionBuilder set;
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t i = 0; i < kCount; ++i) {
                map.addEntry(kvs::Value(double(i)), kvs::Value(pass));
                map.addEntry(kvs::Value(std::to_string(i)), kvs::Value(pass));
                set.addItem(kvs::Value(double(i)));
            }
        }
        const std::uint64_t collectionComparisons = builderComparisons() - before;
        QVERIFY2(collectionComparisons >= 3 * kCount
                     && collectionComparisons <= 3 * kMostComparisons,
                 qPrintable(QString::number(collectionComparisons)));
        const kvs::Value builtMap = std::move(map).buildMap();
        QCOMPARE(builtMap.entries().size(), 2 * kCount);
        QCOMPARE(builtMap.entries().back().second, kvs::Value(1));
        QCOMPARE(std::move(set).buildSet().items().size(), kCount);
    }
};

QTEST_GUILESS_MAIN(TestValue)
#include "tst_value.moc"
