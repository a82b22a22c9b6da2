// Issue 38: search inside values in the GUI, and acting on what was found. The values mode of
// the Search view (text, regular expression, condition checked as it is typed), results streamed
// in small batches with their counts, Cancel, the limit; and on the results (writable tabs
// only) delete, set or clear the expiry, export, each acting only on entries that still have the
// version the search saw. On SQLite and PostgreSQL.
#include "atomic/transaction_controller.h"
#include "atomic/transaction_model.h"
#include "atomic/transaction_pane.h"
#include "common/production_mark.h"
#include "common/typed_name_dialog.h"
#include "connection/connection_spec.h"
#include "inspector/value_inspector.h"
#include "preferences/preference_keys.h"
#include "search/search_view.h"
#include "search/value_search_controller.h"
#include "search/value_search_pane.h"
#include "search/value_search_result_model.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/database_view_fixture.h"
#include "support/gate.h"
#include "support/postgres_test_server.h"
#include "support/test_paths.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/entry_transfer.h>
#include <kvs/literal.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <fstream>

using kvs::Key;
using kvs::ui::ValueResultAction;
using kvs::ui::ValueSearchController;
using kvs::ui::ValueSearchPane;
using kvs::ui::ValueSearchRequest;
using kvs::ui::ValueSearchResultModel;
using Mode = ValueSearchRequest::Mode;

namespace {

constexpr int kTimeout = 30000;
constexpr int kUsers = 1500;

// ["users", "u0000"] .. : {name, age, status}; every 100th user "failed", the rest "ok".
// ["orders", n]: strings, and one config.
void fill(kvs::AsyncKVStore &store)
{
    std::vector<std::pair<Key, kvs::Value>> rows;
    for (int i = 0; i < kUsers; ++i) {
        const std::string name
            = QStringLiteral("u%1").arg(i, 4, 10, QLatin1Char('0')).toStdString();
        const std::string status = i % 100 == 7 ? "failed" : "ok";
        rows.emplace_back(Key{"users", name},
                          kvs::parseLiteral("{name: \"" + name
                                            + "\", age: " + std::to_string(i % 90) + ", status: \""
                                            + status + "\"}"));
    }
    for (int i = 0; i < 20; ++i)
        rows.emplace_back(Key{"orders", i}, kvs::Value(std::string("order of u0007")));
    rows.emplace_back(Key{"config"}, kvs::parseLiteral("{theme: \"dark\"}"));
    for (std::size_t first = 0; first < rows.size(); first += 500) {
        kvs::AsyncAtomicOperation atomic = store.atomic();
        for (std::size_t i = first; i < std::min(rows.size(), first + 500); ++i)
            atomic.set(rows[i].first, rows[i].second);
        QVERIFY(atomic.commit().result().ok);
    }
}

QStringList keyLiterals(const ValueSearchResultModel &model)
{
    QStringList texts;
    for (int row = 0; row < model.rowCount(); ++row)
        texts << model.index(row, ValueSearchResultModel::KeyColumn).data().toString();
    return texts;
}

int auditLines(const QString &path, const QString &action)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    int lines = 0;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.contains(("\"action\":\"" + action + "\"").toUtf8()))
            ++lines;
    }
    return lines;
}

} // namespace

