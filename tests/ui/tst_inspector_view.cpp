// ValueInspector showing rows of a real store: every value kind, the key facts, the expiry
// countdown and the expired-not-cleaned mark, undecodable keys and values (SQLite), copies, the
// read-only mode, superseded selections and a closed store. Built twice: on a SQLite file and,
// with KVS_INSPECTOR_POSTGRES (ctest label postgres), on a PostgreSQL schema of its own.
#include "common/literal_pretty_printer.h"
#include "inspector/entry_header.h"
#include "inspector/hex_bytes_model.h"
#include "inspector/inspector_actions.h"
#include "inspector/value_inspector.h"
#include "inspector/value_view.h"
#include "support/test_support.h"

#ifdef KVS_INSPECTOR_POSTGRES
#include "support/postgres_test_server.h"
#else
#include "support/raw_sqlite.h"
#endif

#include "support/test_paths.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QAction>
#include <QClipboard>
#include <QDialog>
#include <QDir>
#include <QGuiApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using kvs::ui::ValueInspector;

namespace {

// The store reads time on clock, as the inspector does: tests move it instead of sleeping.
std::shared_ptr<kvs::AsyncKVStore> openStore(const QTemporaryDir &dir,
                                             const std::string &name,
                                             const std::shared_ptr<kvs::Clock> &clock,
                                             bool readOnly = false)
{
    kvs::AsyncKVStoreSettings settings;
    settings.readOnly = readOnly;
    settings.clock = clock;
    settings.maintenanceInterval = std::chrono::milliseconds(0); // Expired rows stay.
#ifdef KVS_INSPECTOR_POSTGRES
    Q_UNUSED(dir);
    settings.schema = name;
    return std::make_shared<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
#else
    return std::make_shared<kvs::AsyncKVStore>(
        dir.filePath(QString::fromStdString(name) + QStringLiteral(".db")).toStdString(), settings);
#endif
}

QString labelText(const QWidget &widget, const char *name)
{
    auto *label = widget.findChild<QLabel *>(QString::fromLatin1(name));
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(name));
}

bool labelShown(const QWidget &widget, const char *name)
{
    auto *label = widget.findChild<QLabel *>(QString::fromLatin1(name));
    return label && label->isVisibleTo(&widget);
}

QAction *action(const ValueInspector &inspector, const char *name)
{
    return inspector.findChild<QAction *>(QString::fromLatin1(name));
}

// Shows key and waits for the inspector to show it.
bool show(ValueInspector &inspector, const std::string &encodedKey)
{
    QSignalSpy loaded(&inspector, &ValueInspector::loaded);
    inspector.showKey(encodedKey);
    return loaded.wait(15000) || loaded.count() > 0;
}

bool show(ValueInspector &inspector, const kvs::Key &key)
{
    return show(inspector, kvs::encodeKey(key));
}

QString literalText(const ValueInspector &inspector)
{
    return inspector.valueView()->literalView()->toPlainText();
}

} // namespace

class TestInspectorView : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void showsEachValueKind_data();
    void showsEachValueKind();
    void showsTheKeyInHexWithSizeAndVersion();
    void countsDownToTheExpiry();
    void marksAnExpiredRowNotYetCleaned();
    void saysWhenTheKeyHasNoEntry();
#ifndef KVS_INSPECTOR_POSTGRES
    void showsAnUndecodableKeyAsHex();
    void showsAnUndecodableValueAsBytes();
#endif
    void copiesKeyValueAndCursor();
    void readOnlyModeHidesEditingAndSaysSo();
    void aStoreOpenedReadOnlyIsNeverWritable();
    void aNewerSelectionSupersedesAnOlderOne();
    void showsAClosedStoreErrorInPlace();
    void savesTheValueToAFile();
#ifndef KVS_INSPECTOR_POSTGRES
    void savesAScreenshot();
#endif

private:
    QTemporaryDir m_dir;
    std::string m_name;
    std::shared_ptr<kvs::ManualClock> m_clock;
    std::shared_ptr<kvs::AsyncKVStore> m_store;
    std::unique_ptr<ValueInspector> m_inspector;
};

