// KeyTreeModel on real stores (a SQLite file, and PostgreSQL when the test command started it):
// lazy pages of children under QAbstractItemModelTester, value marks, child counts, reverse and
// range filters, undecodable keys, refresh, cancel, and a failed listing.
#include "support/postgres_test_server.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/async_kvstore.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using kvs::ui::KeyTreeLoader;
using kvs::ui::KeyTreeModel;
using kvs::ui::KeyTreePane;

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
        model.loader()->setStore(store);
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

    // Issue 31: a node with exactly a page of children showed "1,000+" (a full page always had
    // a cursor); its count is exact, and nothing more is fetched.
    void issue31_exactlyAPageOfChildrenCountsExactly_data() { addBackends(); }
    void issue31_exactlyAPageOfChildrenCountsExactly()
    {
        auto store = openStore();
        for (int i = 0; i < 10; ++i)
            store->set({"p", i}, kvs::Value(1.0)).waitForFinished();
        KeyTreeModel model;
        model.loader()->setPageSize(10);
        model.loader()->setStore(store);
        QTRY_COMPARE(model.rowCount(), 1);
        const QModelIndex p = model.index(0, 0);
        model.fetchMore(p);
        QTRY_COMPARE(model.rowCount(p), 10);
        QCOMPARE(model.index(0, KeyTreeModel::ChildrenColumn).data().toString(),
                 QStringLiteral("10"));
        QVERIFY(!model.canFetchMore(p));
    }

    void pagesAndCounts_data() { addBackends(); }
    void pagesAndCounts()
    {
        auto store = openStore();
        for (int i = 0; i < 23; ++i)
            store->set({"p", i}, kvs::Value(1.0)).waitForFinished();
        // No tester on this model: it fetches every page itself, and this test counts pages.
        KeyTreeModel model;
        model.loader()->setPageSize(10);
        model.loader()->setStore(store);
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
        model.loader()->setFilter(filter);
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
        QSignalSpy loading(model.loader(), &KeyTreeLoader::loadingChanged);
        model.loader()->setStore(store);
        QTRY_COMPARE(model.rowCount(), 5);
        // The tester fetches the children it sees too: wait until every page is in.
        QTRY_COMPARE(model.loader()->loadingCount(), 0);
        QVERIFY(loading.count() >= 2); // busy, then idle

        store->set({"aaa"}, kvs::Value(1.0)).waitForFinished();
        model.loader()->refresh();
        model.loader()->cancelLoading(); // the page in flight is dropped
        QCOMPARE(model.loader()->loadingCount(), 0);
        QFETCH(QString, backend);
        if (backend == QStringLiteral("sqlite")) {
            // The store answers in order: once this get is answered, the dropped page has been
            // read and its delivery waits in this thread's event queue.
            store->get({"aaa"}).waitForFinished();
            QCoreApplication::processEvents();
        } else {
            // Real time on purpose: the server (another process) answers its connections in any
            // order, so no later call says the dropped page is in; room for it to arrive.
            QVERIFY(!QTest::qWaitFor([&] { return model.rowCount() > 0; }, 100));
        }
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.canFetchMore({}));
        model.fetchMore({});
        QTRY_COMPARE(model.rowCount(), 6);
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("aaa"));

        QSignalSpy failed(model.loader(), &KeyTreeLoader::loadFailed);
        store->close().waitForFinished();
        model.loader()->refresh();
        QTRY_COMPARE(failed.count(), 1);
        QCOMPARE(failed.at(0).at(0).toString(), QStringLiteral("kvs: the store is closed"));
        QCOMPARE(model.loader()->loadingCount(), 0);
        QVERIFY(!model.canFetchMore({})); // no retry loop after a failure
        // Nothing is read and nothing can be fetched: only what is posted now could fail again.
        QCoreApplication::processEvents();
        QCOMPARE(failed.count(), 1);
    }

    // Issue 12, defect 4: a write updates the rows on its path in place; nothing is reset, and
    // rows already in the view keep their indexes.
    void issue12_writesUpdateRowsInPlace()
    {
        auto store = std::make_shared<kvs::AsyncKVStore>(
            m_dir.filePath(QStringLiteral("in-place.db")).toStdString());
        fill(*store);
        KeyTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        model.loader()->setStore(store);
        QTRY_COMPARE(model.rowCount(), 5);
        const QPersistentModelIndex users = model.index(2, 0);
        model.fetchMore(users);
        QTRY_COMPARE(texts(model, users),
                     (QStringList{QStringLiteral("alice"), QStringLiteral("bob")}));
        QTRY_COMPARE(model.loader()->loadingCount(), 0);
        const QPersistentModelIndex bob = model.index(1, 0, users);
        resets.clear();

        // A new sibling lands in key order; a new subtree under an unread node only marks it.
        const auto write = [&](const char *literal) {
            const kvs::Key key = kvs::parseKeyLiteral(literal);
            store->set(key, kvs::Value(2.0)).waitForFinished();
            model.loader()->noteKeyWritten(kvs::encodeKey(key));
        };
        write(R"(["users", "anna"])");
        QCOMPARE(
            texts(model, users),
            (QStringList{QStringLiteral("alice"), QStringLiteral("anna"), QStringLiteral("bob")}));
        QCOMPARE(bob.row(), 2);
        QVERIFY(model.index(1, 0, users).data(KeyTreeModel::HasValueRole).toBool());
        QCOMPARE(model.index(2, KeyTreeModel::ChildrenColumn).data().toString(),
                 QStringLiteral("3"));
        write(R"(["users", "alice", "age"])"); // alice gets children
        QVERIFY(model.hasChildren(model.index(0, 0, users)));
        write(R"(["zoo", 1])"); // a new root row, a prefix without a value
        QCOMPARE(model.rowCount(), 6);
        const QModelIndex zoo = model.index(3, 0);
        QCOMPARE(zoo.data().toString(), QStringLiteral("zoo"));
        QVERIFY(!zoo.data(KeyTreeModel::HasValueRole).toBool());
        QVERIFY(model.hasChildren(zoo));
        write(R"(["users"])"); // already there: nothing moves
        QCOMPARE(model.rowCount(users), 3);

        // Deleting a leaf removes its row; deleting the last key of a prefix removes the prefix.
        const auto remove = [&](const char *literal) {
            const kvs::Key key = kvs::parseKeyLiteral(literal);
            store->remove(key).waitForFinished();
            model.loader()->noteKeyDeleted(kvs::encodeKey(key));
        };
        remove(R"(["users", "anna"])");
        QCOMPARE(texts(model, users),
                 (QStringList{QStringLiteral("alice"), QStringLiteral("bob")}));
        QCOMPARE(bob.row(), 1);
        remove(R"(["users"])"); // a prefix with children keeps its row, without a value
        QVERIFY(users.isValid());
        QVERIFY(!users.data(KeyTreeModel::HasValueRole).toBool());
        model.fetchMore(zoo);
        QTRY_COMPARE(model.rowCount(zoo), 1);
        remove(R"(["zoo", 1])");
        QCOMPARE(model.rowCount(), 5);
        QVERIFY(model.findChild({}, kvs::encodeKey({"zoo"})) == QModelIndex());
        QCOMPARE(resets.count(), 0);
        QVERIFY(bob.isValid());
    }

    // Issue 12, defect 2: "Go to key" selects the key (or says it is missing) in one go, reading
    // one page at the key instead of every sibling before it; the siblings it jumped over wait
    // behind a placeholder row that reads them when expanded.
    void issue12_goToKeyInOneGo()
    {
        const QString path = m_dir.filePath(QStringLiteral("go-to.db"));
        {
            kvs::KVStore fill(path.toStdString());
            for (int batch = 0; batch < 6; ++batch) {
                kvs::AtomicOperation op = fill.atomic();
                for (int i = batch * 500; i < (batch + 1) * 500; ++i)
                    op.set({"big", i}, kvs::Value(1.0));
                QVERIFY(op.commit().ok);
            }
        }
        // No tester on this model: it fetches every page itself, and this test counts rows.
        KeyTreePane pane;
        KeyTreeModel &model = *pane.model();
        model.loader()->setPageSize(100);
        pane.setStore(std::make_shared<kvs::AsyncKVStore>(path.toStdString()));
        QSignalSpy done(&pane, &KeyTreePane::goToFinished);
        pane.goToKey({"big", 2500});
        QTRY_COMPARE(done.count(), 1);
        QVERIFY(done.at(0).at(0).toBool());
        QCOMPARE(pane.selectedKey(), (kvs::Key{"big", 2500}));
        const QModelIndex big = model.index(0, 0);
        // Selected before the 2,500 siblings ahead of it were read (the hidden view reads a
        // few pages of its own meanwhile, as many as its timing allows).
        QVERIFY2(model.rowCount(big) < 2500, qPrintable(QString::number(model.rowCount(big))));
        // Rows read from the start (by the view, if any), the placeholder, then the key on.
        int gapRow = -1;
        for (int row = 0; row < model.rowCount(big); ++row)
            if (model.index(row, 0, big).data(KeyTreeModel::IsGapRole).toBool())
                gapRow = row;
        QVERIFY(gapRow >= 0);
        QCOMPARE(model.index(gapRow + 1, 0, big).data().toString(), QStringLiteral("2500"));
        QVERIFY(model.hasChildren(model.index(gapRow, 0, big)));

        // A missing key says so, at once, and the message stays.
        pane.goToKey({"big", 2500.5});
        QTRY_COMPARE(done.count(), 2);
        QVERIFY(!done.at(1).at(0).toBool());
        QCOMPARE(done.at(1).at(1).toString(),
                 QStringLiteral(R"(No key ["big", 2500.5] in the tree.)"));
        QCOMPARE(pane.errorText(), done.at(1).at(1).toString());
        QTRY_COMPARE(model.loader()->loadingCount(), 0);
        QCOMPARE(pane.errorText(), done.at(1).at(1).toString());

        // Expanding the placeholder reads what it stands for, in order, without duplicates.
        for (int guard = 0; guard < 100; ++guard) {
            QModelIndex gap;
            for (int row = 0; row < model.rowCount(big); ++row)
                if (model.index(row, 0, big).data(KeyTreeModel::IsGapRole).toBool())
                    gap = model.index(row, 0, big);
            if (!gap.isValid())
                break;
            model.fetchMore(gap);
            QTRY_COMPARE(model.loader()->loadingCount(), 0);
        }
        // The pane's model leaves next pages to scrolling: read them as scrolling would.
        while (model.loader()->fetchNextPage(big))
            QTRY_COMPARE(model.loader()->loadingCount(), 0);
        QCOMPARE(model.rowCount(big), 3000);
        for (int row = 0; row < 3000; ++row)
            QCOMPARE(model.index(row, 0, big).data().toString(), QString::number(row));
        // Counts are written in the user's locale ("3,000" in English).
        QCOMPARE(model.index(0, KeyTreeModel::ChildrenColumn).data().toString(),
                 QLocale().toString(3000));

        // After a refresh, in one go too.
        pane.refresh();
        pane.goToKey({"big", 2999});
        QTRY_COMPARE(done.count(), 3);
        QVERIFY(done.at(2).at(0).toBool());
        QCOMPARE(pane.selectedKey(), (kvs::Key{"big", 2999}));
    }

    // Issue 12, defect 1: Cancel, Refresh or closing the tab after a page was read on the
    // store's worker but before it reached the model crashed in QFuture::cancel() (Qt 6.4 walks
    // the continuation chain, and the continuation that delivered the page had run and been
    // freed). The test environment sets MALLOC_PERTURB_ so freed memory reads as garbage.
    void issue12_cancelAfterPageReadDoesNotCrash()
    {
        auto store = std::make_shared<kvs::AsyncKVStore>(
            m_dir.filePath(QStringLiteral("cancel-race.db")).toStdString());
        for (int i = 0; i < 30; ++i)
            store->set({"big", i}, kvs::Value(1.0)).waitForFinished();
        // The store answers in order: once this get is answered, the page asked before it has
        // been read and its delivery waits in this thread's event queue.
        const auto pageRead = [&store] {
            store->get({"big"}).waitForFinished();
        };
        for (int round = 0; round < 20; ++round) {
            KeyTreeModel model;
            QAbstractItemModelTester tester(&model,
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
            model.loader()->setStore(store);
            pageRead();
            QCOMPARE(model.loader()->loadingCount(), 1);
            model.loader()->cancelLoading(); // the Cancel button
            QCOMPARE(model.loader()->loadingCount(), 0);
            QCOMPARE(model.rowCount(), 0);

            model.fetchMore({});
            QTRY_VERIFY2(
                model.rowCount() == 1,
                qPrintable(texts(model).join(u',') + QStringLiteral(" round %1").arg(round)));
            const QModelIndex big = model.index(0, 0);
            model.fetchMore(big); // expand
            pageRead();
            model.loader()->refresh(); // Refresh
            pageRead();
            model.fetchMore({});
            pageRead();
            // the model goes (the tab closes) with a read page not yet delivered
        }
        QCoreApplication::processEvents(); // the dropped deliveries (all read) find no model
    }
};

QTEST_MAIN(TestKeyTreeModel)
#include "tst_key_tree_model.moc"