class TstValueSearchView : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_count = 0;
    QString m_path;                      // the SQLite file of the last fresh store
    std::optional<std::string> m_schema; // the PostgreSQL schema of the last fresh store
    QString m_log;

    // A fresh filled store of the row's backend; clock: the store's time (null: the system's).
    std::shared_ptr<kvs::AsyncKVStore> freshStore(std::shared_ptr<kvs::Clock> clock = nullptr)
    {
        QFETCH(QString, backend);
        kvs::AsyncKVStoreSettings settings;
        settings.clock = std::move(clock);
        std::shared_ptr<kvs::AsyncKVStore> store;
        if (backend == QStringLiteral("postgres")) {
            m_schema = kvs::test::freshSchema("vsearch");
            settings.schema = m_schema;
            store = std::make_shared<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
        } else {
            m_schema.reset();
            m_path = m_dir.filePath(QStringLiteral("values-%1.db").arg(++m_count));
            store = std::make_shared<kvs::AsyncKVStore>(m_path.toStdString(), settings);
        }
        fill(*store);
        return store;
    }

    // Another store on the same database: another writer.
    std::shared_ptr<kvs::AsyncKVStore> secondStore()
    {
        if (m_schema) {
            kvs::AsyncKVStoreSettings settings;
            settings.schema = m_schema;
            return std::make_shared<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
        }
        return std::make_shared<kvs::AsyncKVStore>(m_path.toStdString());
    }

    static void addBackends()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        if (!qEnvironmentVariableIsEmpty("KVS_TEST_PG_URL"))
            QTest::newRow("postgres") << QStringLiteral("postgres");
    }

    static bool run(ValueSearchController &search, const ValueSearchRequest &request)
    {
        QSignalSpy finished(&search, &ValueSearchController::finished);
        if (!search.start(request))
            return false;
        return finished.wait(kTimeout) && !search.isRunning();
    }

    // Searches the pane's fields to their end.
    static bool search(ValueSearchPane &pane, Mode mode, const QString &text, const Key &prefix)
    {
        QSignalSpy finished(pane.controller(), &ValueSearchController::finished);
        pane.modeBox()->setCurrentIndex(pane.modeBox()->findData(int(mode)));
        pane.textEdit()->setText(text);
        pane.setPrefix(prefix);
        pane.startSearch();
        return finished.wait(kTimeout) && !pane.controller()->isRunning();
    }

    // Runs kind on the pane's results, confirmed, to its end.
    static bool act(ValueSearchPane &pane,
                    ValueResultAction::Kind kind,
                    double ttlMs = 0,
                    const QString &path = {})
    {
        pane.setConfirm([](const QString &) { return true; });
        pane.runAction(kind, ttlMs, path);
        return QTest::qWaitFor([&pane] { return !pane.isActionRunning(); }, kTimeout);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void init()
    {
        m_log = m_dir.filePath(QStringLiteral("audit-%1.jsonl").arg(++m_count));
        qputenv("KVS_AUDIT_LOG", QFile::encodeName(m_log));
    }

    void textSearchListsKindPreviewAndVersionWithTheMatchMarked_data() { addBackends(); }
    void textSearchListsKindPreviewAndVersionWithTheMatchMarked();
    void conditionIsCheckedAsItIsTyped();
    void conditionSearch_data() { addBackends(); }
    void conditionSearch();
    void denseMatchesArriveInSmallBatches_data() { addBackends(); }
    void denseMatchesArriveInSmallBatches();
    void sparseMatches_data() { addBackends(); }
    void sparseMatches();
    void cancelMidWay_data() { addBackends(); }
    void cancelMidWay();
    void limitFromThePreferences();
    void deleteSkipsEntriesChangedSinceTheSearch_data() { addBackends(); }
    void deleteSkipsEntriesChangedSinceTheSearch();
    void cancelStopsAnActionAfterItsBatch_data() { addBackends(); }
    void cancelStopsAnActionAfterItsBatch();
    void setAndClearTheExpiry_data() { addBackends(); }
    void setAndClearTheExpiry();
    void exportWritesWhatFindExportWrites_data() { addBackends(); }
    void exportWritesWhatFindExportWrites();
    void refusedConfirmationChangesNothing_data() { addBackends(); }
    void refusedConfirmationChangesNothing();
    void productionDeleteAsksForTheName_data() { addBackends(); }
    void productionDeleteAsksForTheName();
    void readOnlyOffersNoActions_data() { addBackends(); }
    void readOnlyOffersNoActions();
    void searchViewInATabOpensAFoundKey();
    void addAsChecksTakesTheFirstHundred();
};

void TstValueSearchView::textSearchListsKindPreviewAndVersionWithTheMatchMarked()
{
    ValueSearchController search;
    QAbstractItemModelTester tester(search.results());
    auto store = freshStore();
    search.setStore(store);
    ValueSearchRequest request;
    request.text = QStringLiteral("U0007");
    QVERIFY(run(search, request));
    const ValueSearchResultModel &model = *search.results();
    // Case-insensitive: the user's own value, and the 20 orders that name it.
    QStringList expected;
    for (int i = 0; i < 20; ++i)
        expected << QStringLiteral(R"(["orders", %1])").arg(i);
    expected << QStringLiteral(R"(["users", "u0007"])");
    QCOMPARE(keyLiterals(model), expected);
    QCOMPARE(search.counts().matched, 21);
    QCOMPARE(search.counts().undecodable, 0);
    const int user = 20;
    QCOMPARE(model.index(user, ValueSearchResultModel::KindColumn).data().toString(),
             QStringLiteral("object"));
    const QString preview
        = model.index(user, ValueSearchResultModel::PreviewColumn).data().toString();
    QCOMPARE(preview, QStringLiteral(R"({"name": "u0007", "age": 7, "status": "failed"})"));
    const QPoint mark = model.index(user, ValueSearchResultModel::PreviewColumn)
                            .data(ValueSearchResultModel::MarkRole)
                            .toPoint();
    QCOMPARE(preview.mid(mark.x(), mark.y()), QStringLiteral("u0007"));
    const std::optional<kvs::Entry> stored = store->get({"users", "u0007"}).result();
    QVERIFY(stored);
    QCOMPARE(model.index(user, ValueSearchResultModel::VersionColumn).data().toString(),
             QString::number(stored->version));
    QCOMPARE(model.index(0, ValueSearchResultModel::KindColumn).data().toString(),
             QStringLiteral("string"));

    // Match case: nothing has "U0007".
    request.matchCase = true;
    QVERIFY(run(search, request));
    QCOMPARE(search.results()->rowCount(), 0);

    // A regular expression, under a prefix: the match is marked where it is.
    request = {};
    request.mode = Mode::RegularExpression;
    request.text = QStringLiteral(R"("age": 8\d,)");
    request.prefix = {"users"};
    QVERIFY(run(search, request));
    QCOMPARE(search.results()->rowCount(), 10 * 16); // ages 80..89, 16 times each of 1,500
    const QModelIndex first = model.index(0, ValueSearchResultModel::PreviewColumn);
    const QPoint regexMark = first.data(ValueSearchResultModel::MarkRole).toPoint();
    QCOMPARE(first.data().toString().mid(regexMark.x(), regexMark.y()),
             QStringLiteral(R"("age": 80,)"));
}

