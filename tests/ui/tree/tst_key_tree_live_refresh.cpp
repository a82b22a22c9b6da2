// The key tree following other processes' commits (KeyTreeLiveRefresh): the real kvs CLI writes
// to the same SQLite file or PostgreSQL schema, and the expanded nodes pick up the children it
// added and removed in place (no model reset; expansion, selection and current row stay), only
// as far as pages were read, around "go to key" placeholders, under a reverse filter, and a
// collapsed node when it is expanded again. The current row is kept until it moves. Time moves
// by the probe's signal: databaseChanged() is called where the live feed would; the last test
// goes through the real feed of a database view. Every model is under QAbstractItemModelTester.
#include "connection/connection_spec.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"
#include "tree/key_tree_live_refresh.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "watch/live_feed.h"
#include "watch/live_updates.h"

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>

#include <QAbstractItemModelTester>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kTimeout = 20000;

// Rows under parent as shown ("…" for a placeholder).
QStringList texts(const KeyTreeModel &model, const QModelIndex &parent = {})
{
    QStringList out;
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, KeyTreeModel::PartColumn, parent);
        out << (index.data(KeyTreeModel::IsGapRole).toBool() ? QStringLiteral("…")
                                                             : index.data().toString());
    }
    return out;
}

QStringList list(std::initializer_list<const char *> items)
{
    QStringList out;
    for (const char *item : items)
        out << QString::fromUtf8(item);
    return out;
}

// One database of a test: a SQLite file, or a PostgreSQL schema of its own.
struct Database
{
    std::string connection;
    std::string schema;
};

// A key tree with its view and live refresh, under a model tester. Flat: no view and no tester,
// both of which read every page of every expanded node (QTreeView's layout and the tester ask
// canFetchMore / fetchMore on each), so that a test can leave pages and placeholders unread.
struct Tree
{
    enum class Kind { Viewed, Flat };

    explicit Tree(std::shared_ptr<AsyncKVStore> store,
                  Kind kind = Kind::Viewed,
                  int pageSize = 1000,
                  KeyTreeFilter filter = {})
    {
        model.loader()->setPageSize(pageSize);
        if (kind == Kind::Viewed) {
            tester = std::make_unique<QAbstractItemModelTester>(
                &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
            view.setModel(&model);
            view.resize(400, 600);
        }
        refresh
            = std::make_unique<KeyTreeLiveRefresh>(&model, kind == Kind::Viewed ? &view : nullptr);
        model.loader()->setStore(std::move(store), std::move(filter));
    }
    QModelIndex child(const QModelIndex &parent, const Key &key) const
    {
        return model.findChild(parent, encodeKey(key));
    }
    // Expands index and waits for its first page.
    bool expand(const QModelIndex &index)
    {
        view.expand(index);
        if (model.canFetchMore(index))
            model.fetchMore(index);
        return QTest::qWaitFor(
            [&] { return !model.isFetching(index) && model.rowCount(index) > 0; }, kTimeout);
    }
    // Sends the probe's signal and waits for the run it starts to end.
    bool followCommit()
    {
        QSignalSpy idle(refresh.get(), &KeyTreeLiveRefresh::idle);
        refresh->databaseChanged();
        return QTest::qWaitFor(
            [&] {
                return !idle.isEmpty() && !refresh->isRunning()
                       && model.loader()->loadingCount() == 0;
            },
            kTimeout);
    }

    KeyTreeModel model;
    std::unique_ptr<QAbstractItemModelTester> tester;
    QTreeView view;
    std::unique_ptr<KeyTreeLiveRefresh> refresh;
};

std::shared_ptr<AsyncKVStore> storeOf(const Database &db)
{
    AsyncKVStoreSettings settings;
    if (!db.schema.empty())
        settings.schema = db.schema;
    return std::make_shared<AsyncKVStore>(db.connection, settings);
}

void fill(const Database &db, std::initializer_list<const char *> keys)
{
    auto store = storeOf(db);
    for (const char *key : keys)
        store->set(parseKeyLiteral(key), Value(1.0)).waitForFinished();
    store->close().waitForFinished();
}

// The kvs CLI, another process, on db: one command, or a transaction (stdin: its JSON).
bool cli(const Database &db, const QStringList &args, const QByteArray &input = {})
{
    QStringList all{QStringLiteral("--db"), QString::fromStdString(db.connection)};
    if (!db.schema.empty())
        all << QStringLiteral("--schema") << QString::fromStdString(db.schema);
    QProcess process;
    process.start(kvs::test::fromTest(KVS_CLI_PATH), all + args);
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(60000))
        return false;
    if (process.exitCode() != 0)
        qWarning("kvs: %s", process.readAllStandardError().constData());
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

// One commit of sets (value 1) and deletes, through kvs atomic.
bool commit(const Database &db,
            std::initializer_list<const char *> sets,
            std::initializer_list<const char *> deletes)
{
    QByteArray json = R"({"checks": [], "mutations": [)";
    bool first = true;
    const auto quoted = [](const char *key) {
        return QByteArray(key).replace('\\', "\\\\").replace('"', "\\\"");
    };
    for (const char *key : sets) {
        json += (first ? "" : ", ") + QByteArray(R"({"type": "set", "key": ")") + quoted(key)
                + R"(", "value": "1"})";
        first = false;
    }
    for (const char *key : deletes) {
        json += (first ? "" : ", ") + QByteArray(R"({"type": "delete", "key": ")") + quoted(key)
                + R"("})";
        first = false;
    }
    json += "]}";
    return cli(db, {QStringLiteral("atomic"), QStringLiteral("-")}, json);
}

} // namespace

