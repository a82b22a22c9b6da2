// Issue 12, section 2: key search. Keys under a prefix whose parts contain a text (or match a
// regular expression), streamed in key order page by page with progress and Cancel, capped, on
// SQLite and PostgreSQL; a found key opens in the tree and inspector.
#include "connection/connection_spec.h"
#include "inspector/value_inspector.h"
#include "search/key_search_controller.h"
#include "search/key_search_pane.h"
#include "search/key_search_result_model.h"
#include "search/search_view.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/gate.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QVBoxLayout>

using kvs::Key;
using kvs::ui::KeySearchController;
using kvs::ui::KeySearchPane;
using kvs::ui::KeySearchResultModel;

namespace {

constexpr int kTimeout = 30000;

// The keys every test searches: 1,200 users, 1,000 orders, a few configs.
QStringList userNames()
{
    QStringList names;
    for (int i = 0; i < 1200; ++i)
        names << QStringLiteral("user%1").arg(i, 4, 10, QLatin1Char('0'));
    names << QStringLiteral("Ada") << QStringLiteral("ADAM") << QStringLiteral("Bob");
    return names;
}

void fill(kvs::AsyncKVStore &store)
{
    std::vector<Key> keys;
    for (const QString &name : userNames())
        keys.push_back({"users", name.toStdString()});
    for (int i = 0; i < 1000; ++i)
        keys.push_back({"orders", i});
    keys.push_back({"config", "ada"});
    keys.push_back({"config", "theme"});
    for (std::size_t first = 0; first < keys.size(); first += 500) {
        kvs::AsyncAtomicOperation atomic = store.atomic();
        for (std::size_t i = first; i < std::min(keys.size(), first + 500); ++i)
            atomic.set(keys[i], kvs::Value(1.0));
        QVERIFY(atomic.commit().result().ok);
    }
}

QStringList literals(const KeySearchResultModel &model)
{
    QStringList texts;
    for (int row = 0; row < model.rowCount(); ++row)
        texts << model.index(row, KeySearchResultModel::KeyColumn).data().toString();
    return texts;
}

} // namespace

class TstKeySearch : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_count = 0;
    std::shared_ptr<kvs::AsyncKVStore> m_store;

    std::shared_ptr<kvs::AsyncKVStore> freshStore()
    {
        QFETCH(QString, backend);
        std::shared_ptr<kvs::AsyncKVStore> store;
        if (backend == QStringLiteral("postgres")) {
            kvs::AsyncKVStoreSettings settings;
            settings.schema = kvs::test::freshSchema("search");
            store = std::make_shared<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
        } else {
            store = std::make_shared<kvs::AsyncKVStore>(
                m_dir.filePath(QStringLiteral("search-%1.db").arg(++m_count)).toStdString());
        }
        fill(*store);
        return store;
    }

    static void addBackends()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        if (!qEnvironmentVariableIsEmpty("KVS_TEST_PG_URL"))
            QTest::newRow("postgres") << QStringLiteral("postgres");
    }

    // Runs query to its end; false when it did not finish in time.
    static bool run(KeySearchController &search, const kvs::ui::KeySearchQuery &query)
    {
        QSignalSpy finished(&search, &KeySearchController::finished);
        if (!search.start(query))
            return false;
        return finished.wait(kTimeout) && !search.isRunning();
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void findsPartsContainingTheTextInKeyOrder_data() { addBackends(); }
    void findsPartsContainingTheTextInKeyOrder();
    void comparesOnlyThePartsBelowThePrefix_data() { addBackends(); }
    void comparesOnlyThePartsBelowThePrefix();
    void regularExpression_data() { addBackends(); }
    void regularExpression();
    void cancelMidWay_data() { addBackends(); }
    void cancelMidWay();
    void cappedAtMaxResults_data() { addBackends(); }
    void cappedAtMaxResults();
    void aReplacedSearchsPagesAreDropped_data() { addBackends(); }
    void aReplacedSearchsPagesAreDropped();
    void aNewSearchHidesTheCapNote();
    void badRegularExpressionIsShown();
    void badPrefixIsShown();
    void ctrlShiftFSearchesUnderTheSelectedNodeAndOpensAKey();
    void issue31_ctrlShiftFWorksBeforeTheFocusIsInTheTab();
    void issue31_underIsTheParentOfASelectedLeaf();
};