void TestInspectorView::init()
{
#ifdef KVS_INSPECTOR_POSTGRES
    m_name = kvs::test::freshSchema("insp_view");
#else
    static int count = 0;
    m_name = "view" + std::to_string(++count);
#endif
    m_clock = std::make_shared<kvs::ManualClock>();
    m_store = openStore(m_dir, m_name, m_clock);
    m_inspector = std::make_unique<ValueInspector>();
    m_inspector->setClock(m_clock);
    m_inspector->resize(900, 640);
    m_inspector->setStore(m_store, false);
    m_inspector->show();
}

void TestInspectorView::cleanup()
{
    m_inspector.reset();
    m_store.reset();
}

void TestInspectorView::showsEachValueKind_data()
{
    QTest::addColumn<QString>("literal");
    QTest::addColumn<QString>("kind");
    QTest::newRow("string") << QStringLiteral(R"("héllo \"kvs\"")") << QStringLiteral("string");
    QTest::newRow("number") << QStringLiteral("-12.5") << QStringLiteral("number");
    QTest::newRow("bigint") << QStringLiteral("123456789012345678901234567890n")
                            << QStringLiteral("bigint");
    QTest::newRow("Date") << QStringLiteral(R"(new Date("2026-09-01T12:30:00Z"))")
                          << QStringLiteral("Date");
    QTest::newRow("bytes") << QStringLiteral("new Uint8Array([0, 1, 2, 250, 255])")
                           << QStringLiteral("Uint8Array");
    QTest::newRow("Map") << QStringLiteral(R"(new Map([["a", 1], [2n, {x: [true]}]]))")
                         << QStringLiteral("Map");
    QTest::newRow("Set") << QStringLiteral(R"(new Set([1, "two", null]))") << QStringLiteral("Set");
    QTest::newRow("nested object")
        << QStringLiteral(R"({user: {name: "Alice", tags: ["a"], seen: new Date(0)}, n: NaN})")
        << QStringLiteral("object");
    QTest::newRow("undefined") << QStringLiteral("undefined") << QStringLiteral("undefined");
}

void TestInspectorView::showsEachValueKind()
{
    QFETCH(QString, literal);
    QFETCH(QString, kind);
    const kvs::Key key{"kinds", kind.toStdString()};
    const kvs::Value value = kvs::parseLiteral(literal.toStdString());
    const kvs::CommitResult written = m_store->set(key, value).result();
    QVERIFY(show(*m_inspector, key));

    QCOMPARE(literalText(*m_inspector),
             QString::fromStdString(kvs::ui::prettyPrintLiteral(value).text));
    QVERIFY(kvs::parseLiteral(literalText(*m_inspector).toStdString()) == value);
    const QString facts = labelText(*m_inspector, "entryFacts");
    QVERIFY2(facts.startsWith(kind + QStringLiteral(" · ")), qPrintable(facts));
    QVERIFY2(facts.endsWith(QStringLiteral("version %1").arg(written.version)), qPrintable(facts));
    QCOMPARE(m_inspector->valueView()->hexModel()->bytes(), kvs::encodeValue(value));
    QVERIFY(!labelShown(*m_inspector, "expiredMark"));
    QCOMPARE(labelText(*m_inspector, "expiry"), QStringLiteral("No expiry"));
}

void TestInspectorView::showsTheKeyInHexWithSizeAndVersion()
{
    const kvs::Key key{"users", 42, kvs::BigInt(7), true};
    const kvs::CommitResult written
        = m_store->set(key, kvs::Value(std::string(3000, 'a'))).result();
    QVERIFY(show(*m_inspector, key));
    QCOMPARE(labelText(*m_inspector, "keyLiteral"), QStringLiteral(R"(["users", 42, 7n, true])"));
    const QByteArray hex = QByteArray::fromStdString(kvs::encodeKey(key)).toHex();
    QVERIFY(labelText(*m_inspector, "keyHex").endsWith(QString::fromLatin1(hex)));
    const QString facts = labelText(*m_inspector, "entryFacts");
    QVERIFY2(facts.contains(QStringLiteral("2.9 kB")), qPrintable(facts)); // 3002 bytes
    QVERIFY(facts.contains(QStringLiteral("version %1").arg(written.version)));
}