class TestKeyTreeLiveRefresh : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_count = 0;

    Database freshDatabase()
    {
        QFETCH(QString, backend);
        ++m_count;
        if (backend == QStringLiteral("postgres"))
            return {test::postgresUrl(), test::freshSchema("livetree")};
        return {m_dir.filePath(QStringLiteral("live-%1.db").arg(m_count)).toStdString(), {}};
    }

    static void addBackends()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        if (!qEnvironmentVariableIsEmpty("KVS_TEST_PG_URL"))
            QTest::newRow("postgres") << QStringLiteral("postgres");
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void expandedNodesPickUpAnotherProcessesChildren_data() { addBackends(); }
    void expandedNodesPickUpAnotherProcessesChildren();
    void readsOnlyWhatWasLoadedAroundPlaceholders_data() { addBackends(); }
    void readsOnlyWhatWasLoadedAroundPlaceholders();
    void reverseOrder_data() { addBackends(); }
    void reverseOrder();
    void currentRowStaysUntilItMoves_data() { addBackends(); }
    void currentRowStaysUntilItMoves();
    void collapsedNodeReadsAgainWhenExpanded_data() { addBackends(); }
    void collapsedNodeReadsAgainWhenExpanded();
    void theDatabaseViewFollowsTheLiveFeed_data() { addBackends(); }
    void theDatabaseViewFollowsTheLiveFeed();
};