void TstKeySearch::findsPartsContainingTheTextInKeyOrder()
{
    KeySearchController search;
    QAbstractItemModelTester tester(search.results());
    search.setStore(freshStore());
    search.setPageSize(100);
    QSignalSpy progress(&search, &KeySearchController::progress);
    kvs::ui::KeySearchQuery query;
    query.text = QStringLiteral("ada");
    query.prefix = {"users"};
    QVERIFY(run(search, query));
    // Strings in key order are ordered by their UTF-8 bytes: "ADAM" before "Ada".
    QCOMPARE(literals(*search.results()),
             QStringList(
                 {QStringLiteral(R"(["users", "ADAM"])"), QStringLiteral(R"(["users", "Ada"])")}));
    QCOMPARE(search.results()->index(0, KeySearchResultModel::MatchColumn).data().toString(),
             QStringLiteral("ADAM"));
    QCOMPARE(search.scanned(), 1203);
    QCOMPARE(progress.size(), 13); // one per page of 100
    QCOMPARE(progress.first().at(0).toLongLong(), 100);
    QCOMPARE(progress.last().at(0).toLongLong(), 1203);
    QVERIFY(search.errorText().isEmpty());

    query.caseSensitive = true;
    query.text = QStringLiteral("Ada");
    QVERIFY(run(search, query));
    QCOMPARE(literals(*search.results()), QStringList({QStringLiteral(R"(["users", "Ada"])")}));

    // The empty prefix: the whole database, every page read.
    query.caseSensitive = false;
    query.text = QStringLiteral("ada");
    query.prefix = {};
    QVERIFY(run(search, query));
    QCOMPARE(literals(*search.results()),
             QStringList({QStringLiteral(R"(["config", "ada"])"),
                          QStringLiteral(R"(["users", "ADAM"])"),
                          QStringLiteral(R"(["users", "Ada"])")}));
    QCOMPARE(search.scanned(), 1200 + 3 + 1000 + 2);
}

void TstKeySearch::comparesOnlyThePartsBelowThePrefix()
{
    KeySearchController search;
    QAbstractItemModelTester tester(search.results());
    search.setStore(freshStore());
    kvs::ui::KeySearchQuery query;
    query.text = QStringLiteral("orders");
    query.prefix = {"orders"};
    QVERIFY(run(search, query));
    QCOMPARE(search.results()->rowCount(), 0);
    QCOMPARE(search.scanned(), 1000);

    // Numbers as JavaScript writes them, in numeric (key) order.
    query.text = QStringLiteral("99");
    QVERIFY(run(search, query));
    QStringList expected;
    for (int n : {99,
                  199,
                  299,
                  399,
                  499,
                  599,
                  699,
                  799,
                  899,
                  990,
                  991,
                  992,
                  993,
                  994,
                  995,
                  996,
                  997,
                  998,
                  999})
        expected << QStringLiteral(R"(["orders", %1])").arg(n);
    QCOMPARE(literals(*search.results()), expected);
}

void TstKeySearch::regularExpression()
{
    KeySearchController search;
    QAbstractItemModelTester tester(search.results());
    search.setStore(freshStore());
    kvs::ui::KeySearchQuery query;
    query.text = QStringLiteral(R"(^USER00(1\d|20)$)");
    query.regularExpression = true;
    query.prefix = {"users"};
    QVERIFY(run(search, query));
    QCOMPARE(search.results()->rowCount(), 11); // user0010..user0020, case-insensitive
    QCOMPARE(literals(*search.results()).first(), QStringLiteral(R"(["users", "user0010"])"));
    QCOMPARE(literals(*search.results()).last(), QStringLiteral(R"(["users", "user0020"])"));
    query.caseSensitive = true;
    QVERIFY(run(search, query));
    QCOMPARE(search.results()->rowCount(), 0);
}