void TestInspectorView::countsDownToTheExpiry()
{
    const kvs::Key key{"session"};
    kvs::SetOptions options;
    options.ttl = 3'600'000;
    m_store->set(key, kvs::Value("token"), options).result();
    QVERIFY(show(*m_inspector, key));
    const QString first = labelText(*m_inspector, "expiry");
    QVERIFY2(first.startsWith(QStringLiteral("Expires at ")), qPrintable(first));
    QVERIFY2(first.contains(QStringLiteral("(in 59:5"))
                 || first.contains(QStringLiteral("(in 01:00:00)")),
             qPrintable(first));
    m_clock->advance(1000); // the countdown ticks on the clock, not on real time
    QTRY_VERIFY_WITH_TIMEOUT(labelText(*m_inspector, "expiry") != first, 2500);
    QVERIFY(!labelShown(*m_inspector, "expiredMark"));
}

void TestInspectorView::marksAnExpiredRowNotYetCleaned()
{
    const kvs::Key key{"short-lived"};
    kvs::SetOptions options;
    options.ttl = 50;
    m_store->set(key, kvs::Value(1), options).result();
    m_clock->advance(300); // Past the TTL; nothing cleans it (no maintenance, no cleanExpired()).
    QVERIFY(show(*m_inspector, key));
    QVERIFY(m_inspector->entry()->expired);
    QVERIFY(labelShown(*m_inspector, "expiredMark"));
    QCOMPARE(labelText(*m_inspector, "expiredMark"), QStringLiteral("Expired, not yet cleaned"));
    QVERIFY(labelText(*m_inspector, "expiry").startsWith(QStringLiteral("Expired at ")));
    QCOMPARE(literalText(*m_inspector), QStringLiteral("1"));
}

void TestInspectorView::saysWhenTheKeyHasNoEntry()
{
    QVERIFY(show(*m_inspector, kvs::Key{"never", "written"}));
    QVERIFY(!m_inspector->entry()->found);
    QVERIFY(labelText(*m_inspector, "entryFacts").startsWith(QStringLiteral("No entry")));
    QVERIFY(!action(*m_inspector, "copyValue")->isEnabled());
}

#ifndef KVS_INSPECTOR_POSTGRES
void TestInspectorView::showsAnUndecodableKeyAsHex()
{
    m_store->set({"x"}, kvs::Value(1)).result(); // Creates the tables.
    m_store->close().waitForFinished();
    const std::string path
        = m_dir.filePath(QString::fromStdString(m_name) + QStringLiteral(".db")).toStdString();
    const std::string rawKey("\x09\xff\x00\x13", 4); // 0x09 is no key part tag.
    {
        kvs::test::RawSqlite raw(path);
        raw.insertKv(rawKey, kvs::encodeValue(kvs::Value("odd")), 99);
    }
    m_store = openStore(m_dir, m_name, m_clock);
    m_inspector->setStore(m_store, true);
    QVERIFY(show(*m_inspector, rawKey));
    QVERIFY(!m_inspector->entry()->key);
    QCOMPARE(labelText(*m_inspector, "keyLiteral"), QStringLiteral("Key does not decode"));
    QVERIFY(labelText(*m_inspector, "keyHex").endsWith(QStringLiteral("09ff0013")));
    QCOMPARE(literalText(*m_inspector), QStringLiteral(R"("odd")"));
    // The store API cannot address this key: nothing is offered that would write it; it is
    // deleted by its key bytes (tst_outside_rows).
    QVERIFY(!action(*m_inspector, "editValue")->isEnabled());
    QVERIFY(!action(*m_inspector, "setExpiry")->isEnabled());
    QVERIFY(action(*m_inspector, "deleteKey")->isEnabled());
    m_inspector->actions()->copyKeyLiteral();
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("09ff0013"));
}