void TstValueSearchView::conditionIsCheckedAsItIsTyped()
{
    ValueSearchPane pane;
    pane.setStore(std::make_shared<kvs::AsyncKVStore>(
                      m_dir.filePath(QStringLiteral("typed.db")).toStdString()),
                  true);
    pane.modeBox()->setCurrentIndex(pane.modeBox()->findData(int(Mode::Condition)));
    QTest::keyClicks(pane.textEdit(), QStringLiteral("value.age >"));
    QCOMPARE(pane.problemText(), QStringLiteral("kvs: expected a value at position 11"));
    QVERIFY(!pane.searchButton()->isEnabled());
    QTest::keyClicks(pane.textEdit(), QStringLiteral(" 3"));
    QCOMPARE(pane.problemText(), QString());
    QVERIFY(pane.searchButton()->isEnabled());
    pane.textEdit()->setText(QStringLiteral(R"(kind(value) == "date")"));
    QVERIFY2(pane.problemText().startsWith(QStringLiteral("kvs: unknown kind \"date\"")),
             qPrintable(pane.problemText()));
    // The same text is fine as text; a bad regular expression is shown too.
    pane.modeBox()->setCurrentIndex(pane.modeBox()->findData(int(Mode::Text)));
    QCOMPARE(pane.problemText(), QString());
    pane.modeBox()->setCurrentIndex(pane.modeBox()->findData(int(Mode::RegularExpression)));
    pane.textEdit()->setText(QStringLiteral("user(0"));
    QCOMPARE(pane.problemText(),
             QStringLiteral("Not a valid regular expression: missing closing parenthesis (at "
                            "character 7)."));
    QVERIFY(!pane.searchButton()->isEnabled());
    // Enter does not search either.
    QSignalSpy progress(pane.controller(), &ValueSearchController::progress);
    QTest::keyClick(pane.textEdit(), Qt::Key_Return);
    QVERIFY(!pane.controller()->isRunning());
    QCOMPARE(progress.size(), 0);
}

void TstValueSearchView::conditionSearch()
{
    ValueSearchPane pane;
    QAbstractItemModelTester tester(pane.controller()->results());
    pane.setStore(freshStore(), true);
    QVERIFY(search(pane,
                   Mode::Condition,
                   QStringLiteral(R"(value.status == "failed" && value.age < 50)"),
                   {"users"}));
    // Failed users are 7, 107, 207...; their ages i % 90.
    QStringList expected;
    for (int i = 7; i < kUsers; i += 100) {
        if (i % 90 < 50)
            expected << QStringLiteral(R"(["users", "u%1"])").arg(i, 4, 10, QLatin1Char('0'));
    }
    QCOMPARE(keyLiterals(*pane.controller()->results()), expected);
    // A condition marks nothing in the preview.
    QVERIFY(!pane.controller()
                 ->results()
                 ->index(0, ValueSearchResultModel::PreviewColumn)
                 .data(ValueSearchResultModel::MarkRole)
                 .isValid());
    QCOMPARE(pane.statusText(),
             QStringLiteral("Done: 1,500 entries scanned, %1 matched, 0 undecodable.")
                 .arg(expected.size()));
    QVERIFY(pane.errorText().isEmpty());
}

