// The one JSON line builder (kvs/json_line.h) of the command line's JSON output and of
// `kvs bench`: its spacing and quoting are what scripts read, byte for byte.

#include <kvs/json_line.h>

#include <QTest>

class TestJsonLine : public QObject
{
    Q_OBJECT

private slots:
    void members()
    {
        // The spacing of the kvs command line's JSON output; strings escaped, raw text verbatim.
        const std::string line = kvs::JsonLine()
                                     .string("backend", "kvstore")
                                     .string("db", "a \"b\".db")
                                     .raw("ops_per_s", "1235")
                                     .raw("ratio", "null")
                                     .text();
        QCOMPARE(QByteArray::fromStdString(line),
                 QByteArray("{\"backend\": \"kvstore\", \"db\": \"a \\\"b\\\".db\", "
                            "\"ops_per_s\": 1235, \"ratio\": null}"));
        QCOMPARE(QByteArray::fromStdString(kvs::JsonLine().text()), QByteArray("{}"));
    }

    void integers()
    {
        const std::string line = kvs::JsonLine()
                                     .integer("version", 9007199254740991)
                                     .integer("id", -3)
                                     .string("name\n", "\x01/")
                                     .text();
        QCOMPARE(QByteArray::fromStdString(line),
                 QByteArray("{\"version\": 9007199254740991, \"id\": -3, \"name\\n\": "
                            "\"\\u0001/\"}"));
    }

    void quoted()
    {
        QCOMPARE(QByteArray::fromStdString(kvs::jsonQuoted("x\n.db")), QByteArray("\"x\\n.db\""));
        QCOMPARE(QByteArray::fromStdString(kvs::jsonQuoted("")), QByteArray("\"\""));
    }
};

QTEST_GUILESS_MAIN(TestJsonLine)
#include "tst_json_line.moc"
