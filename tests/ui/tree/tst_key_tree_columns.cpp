// The key tree's value columns (issue 12): kind, stored size and expiry countdown of every key
// that holds a value, read by the listing itself, on a SQLite file and on PostgreSQL when the
// test command started it; the countdown moved by the store's ManualClock; the header menu,
// whose hidden columns the next tree restores from the settings (file 0600).
#include "support/postgres_test_server.h"
#include "support/test_paths.h"
#include "tree/key_tree_columns.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/async_kvstore.h>
#include <kvs/kvstore.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using kvs::Value;
using kvs::ui::KeyTreeColumns;
using kvs::ui::KeyTreeModel;

namespace {

constexpr std::int64_t kStart = 1'780'000'000'000; // the ManualClock's start (ms since epoch)

// One stored value per kind, by key ["kinds", NAME], and what the value column shows.
struct KindCase
{
    const char *name;
    const char *literal;
    const char *shown;
};

const KindCase kKinds[] = {
    {"a-string", R"("hello")", "string"},
    {"b-number", "42.5", "number"},
    {"c-bigint", "123n", "bigint"},
    {"d-object", "{a: 1, b: [2]}", "object"},
    {"e-array", "[1, 2, 3]", "array"},
    {"f-map", "new Map([[1, 2]])", "Map"},
    {"g-set", "new Set([1])", "Set"},
    {"h-bytes", "new Uint8Array([1, 2, 3])", "bytes"},
    {"i-date", R"(new Date("2026-01-02T03:04:05.000Z"))", "Date"},
    {"j-null", "null", "null"},
    {"k-true", "true", "boolean"},
    {"l-undefined", "undefined", "undefined"},
    {"m-nan", "NaN", "number"},
    {"n-object-with-tilde", R"({"~": "D", v: 1})", "object"},
    {"o-array-with-date", R"([new Date(0)])", "array"},
};

QModelIndex childNamed(const KeyTreeModel &model, const QModelIndex &parent, const QString &part)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, KeyTreeModel::PartColumn, parent);
        if (index.data().toString() == part)
            return index;
    }
    return {};
}

QString cell(const QModelIndex &row, int column)
{
    return row.siblingAtColumn(column).data().toString();
}

} // namespace

