#include "support/raw_sqlite.h"
#include "ui/database_summary_loader.h"
#include "ui/demo_database.h"
#include "ui/main_window.h"

#include <kvs/kvstore.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using kvs::ui::MainWindow;

namespace {

qint64 countEntries(const QString &path)
{
    kvs::KVStoreOptions options;
    options.readOnly = true;
    kvs::KVStore store(path.toStdString(), options);
    kvs::ListSelector everything;
    everything.prefix = kvs::Key{};
    kvs::ListOptions page;
    page.limit = 1000;
    qint64 count = 0;
    for (;;) {
        kvs::ListResult result = store.list(everything, page);
        count += static_cast<qint64>(result.entries.size());
        if (!result.cursor)
            break;
        page.cursor = result.cursor;
    }
    store.close();
    return count;
}

QLabel *label(const QWidget &window, const char *name)
{
    return window.findChild<QLabel *>(QString::fromLatin1(name));
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void showsLoadingThenTheSummary();
    void titleNamesTheFile();
    void statusBarSaysReadOnly();
    void hasFileAndHelpMenus();
    void createsTheDemoOnFirstRun();
    void showsAnErrorForAFileThatIsNotSqlite();
    void showsAnErrorForAForeignSqliteFile();
    void showsAnErrorForANewerSchema();
    void showsAnErrorForAMissingFileWithoutCreatingIt();
    void dropsTheResultOfASupersededLoad();
    void savesAScreenshot();

private:
    QTemporaryDir m_dir;
    QString m_demoPath;
    qint64 m_demoEntries = 0;
};

void TestMainWindow::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_demoPath = m_dir.filePath(QStringLiteral("demo.kvs.db"));
    QVERIFY(kvs::ui::createDemoDatabase(m_demoPath));
    m_demoEntries = countEntries(m_demoPath);
    QVERIFY(m_demoEntries > 0);
}

void TestMainWindow::showsLoadingThenTheSummary()
{
    MainWindow window;
    window.openDatabase(m_demoPath);
    // The worker cannot answer before the event loop runs: the pane says so meanwhile.
    QCOMPARE(label(window, "entryCountValue")->text(), QStringLiteral("Loading…"));
    QCOMPARE(label(window, "schemaValue")->text(), QStringLiteral("Loading…"));
    QCOMPARE(label(window, "pathValue")->text(), QDir::toNativeSeparators(m_demoPath));

    QTRY_COMPARE(label(window, "entryCountValue")->text(), QLocale().toString(m_demoEntries));
    QCOMPARE(label(window, "schemaValue")->text(), QString::number(kvs::kSchemaVersion));
    QCOMPARE(label(window, "heading")->text(), QStringLiteral("demo.kvs.db"));
    QVERIFY(!window.findChild<QWidget *>(QStringLiteral("errorPanel"))->isVisibleTo(&window));
}

void TestMainWindow::titleNamesTheFile()
{
    MainWindow window;
    window.openDatabase(m_demoPath);
    QCOMPARE(window.windowTitle(), QStringLiteral("KVS Admin — demo.kvs.db"));
    QCOMPARE(window.databasePath(), m_demoPath);
}

void TestMainWindow::statusBarSaysReadOnly()
{
    MainWindow window;
    QLabel *indicator
        = window.statusBar()->findChild<QLabel *>(QStringLiteral("readOnlyIndicator"));
    QVERIFY(indicator);
    QCOMPARE(indicator->text(), QStringLiteral("Read-only (inspect)"));
}

void TestMainWindow::hasFileAndHelpMenus()
{
    MainWindow window;
    QStringList menus;
    QStringList actions;
    for (QAction *menuAction : window.menuBar()->actions()) {
        menus << menuAction->text();
        for (QAction *action : menuAction->menu()->actions())
            if (!action->isSeparator())
                actions << action->text();
    }
    QCOMPARE(menus, (QStringList{QStringLiteral("&File"), QStringLiteral("&Help")}));
    QCOMPARE(actions,
             (QStringList{QStringLiteral("&Open…"),
                          QStringLiteral("&Quit"),
                          QStringLiteral("&About KVS Admin")}));
}

void TestMainWindow::createsTheDemoOnFirstRun()
{
    const QString path = m_dir.filePath(QStringLiteral("first-run/demo.kvs.db"));
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QVERIFY(!QFileInfo::exists(path));

    MainWindow window;
    window.openDemoDatabase(path);
    QTRY_COMPARE(label(window, "entryCountValue")->text(), QLocale().toString(m_demoEntries));
    QVERIFY(QFileInfo::exists(path));
    QCOMPARE(window.windowTitle(), QStringLiteral("KVS Admin — demo.kvs.db"));
}