void TestKeyTreeLiveRefresh::expandedNodesPickUpAnotherProcessesChildren()
{
    const Database db = freshDatabase();
    fill(db,
         {R"(["users", "ada"])",
          R"(["users", "bob"])",
          R"(["users", "dan"])",
          R"(["orders", 1])",
          R"(["orders", 2])",
          R"(["orders", 3])",
          R"(["config", "theme"])",
          R"(["config", "lang", "de"])",
          R"(["config", "lang", "en"])",
          R"(["zeta"])"});
    Tree tree(storeOf(db));
    QTRY_COMPARE_WITH_TIMEOUT(
        texts(tree.model), list({"config", "orders", "users", "zeta"}), kTimeout);
    const QPersistentModelIndex users = tree.child({}, {"users"});
    const QPersistentModelIndex orders = tree.child({}, {"orders"});
    QVERIFY(tree.expand(users));
    QVERIFY(tree.expand(orders));
    QCOMPARE(texts(tree.model, users), list({"ada", "bob", "dan"}));
    const QPersistentModelIndex bob = tree.child(users, {"users", "bob"});
    tree.view.setCurrentIndex(bob);
    QSignalSpy resets(&tree.model, &QAbstractItemModel::modelAboutToBeReset);

    // Nothing committed: a run reads, and changes no row (once the tester's reads are in).
    QTRY_COMPARE_WITH_TIMEOUT(tree.model.loader()->loadingCount(), 0, kTimeout);
    QSignalSpy inserted(&tree.model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&tree.model, &QAbstractItemModel::rowsRemoved);
    QVERIFY(tree.followCommit());
    QVERIFY(tree.refresh->pagesRead() >= 3); // the root, users and orders
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(removed.count(), 0);

    // Children added and removed under both nodes, a whole subtree gone, a new top-level key.
    QVERIFY(
        commit(db,
               {R"(["users", "cy"])", R"(["users", "eve"])", R"(["orders", 4])", R"(["alpha"])"},
               {R"(["users", "ada"])",
                R"(["orders", 2])",
                R"(["config", "theme"])",
                R"(["config", "lang", "de"])",
                R"(["config", "lang", "en"])"}));
    QVERIFY(tree.followCommit());
    QCOMPARE(texts(tree.model), list({"alpha", "orders", "users", "zeta"}));
    QCOMPARE(texts(tree.model, users), list({"bob", "cy", "dan", "eve"}));
    QCOMPARE(texts(tree.model, orders), list({"1", "3", "4"}));
    QCOMPARE(resets.count(), 0);
    QVERIFY(tree.view.isExpanded(users));
    QVERIFY(tree.view.isExpanded(orders));
    QCOMPARE(QPersistentModelIndex(tree.view.currentIndex()), bob);
    QCOMPARE(tree.view.currentIndex().data().toString(), QStringLiteral("bob"));
    QVERIFY(tree.view.selectionModel()->isSelected(bob));
    QCOMPARE(tree.model.index(users.row(), KeyTreeModel::ChildrenColumn).data().toString(),
             QStringLiteral("4"));

    // A node whose children all went loses them, and its expander.
    QVERIFY(commit(
        db, {R"(["orders"])"}, {R"(["orders", 1])", R"(["orders", 3])", R"(["orders", 4])"}));
    QVERIFY(tree.followCommit());
    QCOMPARE(texts(tree.model, orders), QStringList());
    QVERIFY(!tree.model.hasChildren(orders));
    QVERIFY(orders.data(KeyTreeModel::HasValueRole).toBool());
    QCOMPARE(resets.count(), 0);
}