void TstValueSearchView::denseMatchesArriveInSmallBatches()
{
    ValueSearchController search;
    QAbstractItemModelTester tester(search.results());
    search.setStore(freshStore());
    int batches = 0;
    int largest = 0;
    connect(search.results(),
            &QAbstractItemModel::rowsInserted,
            this,
            [&](const QModelIndex &, int first, int last) {
                ++batches;
                largest = std::max(largest, last - first + 1);
            });
    QSignalSpy progress(&search, &ValueSearchController::progress);
    ValueSearchRequest request;
    request.text = QStringLiteral("name");
    request.prefix = {"users"};
    QVERIFY(run(search, request));
    QCOMPARE(search.results()->rowCount(), kUsers);
    // Every entry matches: a batch is at most a page's matches, so the first rows are listed
    // after one page of reading, and no insertion holds the GUI thread long.
    QCOMPARE(largest, ValueSearchController::kDefaultPageSize);
    QCOMPARE(batches,
             (kUsers + ValueSearchController::kDefaultPageSize - 1)
                 / ValueSearchController::kDefaultPageSize);
    QCOMPARE(progress.first().size(), 0);
    QCOMPARE(search.counts().scanned, kUsers);
}

void TstValueSearchView::sparseMatches()
{
    ValueSearchController search;
    search.setStore(freshStore());
    QSignalSpy progress(&search, &ValueSearchController::progress);
    ValueSearchRequest request;
    request.text = QStringLiteral("dark");
    QVERIFY(run(search, request));
    QCOMPARE(keyLiterals(*search.results()), QStringList({QStringLiteral(R"(["config"])")}));
    QCOMPARE(search.counts().matched, 1);
    // Few statements for a scan with one match: the engine widens its pages.
    QVERIFY2(progress.size() <= 3, qPrintable(QString::number(progress.size())));

    request.mode = Mode::Condition;
    request.text = QStringLiteral(R"(value.name == "u1499")");
    request.prefix = {"users"};
    QVERIFY(run(search, request));
    QCOMPARE(keyLiterals(*search.results()),
             QStringList({QStringLiteral(R"(["users", "u1499"])")}));
    QCOMPARE(search.counts().scanned, kUsers);
}

void TstValueSearchView::cancelMidWay()
{
    ValueSearchPane pane;
    QAbstractItemModelTester tester(pane.controller()->results());
    pane.setStore(freshStore(), true);
    ValueSearchController &search = *pane.controller();
    search.setPageSize(100);
    kvs::test::Gate gate; // holds the worker before its third page
    search.setBeforePageHook([&gate](int page) {
        if (page == 2)
            gate.wait();
    });
    QSignalSpy progress(&search, &ValueSearchController::progress);
    QSignalSpy finished(&search, &ValueSearchController::finished);
    pane.textEdit()->setText(QStringLiteral("status"));
    pane.setPrefix({"users"});
    QTest::mouseClick(pane.searchButton(), Qt::LeftButton);
    QVERIFY(search.isRunning());
    QVERIFY(pane.cancelButton()->isEnabled());
    QVERIFY(!pane.actionsBar()->isEnabled()); // no action on a search still running
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 1, kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(progress.size(), 2, kTimeout);
    QCOMPARE(search.results()->rowCount(), 200);
    QTest::mouseClick(pane.cancelButton(), Qt::LeftButton);
    QCOMPARE(finished.size(), 1); // at once: the GUI does not wait for the page being read
    QCOMPARE(finished.first().at(0).toBool(), true);
    QVERIFY(!search.isRunning());
    QCOMPARE(pane.statusText(),
             QStringLiteral("Cancelled: 200 entries scanned, 200 matched, 0 undecodable."));
    QVERIFY(pane.actionsBar()->isEnabled()); // the 200 found can be acted on
    gate.open();
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 0, kTimeout);
    QTest::qWait(0);
    QCOMPARE(search.results()->rowCount(), 200); // the cancelled worker delivers nothing more
}

void TstValueSearchView::limitFromThePreferences()
{
    const QString path = m_dir.filePath(QStringLiteral("limit.db"));
    {
        kvs::AsyncKVStore store(path.toStdString());
        kvs::AsyncAtomicOperation atomic = store.atomic();
        for (int i = 0; i < 300; ++i)
            atomic.set({"n", i}, kvs::Value(std::string("same")));
        QVERIFY(atomic.commit().result().ok);
    }
    QSettings().setValue(kvs::ui::prefs::kSearchMaxResults, 150);
    ValueSearchPane pane;
    QSettings().remove(kvs::ui::prefs::kSearchMaxResults);
    QCOMPARE(pane.controller()->maxResults(), 150);
    pane.setStore(std::make_shared<kvs::AsyncKVStore>(path.toStdString()), true);
    QVERIFY(search(pane, Mode::Text, QStringLiteral("same"), {}));
    QCOMPARE(pane.controller()->results()->rowCount(), 150);
    QCOMPARE(pane.capNote(),
             QStringLiteral("Only the first 150 entries found are listed: the search stopped "
                            "there (Preferences, Search). Narrow the prefix or the search to see "
                            "the others."));
}