void TstKeySearch::cancelMidWay()
{
    KeySearchPane pane;
    QAbstractItemModelTester tester(pane.controller()->results());
    pane.setStore(freshStore());
    KeySearchController &search = *pane.controller();
    search.setPageSize(100);
    kvs::test::Gate gate; // holds the worker before its third page
    search.setBeforePageHook([&gate](int page) {
        if (page == 2)
            gate.wait();
    });
    QSignalSpy progress(&search, &KeySearchController::progress);
    QSignalSpy finished(&search, &KeySearchController::finished);
    pane.textEdit()->setText(QStringLiteral("user"));
    pane.prefixEdit()->setText(QStringLiteral(R"(["users"])"));
    QVERIFY(pane.searchButton()->isEnabled());
    QTest::mouseClick(pane.searchButton(), Qt::LeftButton);
    QVERIFY(search.isRunning());
    QVERIFY(pane.cancelButton()->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(progress.size(), 2, kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 1, kTimeout);
    // "ADAM", "Ada" and "Bob" sort before "user0000" (UTF-8 bytes: capitals first).
    QCOMPARE(search.results()->rowCount(), 197);

    QTest::mouseClick(pane.cancelButton(), Qt::LeftButton);
    QCOMPARE(finished.size(), 1); // at once: the GUI does not wait for the page being read
    QCOMPARE(finished.first().at(0).toBool(), true);
    QVERIFY(!search.isRunning());
    QVERIFY(!pane.cancelButton()->isEnabled());
    QVERIFY(pane.searchButton()->isEnabled());
    QCOMPARE(pane.statusText(), QStringLiteral("Cancelled: 200 keys scanned, 197 found."));
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 0, kTimeout);

    // The cancelled worker delivers nothing more; a new search runs to its end.
    search.setBeforePageHook({});
    pane.textEdit()->setText(QStringLiteral("bob"));
    pane.startSearch();
    QVERIFY(finished.wait(kTimeout));
    QCOMPARE(progress.size(), 2 + 13);
    QCOMPARE(literals(*search.results()), QStringList({QStringLiteral(R"(["users", "Bob"])")}));
    QCOMPARE(pane.statusText(), QStringLiteral("Done: 1,203 keys scanned, 1 found."));
}

void TstKeySearch::cappedAtMaxResults()
{
    KeySearchPane pane;
    QAbstractItemModelTester tester(pane.controller()->results());
    pane.setStore(freshStore());
    pane.controller()->setMaxResults(150);
    pane.controller()->setPageSize(100);
    QSignalSpy finished(pane.controller(), &KeySearchController::finished);
    pane.textEdit()->setText(QStringLiteral("user"));
    pane.setPrefix({"users"});
    pane.startSearch();
    QVERIFY(finished.wait(kTimeout));
    QCOMPARE(finished.first().at(1).toBool(), true); // capped
    QCOMPARE(pane.controller()->results()->rowCount(), 150);
    // Stopped in the second page, at the 150th hit: "ADAM", "Ada", "Bob" and 150 users.
    QCOMPARE(pane.controller()->scanned(), 153);
    QCOMPARE(pane.capNote(),
             QStringLiteral("Only the first 150 keys found are listed: the search stopped there. "
                            "Narrow the prefix or the text to see the others."));
    QVERIFY(pane.errorText().isEmpty());
}

void TstKeySearch::aReplacedSearchsPagesAreDropped()
{
    kvs::test::Gate gate; // holds the first search's worker after its first page was sent
    KeySearchController search;
    QAbstractItemModelTester tester(search.results());
    search.setStore(freshStore());
    search.setPageSize(100);
    QSemaphore firstPageSent;
    search.setBeforePageHook([&](int page) {
        if (page == 1) {
            firstPageSent.release();
            gate.wait();
        }
    });
    kvs::ui::KeySearchQuery query;
    query.text = QStringLiteral("user");
    query.prefix = {"users"};
    QVERIFY(search.start(query));
    // Its page of 97 users is posted to the GUI thread, which has not taken it yet.
    QVERIFY(firstPageSent.tryAcquire(1, kTimeout));

    // A new search replaces it; the old page that arrives now is not the new search's.
    query.text = QStringLiteral("bob");
    QSignalSpy finished(&search, &KeySearchController::finished);
    QVERIFY(search.start(query));
    gate.open();
    QVERIFY(finished.wait(kTimeout));
    QCOMPARE(literals(*search.results()), QStringList({QStringLiteral(R"(["users", "Bob"])")}));
    QCOMPARE(search.scanned(), 1203);
}

void TstKeySearch::aNewSearchHidesTheCapNote()
{
    KeySearchPane pane;
    auto store = std::make_shared<kvs::AsyncKVStore>(
        m_dir.filePath(QStringLiteral("cap-note.db")).toStdString());
    fill(*store);
    pane.setStore(store);
    pane.controller()->setMaxResults(10);
    QSignalSpy finished(pane.controller(), &KeySearchController::finished);
    pane.textEdit()->setText(QStringLiteral("user"));
    pane.startSearch();
    QVERIFY(finished.wait(kTimeout));
    QVERIFY(!pane.capNote().isEmpty());

    pane.textEdit()->setText(QStringLiteral("bob"));
    pane.startSearch();
    QCOMPARE(pane.capNote(), QString());
    QVERIFY(finished.wait(kTimeout));
    QCOMPARE(pane.capNote(), QString());
    QCOMPARE(pane.controller()->results()->rowCount(), 1);
}