void TestKeyTreeLiveRefresh::readsOnlyWhatWasLoadedAroundPlaceholders()
{
    const Database db = freshDatabase();
    {
        auto store = storeOf(db);
        for (int i = 0; i < 20; ++i)
            store->set({"p", i}, Value(1.0)).waitForFinished();
        store->close().waitForFinished();
    }
    KeyTreeFilter filter;
    filter.prefix = {"p"};
    Tree tree(storeOf(db), Tree::Kind::Flat, 3, filter);
    QTRY_COMPARE_WITH_TIMEOUT(texts(tree.model), list({"0", "1", "2"}), kTimeout);
    // "Go to key" [p, 10]: a placeholder for 3..9, then one page.
    QSignalSpy sought(tree.model.loader(), &KeyTreeLoader::seekFinished);
    QVERIFY(tree.model.loader()->seekChild({}, {"p", 10}));
    QVERIFY(sought.wait(kTimeout));
    QCOMPARE(texts(tree.model), list({"0", "1", "2", "…", "10", "11", "12"}));

    // In the rows read, in the placeholder's range, past the rows read; the last row before the
    // placeholder and the last row read go.
    QVERIFY(commit(db,
                   {R"(["p", 1.5])", R"(["p", 5.5])", R"(["p", 11.5])", R"(["p", 12.5])"},
                   {R"(["p", 2])", R"(["p", 12])"}));
    QVERIFY(tree.followCommit());
    QCOMPARE(texts(tree.model), list({"0", "1", "1.5", "…", "10", "11", "11.5"}));
    // Each stretch up to its last row (and one page that ends it): never the placeholder's keys.
    QCOMPARE(tree.refresh->pagesRead(), 4);

    // Keys between the rows left and the ones that went: the placeholder and the next page
    // start after the rows left, so they are not skipped.
    QVERIFY(commit(db, {R"(["p", 1.8])", R"(["p", 11.8])"}, {}));
    QVERIFY(tree.followCommit());
    QCOMPARE(texts(tree.model), list({"0", "1", "1.5", "…", "10", "11", "11.5"}));
    tree.model.fetchMore({});
    QTRY_COMPARE_WITH_TIMEOUT(
        texts(tree.model),
        list({"0", "1", "1.5", "…", "10", "11", "11.5", "11.8", "12.5", "13"}),
        kTimeout);
    // The placeholder reads its children page by page, the new ones among them.
    for (int reads = 0; reads < 6 && texts(tree.model).contains(QStringLiteral("…")); ++reads) {
        tree.model.fetchMore(tree.model.index(texts(tree.model).indexOf(QStringLiteral("…")), 0));
        QTRY_COMPARE_WITH_TIMEOUT(tree.model.loader()->loadingCount(), 0, kTimeout);
    }
    QCOMPARE(texts(tree.model),
             list({"0",
                   "1",
                   "1.5",
                   "1.8",
                   "3",
                   "4",
                   "5",
                   "5.5",
                   "6",
                   "7",
                   "8",
                   "9",
                   "10",
                   "11",
                   "11.5",
                   "11.8",
                   "12.5",
                   "13"}));
}

void TestKeyTreeLiveRefresh::reverseOrder()
{
    const Database db = freshDatabase();
    fill(db, {R"(["a"])", R"(["c"])", R"(["e"])", R"(["g"])", R"(["i"])"});
    KeyTreeFilter filter;
    filter.reverse = true;
    Tree tree(storeOf(db), Tree::Kind::Flat, 3, filter);
    QTRY_COMPARE_WITH_TIMEOUT(texts(tree.model), list({"i", "g", "e"}), kTimeout);
    QVERIFY(commit(db, {R"(["h"])", R"(["d"])", R"(["j"])"}, {R"(["e"])", R"(["g"])"}));
    QVERIFY(tree.followCommit());
    // Down to the last row read (e, now gone): d lies past it and comes with the next page.
    QCOMPARE(texts(tree.model), list({"j", "i", "h"}));
    tree.model.fetchMore({});
    QTRY_COMPARE_WITH_TIMEOUT(texts(tree.model), list({"j", "i", "h", "d", "c", "a"}), kTimeout);
}

void TestKeyTreeLiveRefresh::currentRowStaysUntilItMoves()
{
    const Database db = freshDatabase();
    fill(db, {R"(["users", "ada", "mail"])", R"(["users", "bob"])"});
    Tree tree(storeOf(db));
    QTRY_COMPARE_WITH_TIMEOUT(tree.model.rowCount(), 1, kTimeout);
    const QPersistentModelIndex users = tree.model.index(0, 0);
    QVERIFY(tree.expand(users));
    const QPersistentModelIndex ada = tree.child(users, {"users", "ada"});
    QVERIFY(tree.expand(ada));
    const QPersistentModelIndex mail = tree.child(ada, {"users", "ada", "mail"});
    tree.view.setCurrentIndex(mail);
    QVERIFY(commit(db, {}, {R"(["users", "ada", "mail"])"}));
    QVERIFY(tree.followCommit());
    // The row the user looks at, and its parent, stay while it is current.
    QVERIFY(mail.isValid());
    QVERIFY(ada.isValid());
    QCOMPARE(QPersistentModelIndex(tree.view.currentIndex()), mail);
    // Once the current row moves, they go.
    tree.view.setCurrentIndex(tree.child(users, {"users", "bob"}));
    QTRY_VERIFY_WITH_TIMEOUT(!ada.isValid(), kTimeout);
    QCOMPARE(texts(tree.model, users), list({"bob"}));
}