void TestInspectorView::showsAnUndecodableValueAsBytes()
{
    m_store->set({"x"}, kvs::Value(1)).result();
    m_store->close().waitForFinished();
    const std::string path
        = m_dir.filePath(QString::fromStdString(m_name) + QStringLiteral(".db")).toStdString();
    const std::string key = kvs::encodeKey({"broken"});
    {
        kvs::test::RawSqlite raw(path);
        raw.insertKv(key, std::string("\x07not a value", 12), 5);
    }
    m_store = openStore(m_dir, m_name, m_clock);
    m_inspector->setStore(m_store, false);
    QVERIFY(show(*m_inspector, key));
    QVERIFY(!m_inspector->entry()->value);
    QVERIFY(literalText(*m_inspector).contains(QStringLiteral("does not decode")));
    QVERIFY(labelText(*m_inspector, "entryFacts").startsWith(QStringLiteral("undecodable value")));
    auto *tabs = m_inspector->findChild<QTabWidget *>(QStringLiteral("valueTabs"));
    QCOMPARE(tabs->currentWidget(), m_inspector->valueView()->hexView());
    QCOMPARE(m_inspector->valueView()->hexModel()->index(0, 2).data().toString(),
             QStringLiteral(".not a value"));
}
#endif

void TestInspectorView::copiesKeyValueAndCursor()
{
    const kvs::Key key{"config", "theme"};
    m_store->set(key, kvs::parseLiteral(R"({dark: true, accents: new Set(["red"])})")).result();
    QVERIFY(show(*m_inspector, key));
    m_inspector->actions()->copyKeyLiteral();
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral(R"(["config", "theme"])"));
    m_inspector->actions()->copyCursor();
    QCOMPARE(QGuiApplication::clipboard()->text(),
             QString::fromStdString(kvs::encodeCursor(kvs::encodeKey(key))));
    QGuiApplication::clipboard()->clear();
    m_inspector->actions()->copyValueLiteral();
    QTRY_COMPARE(QGuiApplication::clipboard()->text(),
                 QStringLiteral(R"({"dark": true, "accents": new Set(["red"])})"));
}

void TestInspectorView::readOnlyModeHidesEditingAndSaysSo()
{
    const kvs::Key key{"counter"};
    m_store->set(key, kvs::Value(1)).result();
    QVERIFY(show(*m_inspector, key));
    QVERIFY(labelShown(*m_inspector, "readOnlyHint"));
    for (const char *name : {"editValue", "increment", "setExpiry", "deleteKey", "newKey"})
        QVERIFY2(!action(*m_inspector, name)->isVisible(), name);
    m_inspector->startEditing();
    m_inspector->incrementBy(1);
    m_inspector->createKeyUnder({});
    QVERIFY(!m_inspector->findChild<QDialog *>());
    QCOMPARE(m_inspector->findChild<QStackedWidget *>()->currentWidget(),
             static_cast<QWidget *>(m_inspector->valueView()));
    // Nothing was asked of the store: the calls above returned at once. The read is queued
    // behind anything they might have started (in order on a SQLite file's worker).
    QCOMPARE(m_store->get(key).result()->value, kvs::Value(1));

    m_inspector->setWritable(true);
    QVERIFY(!labelShown(*m_inspector, "readOnlyHint"));
    for (const char *name : {"editValue", "increment", "setExpiry", "deleteKey", "newKey"})
        QVERIFY2(action(*m_inspector, name)->isVisible() && action(*m_inspector, name)->isEnabled(),
                 name);
}

void TestInspectorView::aStoreOpenedReadOnlyIsNeverWritable()
{
    m_store->set({"k"}, kvs::Value(1)).result();
    auto readOnly = openStore(m_dir, m_name, m_clock, true);
    m_inspector->setStore(readOnly, true);
    QVERIFY(!m_inspector->isWritable());
    QVERIFY(show(*m_inspector, kvs::Key{"k"}));
    QVERIFY(labelShown(*m_inspector, "readOnlyHint"));
    QVERIFY(!action(*m_inspector, "editValue")->isVisible());
    m_inspector->setStore(nullptr, false);
    readOnly.reset();
}

