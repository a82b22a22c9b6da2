// Value::isPrimitive: JavaScript's primitives, the kinds a Map key or Set item compares by
// SameValueZero (the value builders' de-duplication and the condition language's Map steps both
// ask it).
#include <kvs/bigint.h>
#include <kvs/value.h>

#include <QTest>

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
};

QTEST_GUILESS_MAIN(TestValue)
#include "tst_value.moc"