void TstKeySearch::badRegularExpressionIsShown()
{
    KeySearchPane pane;
    pane.setStore(std::make_shared<kvs::AsyncKVStore>(
        m_dir.filePath(QStringLiteral("bad-regex.db")).toStdString()));
    QSignalSpy progress(pane.controller(), &KeySearchController::progress);
    pane.textEdit()->setText(QStringLiteral("user(0"));
    pane.regularExpressionBox()->setChecked(true);
    pane.startSearch();
    QCOMPARE(pane.errorText(),
             QStringLiteral("Not a valid regular expression: missing closing parenthesis (at "
                            "character 7)."));
    QVERIFY(!pane.controller()->isRunning());
    QCOMPARE(progress.size(), 0);
    // The same text as plain text is fine.
    pane.regularExpressionBox()->setChecked(false);
    pane.startSearch();
    QCOMPARE(pane.errorText(), QString());
    QVERIFY(pane.controller()->isRunning());
    QSignalSpy finished(pane.controller(), &KeySearchController::finished);
    QVERIFY(finished.wait(kTimeout));
}

void TstKeySearch::badPrefixIsShown()
{
    KeySearchPane pane;
    pane.setStore(std::make_shared<kvs::AsyncKVStore>(
        m_dir.filePath(QStringLiteral("bad-prefix.db")).toStdString()));
    pane.textEdit()->setText(QStringLiteral("x"));
    pane.prefixEdit()->setText(QStringLiteral(R"(["users")"));
    pane.startSearch();
    QVERIFY2(pane.errorText().startsWith(QStringLiteral("The prefix is not a key literal: kvs: ")),
             qPrintable(pane.errorText()));
    QVERIFY(!pane.controller()->isRunning());
}