class TestKeyTreeColumns : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_stores = 0;

    std::shared_ptr<kvs::AsyncKVStore> openStore(const std::shared_ptr<kvs::Clock> &clock)
    {
        QFETCH(QString, backend);
        kvs::AsyncKVStoreSettings settings;
        settings.clock = clock;
        if (backend == QStringLiteral("postgres")) {
            settings.schema = kvs::test::freshSchema("columns");
            return std::make_shared<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
        }
        return std::make_shared<kvs::AsyncKVStore>(
            m_dir.filePath(QStringLiteral("columns-%1.db").arg(++m_stores)).toStdString(),
            settings);
    }

    static void fill(kvs::AsyncKVStore &store)
    {
        for (const KindCase &kind : kKinds) {
            store.set({"kinds", kind.name}, kvs::parseLiteral(kind.literal)).waitForFinished();
        }
        // 4 m 10 s left; a prefix-only node; a key with both a value and children.
        store.set({"ttl", "session"}, Value("token"), kvs::SetOptions{250'000.0}).waitForFinished();
        store.set({"ttl", "day"}, Value(1.0), kvs::SetOptions{86'400'000.0 + 3'600'000.0})
            .waitForFinished();
        store.set({"prefix", "only", "below"}, Value(1.0)).waitForFinished();
        store.set({"both"}, Value(std::string(3000, 'x'))).waitForFinished();
        store.set({"both", "child"}, Value(1.0)).waitForFinished();
    }

    void addBackends()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        if (!qEnvironmentVariableIsEmpty("KVS_TEST_PG_URL"))
            QTest::newRow("postgres") << QStringLiteral("postgres");
    }

    static QModelIndex expanded(KeyTreeModel &model, const QModelIndex &parent, const char *part)
    {
        const QModelIndex index = childNamed(model, parent, QString::fromUtf8(part));
        if (index.isValid() && model.canFetchMore(index))
            model.fetchMore(index);
        return index;
    }

private slots:
    // Each test starts from the default columns.
    void init()
    {
        QSettings settings;
        settings.remove(QStringLiteral("tree/hiddenColumns"));
        settings.sync();
    }
    void storedValueKindOfEveryKind()
    {
        for (const KindCase &kind : kKinds) {
            const Value value = kvs::parseLiteral(kind.literal);
            QVERIFY2(kvs::storedValueKind(kvs::encodeValue(value)) == value.type(), kind.name);
        }
        QVERIFY(!kvs::storedValueKind("").has_value());
        QVERIFY(!kvs::storedValueKind("\x07junk").has_value());
        QVERIFY(kvs::storedValueKind("  [1]") == Value::Type::Array); // legacy white space
        QVERIFY(!kvs::storedValueKind("\x03{\"~\":\"Z\",\"v\":1}").has_value()); // no such marker
    }

    void columnsShowKindSizeAndExpiry_data() { addBackends(); }
    void columnsShowKindSizeAndExpiry()
    {
        const auto clock = std::make_shared<kvs::ManualClock>(kStart);
        auto store = openStore(clock);
        fill(*store);
        KeyTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setClock(clock);
        model.loader()->setStore(store);
        QTRY_COMPARE(model.rowCount(), 4);
        QCOMPARE(model.headerData(KeyTreeModel::ValueKindColumn, Qt::Horizontal, Qt::DisplayRole)
                     .toString(),
                 QStringLiteral("Value"));

        const QModelIndex kinds = expanded(model, {}, "kinds");
        QTRY_COMPARE(model.rowCount(kinds), int(std::size(kKinds)));
        for (const KindCase &kind : kKinds) {
            const QModelIndex row = childNamed(model, kinds, QString::fromUtf8(kind.name));
            QVERIFY2(row.isValid(), kind.name);
            QCOMPARE(cell(row, KeyTreeModel::ValueKindColumn), QString::fromUtf8(kind.shown));
            const auto size
                = static_cast<qint64>(kvs::encodeValue(kvs::parseLiteral(kind.literal)).size());
            QCOMPARE(row.siblingAtColumn(KeyTreeModel::SizeColumn)
                         .data(KeyTreeModel::ValueSizeRole)
                         .toLongLong(),
                     size);
            QCOMPARE(cell(row, KeyTreeModel::SizeColumn), QStringLiteral("%1 bytes").arg(size));
            QCOMPARE(cell(row, KeyTreeModel::ExpiryColumn), QString()); // no expiry
        }

        // A prefix-only node shows nothing; a key with a value and children shows its value.
        const QModelIndex prefix = childNamed(model, {}, QStringLiteral("prefix"));
        QCOMPARE(cell(prefix, KeyTreeModel::ValueKindColumn), QString());
        QCOMPARE(cell(prefix, KeyTreeModel::SizeColumn), QString());
        const QModelIndex both = childNamed(model, {}, QStringLiteral("both"));
        QCOMPARE(cell(both, KeyTreeModel::ValueKindColumn), QStringLiteral("string"));
        QCOMPARE(cell(both, KeyTreeModel::SizeColumn), QStringLiteral("2.9 kB"));
        QCOMPARE(both.siblingAtColumn(KeyTreeModel::SizeColumn)
                     .data(KeyTreeModel::ValueSizeRole)
                     .toLongLong(),
                 3002);

        const QModelIndex ttl = expanded(model, {}, "ttl");
        QTRY_COMPARE(model.rowCount(ttl), 2);
        const QModelIndex session = childNamed(model, ttl, QStringLiteral("session"));
        const QModelIndex day = childNamed(model, ttl, QStringLiteral("day"));
        QCOMPARE(cell(session, KeyTreeModel::ExpiryColumn), QStringLiteral("in 4 m 10 s"));
        QCOMPARE(session.siblingAtColumn(KeyTreeModel::ExpiryColumn)
                     .data(KeyTreeModel::ExpiresAtRole)
                     .toLongLong(),
                 kStart + 250'000);
        QCOMPARE(cell(day, KeyTreeModel::ExpiryColumn), QStringLiteral("in 1 d 1 h"));
    }

    void reverseListingHasTheSameColumns_data() { addBackends(); }
    void reverseListingHasTheSameColumns()
    {
        const auto clock = std::make_shared<kvs::ManualClock>(kStart);
        auto store = openStore(clock);
        fill(*store);
        KeyTreeModel model;
        model.setClock(clock);
        kvs::ui::KeyTreeFilter filter;
        filter.prefix = kvs::parseKeyLiteral(R"(["kinds"])");
        filter.reverse = true;
        model.loader()->setStore(store, filter);
        QTRY_COMPARE(model.rowCount(), int(std::size(kKinds)));
        QCOMPARE(model.index(0, KeyTreeModel::PartColumn).data().toString(),
                 QStringLiteral("o-array-with-date"));
        for (const KindCase &kind : kKinds) {
            const QModelIndex row = childNamed(model, {}, QString::fromUtf8(kind.name));
            QCOMPARE(cell(row, KeyTreeModel::ValueKindColumn), QString::fromUtf8(kind.shown));
        }
    }

    // The synchronous store's listChildren fills the same summary (SqliteEngine's own read).
    void syncStoreListsTheSummary()
    {
        const auto clock = std::make_shared<kvs::ManualClock>(kStart);
        kvs::KVStoreOptions options;
        options.clock = clock;
        kvs::KVStore store(m_dir.filePath(QStringLiteral("sync.db")).toStdString(), options);
        store.set({"m"}, kvs::parseLiteral("new Map([[1, 2]])"), kvs::SetOptions{5000.0});
        store.set({"m", "below"}, Value(1.0));
        const kvs::ChildrenPage page = store.listChildren({});
        QCOMPARE(page.children.size(), std::size_t(1));
        const kvs::KeyChild &m = page.children.front();
        QVERIFY(m.hasValue && m.hasChildren);
        QVERIFY(m.value.has_value());
        QVERIFY(m.value->kind == Value::Type::Map);
        QCOMPARE(m.value->size,
                 static_cast<std::int64_t>(
                     kvs::encodeValue(kvs::parseLiteral("new Map([[1, 2]])")).size()));
        QVERIFY(m.value->expiresAt == std::optional<std::int64_t>(kStart + 5000));
    }

    void countdownMovesWithTheClockOnVisibleRows_data() { addBackends(); }
    void countdownMovesWithTheClockOnVisibleRows()
    {
        const auto clock = std::make_shared<kvs::ManualClock>(kStart);
        auto store = openStore(clock);
        fill(*store);
        KeyTreeModel model;
        model.setClock(clock);
        QTreeView view;
        view.setModel(&model);
        KeyTreeColumns columns(&view, &model);
        view.resize(700, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        model.loader()->setStore(store);
        QTRY_COMPARE(model.rowCount(), 4);
        const QModelIndex ttl = childNamed(model, {}, QStringLiteral("ttl"));
        view.expand(ttl);
        QTRY_COMPARE(model.rowCount(ttl), 2);
        const QModelIndex session = childNamed(model, ttl, QStringLiteral("session"));
        QCOMPARE(cell(session, KeyTreeModel::ExpiryColumn), QStringLiteral("in 4 m 10 s"));
        QVERIFY(columns.visibleRows().contains(session));

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        clock->advance(10'000);
        columns.tick();
        // Only the expiry cells of visible rows with an expiry: session and day.
        QCOMPARE(changed.count(), 2);
        for (const QList<QVariant> &signal : changed) {
            QCOMPARE(signal.at(0).toModelIndex().column(), int(KeyTreeModel::ExpiryColumn));
            QCOMPARE(signal.at(0).toModelIndex().parent(), ttl);
        }
        QCOMPARE(cell(session, KeyTreeModel::ExpiryColumn), QStringLiteral("in 4 m 0 s"));
        clock->advance(239'500);
        QCOMPARE(cell(session, KeyTreeModel::ExpiryColumn), QStringLiteral("in 1 s"));
        clock->advance(500);
        columns.tick();
        QCOMPARE(cell(session, KeyTreeModel::ExpiryColumn), QStringLiteral("expired"));

        // Collapsed: its rows are not visible, so a tick touches nothing.
        view.collapse(ttl);
        changed.clear();
        columns.tick();
        QCOMPARE(changed.count(), 0);
    }

    void aWriteRereadsTheRowsSummary_data() { addBackends(); }
    void aWriteRereadsTheRowsSummary()
    {
        const auto clock = std::make_shared<kvs::ManualClock>(kStart);
        auto store = openStore(clock);
        fill(*store);
        KeyTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setClock(clock);
        model.loader()->setStore(store);
        QTRY_COMPARE(model.rowCount(), 4);
        const QModelIndex both = childNamed(model, {}, QStringLiteral("both"));
        QCOMPARE(cell(both, KeyTreeModel::ValueKindColumn), QStringLiteral("string"));
        store->set({"both"}, kvs::parseLiteral("[1, 2]"), kvs::SetOptions{60'000.0})
            .waitForFinished();
        model.loader()->noteKeyWritten(kvs::encodeKey(kvs::Key{"both"}));
        QTRY_COMPARE(cell(both, KeyTreeModel::ValueKindColumn), QStringLiteral("array"));
        QCOMPARE(cell(both, KeyTreeModel::SizeColumn), QStringLiteral("5 bytes")); // [1,2]
        QCOMPARE(cell(both, KeyTreeModel::ExpiryColumn), QStringLiteral("in 1 m 0 s"));
        store->remove({"both"}).waitForFinished();
        model.loader()->noteKeyDeleted(kvs::encodeKey(kvs::Key{"both"}));
        QCOMPARE(cell(both, KeyTreeModel::ValueKindColumn), QString());
    }

    void headerMenuShowsAndHidesColumns()
    {
        KeyTreeModel model;
        QTreeView view;
        view.setModel(&model);
        KeyTreeColumns columns(&view, &model);
        std::unique_ptr<QMenu> menu(columns.createHeaderMenu(nullptr));
        const QList<QAction *> actions = menu->actions();
        QCOMPARE(actions.size(), KeyTreeModel::ColumnCount - 1); // all but the key part
        QAction *size = nullptr;
        for (QAction *action : actions) {
            // The key part's type starts hidden (its badge shows it); the rest shown.
            QCOMPARE(action->isChecked(), action->text() != QStringLiteral("Type"));
            if (action->text() == QStringLiteral("Size"))
                size = action;
        }
        QVERIFY(size);
        size->trigger();
        QVERIFY(view.isColumnHidden(KeyTreeModel::SizeColumn));
        std::unique_ptr<QMenu> again(columns.createHeaderMenu(nullptr));
        for (QAction *action : again->actions()) {
            QCOMPARE(action->isChecked(),
                     action->text() != QStringLiteral("Size")
                         && action->text() != QStringLiteral("Type"));
        }
        size->trigger();
        QVERIFY(!view.isColumnHidden(KeyTreeModel::SizeColumn));
    }

    void hiddenColumnsAreRememberedAcrossRestarts()
    {
        KeyTreeModel model;
        {
            QTreeView view;
            view.setModel(&model);
            KeyTreeColumns columns(&view, &model);
            std::unique_ptr<QMenu> menu(columns.createHeaderMenu(nullptr));
            for (QAction *action : menu->actions()) {
                if (action->text() == QStringLiteral("Size")
                    || action->text() == QStringLiteral("Type"))
                    action->trigger(); // hides Size, shows Type
            }
            QVERIFY(view.isColumnHidden(KeyTreeModel::SizeColumn));
            QVERIFY(!view.isColumnHidden(KeyTreeModel::TypeColumn));
        }
        const QString file = QSettings().fileName();
        QCOMPARE(QSettings().value(QStringLiteral("tree/hiddenColumns")).toString(),
                 QStringLiteral("size"));
        QVERIFY(QFile::permissions(file).testFlag(QFile::ReadOwner));
        QCOMPARE(QFile::permissions(file)
                     & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther
                        | QFile::ExeOwner),
                 QFile::Permissions());

        // The next tree (the next start) hides what was hidden and shows the rest.
        QTreeView again;
        again.setModel(&model);
        KeyTreeColumns restored(&again, &model);
        for (int column = KeyTreeModel::PartColumn; column < KeyTreeModel::ColumnCount; ++column)
            QCOMPARE(again.isColumnHidden(column), column == KeyTreeModel::SizeColumn);

        // Every column shown is remembered too; names a hand-edited file invents are ignored.
        QSettings settings;
        settings.setValue(QStringLiteral("tree/hiddenColumns"), QString());
        settings.sync();
        QTreeView allShown;
        allShown.setModel(&model);
        KeyTreeColumns none(&allShown, &model);
        for (int column = KeyTreeModel::PartColumn; column < KeyTreeModel::ColumnCount; ++column)
            QVERIFY(!allShown.isColumnHidden(column));
        settings.setValue(QStringLiteral("tree/hiddenColumns"), QStringLiteral("expires,part,x"));
        settings.sync();
        QTreeView odd;
        odd.setModel(&model);
        KeyTreeColumns oddColumns(&odd, &model);
        for (int column = KeyTreeModel::PartColumn; column < KeyTreeModel::ColumnCount; ++column)
            QCOMPARE(odd.isColumnHidden(column), column == KeyTreeModel::ExpiryColumn);
    }

    // docs/screenshots/tree-columns.png: the tree pane at its width in the default window.
    void savesAScreenshot()
    {
        const auto clock = std::make_shared<kvs::ManualClock>(kStart);
        kvs::AsyncKVStoreSettings settings;
        settings.clock = clock;
        auto store = std::make_shared<kvs::AsyncKVStore>(
            m_dir.filePath(QStringLiteral("screenshot.db")).toStdString(), settings);
        for (const char *literal : {R"(["users", "alice"])", R"(["users", "bob"])"}) {
            store
                ->set(kvs::parseKeyLiteral(literal),
                      kvs::parseLiteral(R"({name: "Alice", roles: ["admin"], since: new Date(0)})"))
                .waitForFinished();
        }
        store->set({"sessions", "a1f3"}, Value("token"), kvs::SetOptions{252'000.0})
            .waitForFinished();
        store->set({"sessions", "c9e2"}, Value("token"), kvs::SetOptions{3'900'000.0})
            .waitForFinished();
        store->set({"counters", "visits"}, Value(1234.0)).waitForFinished();
        store->set({"tags"}, kvs::parseLiteral(R"(new Set(["a", "b"]))")).waitForFinished();
        store->set({"blob"}, Value(kvs::Bytes{std::string(20'000, 'x')})).waitForFinished();
        kvs::ui::KeyTreePane pane;
        pane.model()->setClock(clock);
        pane.resize(470, 380);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        pane.model()->loader()->setStore(store);
        QTRY_COMPARE(pane.model()->rowCount(), 5);
        for (const char *part : {"sessions", "users"}) {
            const QModelIndex node = childNamed(*pane.model(), {}, QString::fromUtf8(part));
            pane.view()->expand(node);
            QTRY_COMPARE(pane.model()->rowCount(node), 2);
        }
        // Every column fits beside a readable key part at the default window's tree width.
        const QHeaderView *header = pane.view()->header();
        QVERIFY(header->sectionSize(KeyTreeModel::PartColumn) >= 100);
        QCOMPARE(header->length(), header->viewport()->width());
        const QString directory = qEnvironmentVariableIsSet("KVS_SCREENSHOT_DIR")
                                      ? qEnvironmentVariable("KVS_SCREENSHOT_DIR")
                                      : kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QVERIFY(QDir().mkpath(directory));
        QVERIFY(pane.grab().save(QDir(directory).filePath(QStringLiteral("tree-columns.png"))));
    }
};

int main(int argc, char **argv)
{
    // Before QApplication: QSettings' default path comes from XDG_CONFIG_HOME, kept out of the
    // user's own settings.
    QTemporaryDir home;
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(home.path()));
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("KVS Admin Test"));
    QApplication::setApplicationName(QStringLiteral("tst_key_tree_columns"));
    TestKeyTreeColumns test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_key_tree_columns.moc"