void TestMainWindow::showsAnErrorForAFileThatIsNotSqlite()
{
    const QString path = m_dir.filePath(QStringLiteral("noise.db"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QByteArray noise(8192, '\0');
    for (int i = 0; i < noise.size(); ++i)
        noise[i] = static_cast<char>((i * 131 + 7) % 251);
    file.write(noise);
    file.close();

    MainWindow window;
    window.openDatabase(path);
    QTRY_VERIFY(window.findChild<QWidget *>(QStringLiteral("errorPanel"))->isVisibleTo(&window));
    QCOMPARE(label(window, "errorTitle")->text(), QStringLiteral("Cannot open the database"));
    QVERIFY(!label(window, "errorDetail")->text().isEmpty()); // The core's message.
    QVERIFY(!label(window, "entryCountValue")->isVisibleTo(&window));
    QCOMPARE(window.windowTitle(), QStringLiteral("KVS Admin — noise.db"));
}

void TestMainWindow::showsAnErrorForAForeignSqliteFile()
{
    const QString path = m_dir.filePath(QStringLiteral("shop.sqlite"));
    kvs::test::RawSqlite(path.toStdString())
        .exec("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);"
              "INSERT INTO customers (name) VALUES ('Ada');");

    MainWindow window;
    window.openDatabase(path);
    QTRY_COMPARE(label(window, "errorTitle")->text(), QStringLiteral("Not a kvs database"));
    QVERIFY2(label(window, "errorText")->text().contains(QStringLiteral("customers")),
             qPrintable(label(window, "errorText")->text()));
    QVERIFY(label(window, "errorDetail")->text().startsWith(QStringLiteral("kvs: ")));
    // A read-only open: the foreign file gained no kvs tables.
    QCOMPARE(kvs::test::RawSqlite(path.toStdString(), /*readOnly=*/true)
                 .scalar("SELECT group_concat(name) FROM sqlite_master WHERE type = 'table'"),
             std::string("customers"));
}

void TestMainWindow::showsAnErrorForANewerSchema()
{
    const QString path = m_dir.filePath(QStringLiteral("future.kvs.db"));
    QVERIFY(QFile::copy(m_demoPath, path));
    kvs::test::RawSqlite(path.toStdString())
        .exec("UPDATE meta SET value = '99' WHERE key = 'schema_version'");

    MainWindow window;
    window.openDatabase(path);
    QTRY_COMPARE(label(window, "errorTitle")->text(),
                 QStringLiteral("Database written by a newer kvs"));
    QVERIFY(label(window, "errorText")->text().contains(QStringLiteral("version 99")));
    QVERIFY(label(window, "errorDetail")
                ->text()
                .startsWith(QStringLiteral("kvs: the database schema is version 99")));
}

void TestMainWindow::showsAnErrorForAMissingFileWithoutCreatingIt()
{
    const QString path = m_dir.filePath(QStringLiteral("missing.kvs.db"));
    MainWindow window;
    window.openDatabase(path);
    QTRY_COMPARE(label(window, "errorTitle")->text(), QStringLiteral("Cannot open the database"));
    QVERIFY(!QFileInfo::exists(path));
}

void TestMainWindow::dropsTheResultOfASupersededLoad()
{
    const QString missing = m_dir.filePath(QStringLiteral("also-missing.kvs.db"));
    MainWindow window;
    auto *loader = window.findChild<kvs::ui::DatabaseSummaryLoader *>();
    QVERIFY(loader);
    QSignalSpy loaded(loader, &kvs::ui::DatabaseSummaryLoader::loaded);
    QSignalSpy failed(loader, &kvs::ui::DatabaseSummaryLoader::failed);

    // The first load succeeds on the worker, but the second supersedes it before it reports.
    window.openDatabase(m_demoPath);
    window.openDatabase(missing);
    QTRY_COMPARE(failed.count(), 1);
    QVERIFY(!loader->isLoading());
    QTest::qWait(100);
    QCOMPARE(loaded.count(), 0);
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.first().first().value<kvs::ui::DatabaseLoadError>().path, missing);
    QCOMPARE(window.windowTitle(), QStringLiteral("KVS Admin — also-missing.kvs.db"));
}

void TestMainWindow::savesAScreenshot()
{
    MainWindow window;
    window.resize(820, 520);
    window.openDatabase(m_demoPath);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(label(window, "entryCountValue")->text(), QLocale().toString(m_demoEntries));

    // Into the build tree by default; scripts/update-screenshots.sh points this at docs/.
    const QString directory = qEnvironmentVariableIsSet("KVS_SCREENSHOT_DIR")
                                  ? qEnvironmentVariable("KVS_SCREENSHOT_DIR")
                                  : QStringLiteral(KVS_SCREENSHOT_DIR);
    QVERIFY(QDir().mkpath(directory));
    QVERIFY(window.grab().save(QDir(directory).filePath(QStringLiteral("main-window.png"))));
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