void TstKeySearch::ctrlShiftFSearchesUnderTheSelectedNodeAndOpensAKey()
{
    const QString path = m_dir.filePath(QStringLiteral("view.db"));
    {
        kvs::AsyncKVStore store(path.toStdString());
        for (const char *key : {R"(["users", "alice"])",
                                R"(["users", "bob"])",
                                R"(["users", "carol"])",
                                R"(["users", "carol", "email"])",
                                R"(["orders", "carol"])"}) {
            store.set(kvs::parseKeyLiteral(key), kvs::Value(1.0)).waitForFinished();
        }
    }
    kvs::ui::DatabaseView view(
        new kvs::ui::DatabaseSession(kvs::ui::ConnectionSpec::sqlite(path), {}));
    view.resize(1000, 600);
    view.show();
    QApplication::setActiveWindow(&view);
    QVERIFY(QTest::qWaitForWindowActive(&view));
    auto *pane = view.findChild<KeySearchPane *>();
    auto *search = view.findChild<kvs::ui::SearchView *>();
    QVERIFY(pane && search);
    QCOMPARE(view.views()->tabText(view.views()->indexOf(search)), QStringLiteral("Search"));
    QTRY_VERIFY_WITH_TIMEOUT(view.tree()->model()->rowCount() == 2, kTimeout);
    view.tree()->goToKey({"users"});
    QTRY_VERIFY_WITH_TIMEOUT(view.tree()->selectedKey() == Key({"users"}), kTimeout);

    auto *open = view.findChild<QAction *>(QStringLiteral("searchKeys"));
    QVERIFY(open);
    QCOMPARE(open->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+F")));
    view.tree()->view()->setFocus();
    QTest::keyClick(view.tree()->view(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(view.views()->currentWidget(), search);
    QVERIFY(!search->showsValues());
    QCOMPARE(pane->prefixEdit()->text(), QStringLiteral(R"(["users"])"));
    QTRY_VERIFY(pane->textEdit()->hasFocus());

    QSignalSpy finished(pane->controller(), &KeySearchController::finished);
    QTest::keyClicks(pane->textEdit(), QStringLiteral("carol"));
    QTest::keyClick(pane->textEdit(), Qt::Key_Return);
    QVERIFY(finished.wait(kTimeout));
    QCOMPARE(literals(*pane->controller()->results()),
             QStringList({QStringLiteral(R"(["users", "carol"])"),
                          QStringLiteral(R"(["users", "carol", "email"])")}));
#ifdef KVS_SCREENSHOT_DIR
    pane->resultsView()->setCurrentIndex(pane->controller()->results()->index(1, 0));
    QCoreApplication::processEvents(); // the layout without the busy bar, as a user sees it
    QDir().mkpath(kvs::test::fromTest(KVS_SCREENSHOT_DIR));
    QVERIFY(view.grab().save(kvs::test::fromTest(KVS_SCREENSHOT_DIR "/search.png")));
#endif

    // Double-click opens the key in the tree and the inspector, on the Keys view.
    QTreeView *results = pane->resultsView();
    const QRect cell = results->visualRect(pane->controller()->results()->index(1, 0));
    // A double click as the window system delivers it: press, release, then the double click.
    QTest::mouseClick(results->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(results->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(view.views()->currentIndex(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(view.tree()->selectedKey() == Key({"users", "carol", "email"}),
                             kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(
        view.inspector()->shownKey(), kvs::encodeKey({"users", "carol", "email"}), kTimeout);
}

// Issue 31: the first Ctrl+Shift+F after a click on a tab (the focus outside the database's
// view) did nothing.
void TstKeySearch::issue31_ctrlShiftFWorksBeforeTheFocusIsInTheTab()
{
    const QString path = m_dir.filePath(QStringLiteral("focus.db"));
    {
        kvs::AsyncKVStore store(path.toStdString());
        store.set({"users", "alice"}, kvs::Value(1.0)).waitForFinished();
    }
    QWidget window;
    auto *tabs = new QTabWidget(&window);
    auto *view = new kvs::ui::DatabaseView(
        new kvs::ui::DatabaseSession(kvs::ui::ConnectionSpec::sqlite(path), {}));
    tabs->addTab(view, QStringLiteral("focus.db"));
    auto *layout = new QVBoxLayout(&window);
    layout->addWidget(tabs);
    window.resize(1000, 600);
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    tabs->tabBar()->setFocusPolicy(Qt::StrongFocus);
    tabs->tabBar()->setFocus(); // where a click on the tab leaves it
    QVERIFY(!view->isAncestorOf(QApplication::focusWidget()));
    auto *search = view->findChild<kvs::ui::SearchView *>();
    QVERIFY(search);
    QTest::keyClick(tabs->tabBar(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(view->views()->currentWidget(), search);
}

// Issue 31: with a leaf key selected, "Under" was the key itself, below which nothing lies.
void TstKeySearch::issue31_underIsTheParentOfASelectedLeaf()
{
    const QString path = m_dir.filePath(QStringLiteral("leaf.db"));
    {
        kvs::AsyncKVStore store(path.toStdString());
        for (const char *key : {R"(["users", "alice"])", R"(["users", "carol", "email"])"})
            store.set(kvs::parseKeyLiteral(key), kvs::Value(1.0)).waitForFinished();
    }
    kvs::ui::DatabaseView view(
        new kvs::ui::DatabaseSession(kvs::ui::ConnectionSpec::sqlite(path), {}));
    view.resize(1000, 600);
    view.show();
    QTRY_VERIFY_WITH_TIMEOUT(view.tree()->model()->rowCount() == 1, kTimeout);
    auto *pane = view.findChild<KeySearchPane *>();
    auto *open = view.findChild<QAction *>(QStringLiteral("searchKeys"));
    QVERIFY(pane && open);
    view.tree()->goToKey({"users", "alice"});
    QTRY_VERIFY_WITH_TIMEOUT(view.tree()->selectedKey() == Key({"users", "alice"}), kTimeout);
    open->trigger();
    QCOMPARE(pane->prefixEdit()->text(), QStringLiteral(R"(["users"])"));
    // A node with keys below it stays the prefix, a value of its own or not.
    view.views()->setCurrentIndex(0);
    view.tree()->goToKey({"users", "carol"});
    QTRY_VERIFY_WITH_TIMEOUT(view.tree()->selectedKey() == Key({"users", "carol"}), kTimeout);
    open->trigger();
    QCOMPARE(pane->prefixEdit()->text(), QStringLiteral(R"(["users", "carol"])"));
}

QTEST_MAIN(TstKeySearch)

#include "tst_key_search.moc"