void TstValueSearchView::deleteSkipsEntriesChangedSinceTheSearch()
{
    ValueSearchPane pane;
    auto store = freshStore();
    pane.setStore(store, true, QStringLiteral("the database"));
    QVERIFY(search(pane, Mode::Condition, QStringLiteral("value.age >= 0"), {"users"}));
    QCOMPARE(pane.controller()->results()->rowCount(), kUsers);
    // Another writer changes two entries after the search: one in each batch of 1,000.
    auto other = secondStore();
    QVERIFY(other->set({"users", "u0003"}, kvs::parseLiteral("{changed: true}")).result().ok);
    other->remove({"users", "u1200"}).waitForFinished();
    QString asked;
    pane.setConfirm([&asked](const QString &question) {
        asked = question;
        return true;
    });
    pane.runAction(ValueResultAction::Kind::Delete);
    QVERIFY(QTest::qWaitFor([&pane] { return !pane.isActionRunning(); }, kTimeout));
    QVERIFY2(asked.startsWith(QStringLiteral("Delete the 1,500 entries found?\n")),
             qPrintable(asked));
    QCOMPARE(pane.actionSummary(),
             QStringLiteral("Deleted 1,498 entries. Skipped 2 that changed since the search."));
    // The changed entry is kept, in the database and in the list; the others are gone.
    QCOMPARE(keyLiterals(*pane.controller()->results()),
             QStringList({QStringLiteral(R"(["users", "u0003"])"),
                          QStringLiteral(R"(["users", "u1200"])")}));
    const std::optional<kvs::Entry> kept = store->get({"users", "u0003"}).result();
    QVERIFY(kept);
    QCOMPARE(QString::fromStdString(kvs::printLiteral(kept->value)),
             QStringLiteral(R"({"changed": true})"));
    kvs::ListSelector users;
    users.prefix = Key{"users"};
    QCOMPARE(store->list(users, {}).result().entries.size(), std::size_t(1));
    QVERIFY(store->get({"config"}).result()); // outside the results: untouched
    QCOMPARE(auditLines(m_log, QStringLiteral("search-delete")), 2); // started and ended
    QFile log(m_log);
    QVERIFY(log.open(QIODevice::ReadOnly));
    QVERIFY(log.readAll().contains("skipped 2 changed since the search"));
}

void TstValueSearchView::cancelStopsAnActionAfterItsBatch()
{
    ValueSearchPane pane;
    auto store = freshStore();
    pane.setStore(store, true);
    pane.show();
    QVERIFY(search(pane, Mode::Condition, QStringLiteral("value.age >= 0"), {"users"}));
    kvs::test::Gate gate; // holds the worker after its first batch of 1,000
    pane.setActionBatchHook([&gate](std::int64_t done) {
        if (done == 1000)
            gate.wait();
    });
    pane.setConfirm([](const QString &) { return true; });
    pane.runAction(ValueResultAction::Kind::Delete);
    QTRY_COMPARE_WITH_TIMEOUT(gate.waiting(), 1, kTimeout);
    auto *progress = pane.findChild<QProgressDialog *>(QStringLiteral("resultsProgress"));
    QVERIFY(progress);
    QCOMPARE(progress->maximum(), kUsers);
    auto *cancel = progress->findChild<QPushButton *>();
    QVERIFY(cancel);
    cancel->click();
    gate.open();
    QVERIFY(QTest::qWaitFor([&pane] { return !pane.isActionRunning(); }, kTimeout));
    QCOMPARE(pane.actionSummary(),
             QStringLiteral("Cancelled after the batch being written. Deleted 1,000 entries."));
    QCOMPARE(pane.controller()->results()->rowCount(), kUsers - 1000);
    kvs::ListSelector users;
    users.prefix = Key{"users"};
    kvs::ListOptions all;
    all.limit = 1000;
    QCOMPARE(store->list(users, all).result().entries.size(), std::size_t(kUsers - 1000));
    QFile log(m_log);
    QVERIFY(log.open(QIODevice::ReadOnly));
    QVERIFY(log.readAll().contains("\"result\":\"cancelled\""));
}