void TestKeyTreeLiveRefresh::collapsedNodeReadsAgainWhenExpanded()
{
    const Database db = freshDatabase();
    fill(db, {R"(["users", "ada"])", R"(["users", "bob"])"});
    Tree tree(storeOf(db));
    QTRY_COMPARE_WITH_TIMEOUT(tree.model.rowCount(), 1, kTimeout);
    const QPersistentModelIndex users = tree.model.index(0, 0);
    QVERIFY(tree.expand(users));
    tree.view.collapse(users);
    QVERIFY(commit(db, {R"(["users", "cy"])"}, {R"(["users", "ada"])"}));
    QVERIFY(tree.followCommit());
    QCOMPARE(texts(tree.model, users), list({"ada", "bob"})); // not shown: not read
    QVERIFY(tree.model.isStale(users));
    tree.view.expand(users);
    QTRY_COMPARE_WITH_TIMEOUT(texts(tree.model, users), list({"bob", "cy"}), kTimeout);
    QVERIFY(!tree.model.isStale(users));
}

void TestKeyTreeLiveRefresh::theDatabaseViewFollowsTheLiveFeed()
{
    const Database db = freshDatabase();
    fill(db, {R"(["users", "ada"])", R"(["users", "bob"])", R"(["jobs", 1])"});
    std::unique_ptr<DatabaseView> view;
    if (!db.schema.empty()) {
        QString password;
        auto spec
            = ConnectionSpec::fromPostgresUrl(QString::fromStdString(db.connection), &password);
        QVERIFY(spec);
        spec->setSchema(QString::fromStdString(db.schema));
        view = std::make_unique<DatabaseView>(new DatabaseSession(*spec, password));
    } else {
        view = std::make_unique<DatabaseView>(
            new DatabaseSession(ConnectionSpec::sqlite(QString::fromStdString(db.connection)), {}));
    }
    view->resize(1000, 600);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    KeyTreeModel *model = view->tree()->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, kTimeout);
    // The feed follows commits without a key shown in the inspector.
    QTRY_VERIFY_WITH_TIMEOUT(view->liveUpdates()->inspectorFeed()->isOpen(), kTimeout);
    QVERIFY(view->liveUpdates()->inspectorFeed()->followsCommits());
    const QPersistentModelIndex users = model->findChild({}, encodeKey({"users"}));
    const QPersistentModelIndex jobs = model->findChild({}, encodeKey({"jobs"}));
    view->tree()->view()->expand(users);
    view->tree()->view()->expand(jobs);
    QTRY_COMPARE_WITH_TIMEOUT(texts(*model, users), list({"ada", "bob"}), kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(texts(*model, jobs), list({"1"}), kTimeout);
    view->tree()->view()->setCurrentIndex(model->findChild(users, encodeKey({"users", "bob"})));
    QSignalSpy resets(model, &QAbstractItemModel::modelAboutToBeReset);

    QVERIFY(cli(
        db, {QStringLiteral("set"), QStringLiteral(R"(["users", "cy"])"), QStringLiteral("3")}));
    QTRY_COMPARE_WITH_TIMEOUT(texts(*model, users), list({"ada", "bob", "cy"}), kTimeout);
    QVERIFY(commit(db, {R"(["jobs", 2])"}, {R"(["users", "ada"])", R"(["jobs", 1])"}));
    QTRY_COMPARE_WITH_TIMEOUT(texts(*model, jobs), list({"2"}), kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(texts(*model, users), list({"bob", "cy"}), kTimeout);
    QVERIFY(commit(db, {}, {R"(["jobs", 2])"})); // the whole subtree
    QTRY_VERIFY_WITH_TIMEOUT(!jobs.isValid(), kTimeout);
    QCOMPARE(texts(*model), list({"users"}));
    QCOMPARE(resets.count(), 0);
    QCOMPARE(view->tree()->view()->currentIndex().data().toString(), QStringLiteral("bob"));
    QVERIFY(view->tree()->view()->isExpanded(users));
}

QTEST_MAIN(TestKeyTreeLiveRefresh)
#include "tst_key_tree_live_refresh.moc"
