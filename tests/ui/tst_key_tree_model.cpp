// KeyTreeModel on real stores (a SQLite file, and PostgreSQL when the test command started it):
// lazy pages of children under QAbstractItemModelTester, value marks, child counts, reverse and
// range filters, undecodable keys, refresh, cancel, and a failed listing.
#include "support/postgres_test_server.h"
#include "tree/key_tree_model.h"

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using kvs::ui::KeyTreeModel;

namespace {

QStringList texts(const KeyTreeModel &model, const QModelIndex &parent = {})
{
    QStringList out;
    for (int row = 0; row < model.rowCount(parent); ++row)
        out << model.index(row, KeyTreeModel::PartColumn, parent).data().toString();
    return out;
}

} // namespace

class TestKeyTreeModel : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_stores = 0;

    std::shared_ptr<kvs::AsyncKVStore> openStore()
    {
        QFETCH(QString, backend);
        if (backend == QStringLiteral("postgres")) {
            kvs::AsyncKVStoreSettings settings;
            settings.schema = kvs::test::freshSchema("tree");
            return std::make_shared<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
        }
        return std::make_shared<kvs::AsyncKVStore>(
            m_dir.filePath(QStringLiteral("tree-%1.db").arg(++m_stores)).toStdString());
    }

    static void fill(kvs::AsyncKVStore &store)
    {
        for (const char *key : {R"(["users"])",
                                R"(["users", "alice"])",
                                R"(["users", "bob", "email"])",
                                R"(["orders", 2026, 1])",
                                R"([7n])",
                                R"([new Uint8Array([1, 171])])",
                                R"([true])"}) {
            store.set(kvs::parseKeyLiteral(key), kvs::Value(1.0)).waitForFinished();
        }
    }

    void addBackends()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        if (!qEnvironmentVariableIsEmpty("KVS_TEST_PG_URL"))
            QTest::newRow("postgres") << QStringLiteral("postgres");
    }

private slots:
    void lazyChildrenWithMarks_data() { addBackends(); }
    void lazyChildrenWithMarks()
    {
        auto store = openStore();
        fill(*store);
        KeyTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setStore(store);
        QTRY_COMPARE(model.rowCount(), 5);
        QCOMPARE(texts(model),
                 (QStringList{QStringLiteral("0x01ab"),
                              QStringLiteral("orders"),
                              QStringLiteral("users"),
                              QStringLiteral("7n"),
                              QStringLiteral("true")}));
        const QModelIndex users = model.index(2, 0);
        QVERIFY(model.hasChildren(users));
        QVERIFY(users.data(KeyTreeModel::HasValueRole).toBool());
        QVERIFY(users.data(Qt::FontRole).value<QFont>().bold());
        QCOMPARE(model.index(2, KeyTreeModel::TypeColumn).data().toString(),
                 QStringLiteral("string"));
        QCOMPARE(model.index(3, KeyTreeModel::TypeColumn).data().toString(),
                 QStringLiteral("bigint"));
        QCOMPARE(model.index(0, KeyTreeModel::TypeColumn).data().toString(),
                 QStringLiteral("bytes"));
        QVERIFY(!model.index(1, 0).data(KeyTreeModel::HasValueRole).toBool()); // orders: no value
        model.fetchMore(users); // (the tester may have asked already)
        QTRY_COMPARE(model.rowCount(users), 2);
        QCOMPARE(texts(model, users),
                 (QStringList{QStringLiteral("alice"), QStringLiteral("bob")}));
        const QModelIndex alice = model.index(0, 0, users);
        QVERIFY(!model.hasChildren(alice));
        QCOMPARE(alice.data(KeyTreeModel::KeyLiteralRole).toString(),
                 QStringLiteral(R"(["users", "alice"])"));
        QCOMPARE(model.keyAt(alice), kvs::parseKeyLiteral(R"(["users", "alice"])"));
        QCOMPARE(model.encodedKeyAt(alice),
                 kvs::encodeKey(kvs::parseKeyLiteral(R"(["users", "alice"])")));
        QCOMPARE(model.index(2, KeyTreeModel::ChildrenColumn).data().toString(),
                 QStringLiteral("2"));
        QVERIFY(model.hasChildren(model.index(1, 0, users))); // bob has email below
    }

    void pagesAndCounts_data() { addBackends(); }
    void pagesAndCounts()
    {
        auto store = openStore();
        for (int i = 0; i < 23; ++i)
            store->set({"p", i}, kvs::Value(1.0)).waitForFinished();
        // No tester on this model: it fetches every page itself, and this test counts pages.
        KeyTreeModel model;
        model.setPageSize(10);
        model.setStore(store);
        QTRY_COMPARE(model.rowCount(), 1);
        const QModelIndex p = model.index(0, 0);
        QCOMPARE(model.rowCount(p), 0); // nothing read before the view asks
        QVERIFY(model.canFetchMore(p));
        model.fetchMore(p);
        QTRY_COMPARE(model.rowCount(p), 10);
        QCOMPARE(model.index(0, KeyTreeModel::ChildrenColumn).data().toString(),
                 QStringLiteral("10+"));
        QVERIFY(model.canFetchMore(p));
        model.fetchMore(p);
        QTRY_COMPARE(model.rowCount(p), 20);
        model.fetchMore(p);
        QTRY_COMPARE(model.rowCount(p), 23);
        QTRY_VERIFY(!model.canFetchMore(p));
        QCOMPARE(model.index(0, KeyTreeModel::ChildrenColumn).data().toString(),
                 QStringLiteral("23"));
        QCOMPARE(model.index(22, 0, p).data().toString(), QStringLiteral("22"));

        kvs::ui::KeyTreeFilter filter;
        filter.prefix = {"p"};
        filter.reverse = true;
        filter.start = kvs::Key{"p", 5};
        filter.end = kvs::Key{"p", 8};
        model.setFilter(filter);
        QTRY_COMPARE(texts(model),
                     (QStringList{QStringLiteral("7"), QStringLiteral("6"), QStringLiteral("5")}));
    }

    void refreshCancelAndFailure_data() { addBackends(); }
    void refreshCancelAndFailure()
    {
        auto store = openStore();
        fill(*store);
        KeyTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loading(&model, &KeyTreeModel::loadingChanged);
        model.setStore(store);
        QTRY_COMPARE(model.rowCount(), 5);
        // The tester fetches the children it sees too: wait until every page is in.
        QTRY_COMPARE(model.loadingCount(), 0);
        QVERIFY(loading.count() >= 2); // busy, then idle

        store->set({"aaa"}, kvs::Value(1.0)).waitForFinished();
        model.refresh();
        model.cancelLoading(); // the page in flight is dropped
        QCOMPARE(model.loadingCount(), 0);
        QTest::qWait(100);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.canFetchMore({}));
        model.fetchMore({});
        QTRY_COMPARE(model.rowCount(), 6);
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("aaa"));

        QSignalSpy failed(&model, &KeyTreeModel::loadFailed);
        store->close().waitForFinished();
        model.refresh();
        QTRY_COMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("kvs: the store is closed"));
        QCOMPARE(model.loadingCount(), 0);
        QVERIFY(!model.canFetchMore({})); // no retry loop after a failure
        QTest::qWait(50);
        QCOMPARE(failed.count(), 1);
    }
};

QTEST_MAIN(TestKeyTreeModel)
#include "tst_key_tree_model.moc"