void TstValueSearchView::setAndClearTheExpiry()
{
    auto clock = std::make_shared<kvs::ManualClock>(1'000'000);
    ValueSearchPane pane;
    auto store = freshStore(clock);
    pane.setStore(store, true);
    QVERIFY(
        search(pane, Mode::Condition, QStringLiteral(R"(value.status == "failed")"), {"users"}));
    const int failed = pane.controller()->results()->rowCount();
    QCOMPARE(failed, kUsers / 100);
    // A change between the search and the action: skipped.
    QVERIFY(secondStore()->set({"users", "u0107"}, kvs::Value(1.0)).result().ok);
    QVERIFY(act(pane, ValueResultAction::Kind::SetExpiry, 60'000));
    QCOMPARE(pane.actionSummary(),
             QStringLiteral("Set the expiry of %1 entries. Skipped 1 that changed since the "
                            "search.")
                 .arg(failed - 1));
    const std::optional<kvs::Entry> expiring = store->get({"users", "u0007"}).result();
    QVERIFY(expiring);
    QCOMPARE(expiring->expiresAt, std::optional<std::int64_t>(1'000'000 + 60'000));
    QCOMPARE(QString::fromStdString(kvs::printLiteral(expiring->value)),
             QStringLiteral(R"({"name": "u0007", "age": 7, "status": "failed"})"));
    QVERIFY(!store->get({"users", "u0107"}).result()->expiresAt);
    // The list follows: a second action acts on the new versions, not skipping them.
    QVERIFY(act(pane, ValueResultAction::Kind::ClearExpiry));
    QCOMPARE(pane.actionSummary(),
             QStringLiteral("Cleared the expiry of %1 entries. Skipped 1 that changed since the "
                            "search.")
                 .arg(failed - 1));
    QVERIFY(!store->get({"users", "u0007"}).result()->expiresAt);
    QCOMPARE(auditLines(m_log, QStringLiteral("search-expire")), 2);
    QCOMPARE(auditLines(m_log, QStringLiteral("search-clear-expiry")), 2);
}

void TstValueSearchView::exportWritesWhatFindExportWrites()
{
    ValueSearchPane pane;
    auto store = freshStore();
    pane.setStore(store, true);
    QVERIFY(search(pane, Mode::Text, QStringLiteral("u0007"), {}));
    const QString path = m_dir.filePath(QStringLiteral("found-%1.jsonl").arg(m_count));
    QVERIFY(act(pane, ValueResultAction::Kind::Export, 0, path));
    QCOMPARE(pane.actionSummary(), QStringLiteral("Exported 21 entries to %1.").arg(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QCOMPARE(lines.size(), 22); // 21 lines and the last newline
    const ValueSearchResultModel &model = *pane.controller()->results();
    for (int row = 0; row < model.rowCount(); ++row) {
        const kvs::ui::ValueSearchHit &hit = model.hitAt(row);
        QCOMPARE(lines[row].toStdString(),
                 kvs::exportLine(hit.keyBytes, hit.valueBytes, hit.entry.expiresAt));
    }
    // The file imports into another database as the same entries.
    kvs::AsyncKVStore copy(m_dir.filePath(QStringLiteral("copy-%1.db").arg(m_count)).toStdString());
    std::ifstream in(path.toStdString(), std::ios::binary);
    QCOMPARE(kvs::importEntries(copy, in, kvs::ImportMode::SkipExisting).done, 21);
    QCOMPARE(
        QString::fromStdString(kvs::printLiteral(copy.get({"users", "u0007"}).result()->value)),
        QStringLiteral(R"({"name": "u0007", "age": 7, "status": "failed"})"));
    QCOMPARE(auditLines(m_log, QStringLiteral("search-export")), 2);
}

void TstValueSearchView::refusedConfirmationChangesNothing()
{
    ValueSearchPane pane;
    auto store = freshStore();
    pane.setStore(store, true);
    QVERIFY(search(pane, Mode::Text, QStringLiteral("u0007"), {}));
    pane.setConfirm([](const QString &) { return false; });
    pane.runAction(ValueResultAction::Kind::Delete);
    QTRY_VERIFY_WITH_TIMEOUT(!pane.isActionRunning(), kTimeout);
    QCOMPARE(pane.actionSummary(), QStringLiteral("Cancelled; nothing was changed."));
    QVERIFY(store->get({"users", "u0007"}).result());
    QCOMPARE(pane.controller()->results()->rowCount(), 21);
    QCOMPARE(auditLines(m_log, QStringLiteral("search-delete")), 0);
}

void TstValueSearchView::productionDeleteAsksForTheName()
{
    QWidget tab;
    kvs::ui::setProductionMark(&tab, kvs::ui::ProductionMark{QStringLiteral("orders.db"), Qt::red});
    auto *pane = new ValueSearchPane(&tab);
    auto store = freshStore();
    pane->setStore(store, true);
    tab.show();
    QVERIFY(search(*pane, Mode::Text, QStringLiteral("u0007"), {"users"}));
    int asked = 0;
    const auto typeName = [&asked](const QString &name) {
        QTimer::singleShot(0, qApp, [&asked, name] {
            auto *dialog
                = qobject_cast<kvs::ui::TypedNameDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QCOMPARE(dialog->objectName(), QStringLiteral("confirmResultsProduction"));
            ++asked;
            dialog->nameEdit()->setText(name);
            if (dialog->actionButton()->isEnabled())
                dialog->actionButton()->click();
            else
                dialog->reject();
        });
    };
    typeName(QStringLiteral("orders"));
    QVERIFY(act(*pane, ValueResultAction::Kind::Delete));
    QCOMPARE(asked, 1);
    QVERIFY(store->get({"users", "u0007"}).result());
    QCOMPARE(pane->actionSummary(), QStringLiteral("Cancelled; nothing was changed."));
    typeName(QStringLiteral("orders.db"));
    QVERIFY(act(*pane, ValueResultAction::Kind::Delete));
    QCOMPARE(asked, 2);
    QVERIFY(!store->get({"users", "u0007"}).result());
    QCOMPARE(pane->actionSummary(), QStringLiteral("Deleted 1 entries."));
}

void TstValueSearchView::readOnlyOffersNoActions()
{
    QWidget window;
    auto *pane = new ValueSearchPane(&window);
    auto store = freshStore();
    pane->setStore(store, false);
    window.show();
    QVERIFY(search(*pane, Mode::Text, QStringLiteral("u0007"), {}));
    QCOMPARE(pane->controller()->results()->rowCount(), 21);
    QVERIFY(!pane->actionsBar()->isVisible());
    bool asked = false;
    pane->setConfirm([&asked](const QString &) {
        asked = true;
        return true;
    });
    for (auto kind : {ValueResultAction::Kind::Delete,
                      ValueResultAction::Kind::SetExpiry,
                      ValueResultAction::Kind::ClearExpiry,
                      ValueResultAction::Kind::Export}) {
        pane->runAction(kind, 1000, m_dir.filePath(QStringLiteral("never.jsonl")));
        QVERIFY(!pane->isActionRunning());
    }
    QVERIFY(!asked);
    QVERIFY(store->get({"users", "u0007"}).result());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("never.jsonl"))));
    // Writable: the actions show.
    pane->setStore(store, true);
    QVERIFY(pane->actionsBar()->isVisible());
    QVERIFY(pane->actionsBar()->isEnabled());
}

void TstValueSearchView::searchViewInATabOpensAFoundKey()
{
    const QString path = m_dir.filePath(QStringLiteral("view.db"));
    {
        kvs::AsyncKVStore store(path.toStdString());
        for (const char *row : {R"(["users", "alice"]|{name: "Alice", age: 36, role: "admin"})",
                                R"(["users", "bob"]|{name: "Bob", age: 17, role: "user"})",
                                R"(["users", "carol"]|{name: "Carol", age: 52, role: "admin"})",
                                R"(["users", "dave"]|{name: "Dave", age: 41, role: "user"})",
                                R"(["orders", 1]|{user: "carol", total: 12.5})"}) {
            const QString text = QString::fromUtf8(row);
            const QString key = text.section(QLatin1Char('|'), 0, 0);
            const QString value = text.section(QLatin1Char('|'), 1);
            store
                .set(kvs::parseKeyLiteral(key.toStdString()),
                     kvs::parseLiteral(value.toStdString()))
                .waitForFinished();
        }
    }
    kvs::ui::DatabaseView view(
        new kvs::ui::DatabaseSession(kvs::ui::ConnectionSpec::sqlite(path), {}));
    view.resize(1024, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto *searchView = view.findChild<kvs::ui::SearchView *>();
    QVERIFY(searchView);
    QCOMPARE(view.views()->tabText(view.views()->indexOf(searchView)), QStringLiteral("Search"));
    ValueSearchPane *pane = searchView->values();
    QTRY_VERIFY_WITH_TIMEOUT(view.tree()->model()->rowCount() == 2, kTimeout);
    view.tree()->goToKey({"users", "bob"});
    QTRY_VERIFY_WITH_TIMEOUT(view.tree()->selectedKey() == Key({"users", "bob"}), kTimeout);
    // The values mode starts under the selected leaf's parent.
    view.views()->setCurrentWidget(searchView);
    searchView->showValues(true);
    QCOMPARE(pane->prefixEdit()->text(), QStringLiteral(R"(["users"])"));
    // A read-only tab (as every tab opens): no actions.
    QVERIFY(!pane->actionsBar()->isVisible());

    QVERIFY(search(*pane,
                   Mode::Condition,
                   QStringLiteral(R"(value.role == "admin" && value.age > 30)"),
                   {"users"}));
    QCOMPARE(keyLiterals(*pane->controller()->results()),
             QStringList({QStringLiteral(R"(["users", "alice"])"),
                          QStringLiteral(R"(["users", "carol"])")}));
    // Double-click opens the key in the tree and the inspector, on the Keys view.
    QTreeView *results = pane->resultsView();
    const QRect cell = results->visualRect(pane->controller()->results()->index(1, 0));
    QTest::mouseClick(results->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(results->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(view.views()->currentIndex(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(view.tree()->selectedKey() == Key({"users", "carol"}), kTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(
        view.inspector()->shownKey(), kvs::encodeKey({"users", "carol"}), kTimeout);

    // With writes allowed the actions show; "Add as checks" fills the Transaction view with a
    // check of each entry at the version the search saw.
    QVERIFY(kvs::test::allowWrites(&view, kTimeout));
    view.views()->setCurrentWidget(searchView);
    QVERIFY(pane->actionsBar()->isVisible());
    QCOMPARE(pane->controller()->results()->rowCount(), 2);
#ifdef KVS_SCREENSHOT_DIR
    pane->resultsView()->setCurrentIndex(pane->controller()->results()->index(1, 0));
    QCoreApplication::processEvents(); // the layout with the actions, as a user sees it
    QDir().mkpath(kvs::test::fromTest(KVS_SCREENSHOT_DIR));
    QVERIFY(view.grab().save(kvs::test::fromTest(KVS_SCREENSHOT_DIR "/search-values.png")));
#endif
    pane->setConfirm([](const QString &) { return true; });
    auto *checks = pane->findChild<QPushButton *>(QStringLiteral("checkResults"));
    QVERIFY(checks && checks->isEnabled());
    checks->click();
    QCOMPARE(view.views()->currentWidget(), view.transaction());
    const kvs::ui::TransactionModel *transaction = view.transaction()->controller()->model();
    QCOMPARE(transaction->checkCount(), 2);
    QCOMPARE(transaction->rowAt(1).key, QStringLiteral(R"(["users", "carol"])"));
    QCOMPARE(transaction->rowAt(1).version,
             std::optional<qint64>(pane->controller()->results()->hitAt(1).entry.version));
}

void TstValueSearchView::addAsChecksTakesTheFirstHundred()
{
    const QString path = m_dir.filePath(QStringLiteral("checks.db"));
    {
        kvs::AsyncKVStore store(path.toStdString());
        kvs::AsyncAtomicOperation atomic = store.atomic();
        for (int i = 0; i < 250; ++i)
            atomic.set({"n", i}, kvs::Value(std::string("same")));
        QVERIFY(atomic.commit().result().ok);
    }
    ValueSearchPane pane;
    pane.setStore(std::make_shared<kvs::AsyncKVStore>(path.toStdString()), true);
    QVERIFY(search(pane, Mode::Text, QStringLiteral("same"), {"n"}));
    int requested = 0;
    std::vector<kvs::Check> checks;
    connect(&pane,
            &ValueSearchPane::checksRequested,
            this,
            [&requested, &checks](const std::vector<kvs::Check> &given) {
                ++requested;
                checks = given;
            });
    QString asked;
    pane.setConfirm([&asked](const QString &question) {
        asked = question;
        return false;
    });
    pane.addAsChecks();
    QCOMPARE(requested, 0); // refused
    QCOMPARE(asked,
             QStringLiteral("Add a check of 100 entries found to the Transaction view?\n"
                            "Only the first 100 of the 250 entries found, in key order ([\"n\", "
                            "0] to [\"n\", 99]): a transaction holds at most 100 checks from "
                            "here.\nEach checks that the key still has the version the search "
                            "saw; nothing is written until you commit there."));
    pane.setConfirm([](const QString &) { return true; });
    pane.addAsChecks();
    QCOMPARE(requested, 1);
    QCOMPARE(checks.size(), std::size_t(100));
    QVERIFY(checks.back().key == Key({"n", 99}));
    QCOMPARE(checks.back().version,
             std::optional<std::int64_t>(pane.controller()->results()->hitAt(99).entry.version));
    QCOMPARE(pane.actionSummary(),
             QStringLiteral("Added checks of the first 100 of 250 entries to the Transaction "
                            "view."));
}

QTEST_MAIN(TstValueSearchView)

#include "tst_value_search_view.moc"