void TestInspectorView::aNewerSelectionSupersedesAnOlderOne()
{
    m_store->set({"a"}, kvs::Value(std::string(2'000'000, 'a'))).result();
    m_store->set({"b"}, kvs::Value("bee")).result();
    QSignalSpy loaded(m_inspector.get(), &ValueInspector::loaded);
    m_inspector->showKey(kvs::encodeKey({"a"}));
    m_inspector->showKey(kvs::encodeKey({"b"}));
    QVERIFY(loaded.wait(15000));
    // On a SQLite file the older read finished first (one worker runs them in order, and one
    // decodes them in order), so its result was dropped already. PostgreSQL's connections may
    // finish it later: room for it to arrive, with a deadline; it must be dropped.
#ifdef KVS_INSPECTOR_POSTGRES
    QVERIFY(!QTest::qWaitFor([&] { return loaded.count() > 1; }, 300));
#endif
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(m_inspector->entry()->encodedKey, kvs::encodeKey({"b"}));
    QCOMPARE(literalText(*m_inspector), QStringLiteral(R"("bee")"));
}

void TestInspectorView::showsAClosedStoreErrorInPlace()
{
    m_store->set({"k"}, kvs::Value(1)).result();
    m_store->close().waitForFinished();
    m_inspector->showKey(kvs::encodeKey({"k"}));
    QTRY_VERIFY(!m_inspector->errorText().isEmpty());
    QVERIFY2(m_inspector->errorText().startsWith(QStringLiteral("Could not read the key.\n")),
             qPrintable(m_inspector->errorText()));
    QVERIFY(m_inspector->errorText().contains(QStringLiteral("kvs: the store is closed")));
    QVERIFY(labelShown(*m_inspector, "inspectorError"));
    QVERIFY(!m_inspector->entry());
}

void TestInspectorView::savesTheValueToAFile()
{
    const kvs::Key key{"blob"};
    const kvs::Value value = kvs::parseLiteral("new Map([[1, new Uint8Array([1, 2, 3])]])");
    m_store->set(key, value).result();
    QVERIFY(show(*m_inspector, key));
    const QString raw = m_dir.filePath(QStringLiteral("value.bin"));
    const QString literal = m_dir.filePath(QStringLiteral("value.txt"));
    QSignalSpy errors(m_inspector.get(), &ValueInspector::loaded);
    m_inspector->actions()->saveValueToFile(raw, false);
    m_inspector->actions()->saveValueToFile(literal, true);
    QTRY_COMPARE(kvs::test::fileBytes(raw), QByteArray::fromStdString(kvs::encodeValue(value)));
    QTRY_COMPARE(kvs::test::fileBytes(literal),
                 QByteArray::fromStdString(kvs::printLiteral(value)));
    QVERIFY(m_inspector->errorText().isEmpty());
}

#ifndef KVS_INSPECTOR_POSTGRES
void TestInspectorView::savesAScreenshot()
{
    const kvs::Key key{"users", "alice"};
    kvs::SetOptions options;
    options.ttl = 2.5 * 3'600'000;
    m_store
        ->set(
            key,
            kvs::parseLiteral(
                R"({name: "Alice Liddell", email: "alice@example.com", age: 31, score: 98.5,)"
                R"( balance: 1234567890123456789n, since: new Date("2026-09-01T12:30:00Z"),)"
                R"( roles: new Set(["admin", "editor"]), active: true, manager: null,)"
                R"( avatar: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 1]),)"
                R"( prefs: new Map([["theme", {dark: true, accent: "teal"}], ["lang", "en-GB"]]),)"
                R"( history: [{at: new Date(1767225600000), action: "login"}, {at: new Date(1767229200000), action: "logout", reason: undefined}]})"),
            options)
        .result();
    m_inspector->setWritable(true);
    QVERIFY(show(*m_inspector, key));
    QCoreApplication::processEvents(); // the layout the new entry asked for
    const QString dir = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
    QVERIFY(QDir().mkpath(dir));
    const QString path = dir + QStringLiteral("/inspector-value.png");
    QVERIFY(m_inspector->grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}
#endif

QTEST_MAIN(TestInspectorView)
#include "tst_inspector_view.moc"
