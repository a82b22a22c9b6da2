// Issue 31: the window as a new user sees it on a 1024x700 screen (an offscreen screen of that
// size, set up before the application starts): the first window fits the screen's available
// geometry, every view of a database tab needs at most 800x600, a long banner wraps instead of
// widening the window, and the Benchmark view's tables are within the window.
#include "benchmark/bench_pane.h"
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "session/database_view.h"
#include "startup/demo_database.h"
#include "support/raw_sqlite.h"
#include "support/refusing_prompt.h"
#include "support/small_screen.h"
#include "window/main_window.h"
#include "window/window_placement.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using kvs::ui::DatabaseView;
using kvs::ui::MainWindow;

namespace {

constexpr int kTimeout = 20000;
const QSize kScreen(1024, 700);
const QSize kMostMinimum(800, 600);

using kvs::test::RefusingPrompt;

// The visible widgets below root whose least size is wider or taller than limit, as
// "Class name: WxH" lines: what a failure names.
QStringList tooLarge(const QWidget *root, QSize limit)
{
    QStringList found;
    for (const QWidget *widget : root->findChildren<QWidget *>()) {
        if (widget->isHidden())
            continue;
        const QSize least = widget->minimumSizeHint().expandedTo(widget->minimumSize());
        if (least.width() > limit.width() || least.height() > limit.height()) {
            found << QStringLiteral("%1 %2: %3x%4")
                         .arg(QString::fromLatin1(widget->metaObject()->className()),
                              widget->objectName())
                         .arg(least.width())
                         .arg(least.height());
        }
    }
    return found;
}

} // namespace

class TestWindowLayout : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_demoPath;
    kvs::ui::MemorySecretStore m_secrets;
    RefusingPrompt m_prompt;

    DatabaseView *open(MainWindow &window, const QString &path)
    {
        QSignalSpy opened(&window, &MainWindow::databaseOpened);
        window.openDatabase(path);
        if (opened.isEmpty() && !opened.wait(kTimeout))
            return nullptr;
        return opened.first().first().value<DatabaseView *>();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("config"))));
        QCoreApplication::setOrganizationName(QStringLiteral("kvs-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_window_layout"));
        qRegisterMetaType<DatabaseView *>();
        QCOMPARE(QGuiApplication::primaryScreen()->availableGeometry().size(), kScreen);
        m_demoPath = m_dir.filePath(QStringLiteral("demo.kvs.db"));
        QVERIFY(kvs::ui::createDemoDatabase(m_demoPath));
    }

    void theFirstWindowFitsTheScreen()
    {
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect available = window.screen()->availableGeometry();
        QVERIFY2(available.contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("%1,%2 %3x%4")
                                .arg(window.frameGeometry().x())
                                .arg(window.frameGeometry().y())
                                .arg(window.frameGeometry().width())
                                .arg(window.frameGeometry().height())));
        // Room for the frame a window manager adds (offscreen adds none to speak of).
        QVERIFY(window.height() <= available.height() - kvs::ui::kFrameAllowance.height());
        // A larger screen gets the preferred size, centred.
        const QRect large = kvs::ui::initialWindowGeometry(QRect(0, 0, 1600, 1000));
        QCOMPARE(large.size(), kvs::ui::kPreferredWindowSize);
        QCOMPARE(large.center(), QRect(0, 0, 1600, 1000).center());
    }

    // A banner that did not wrap ("Not a kvs database: ... tables found: ...", a long path) grew
    // the window's least size past the screen.
    void aLongBannerWraps()
    {
        const QString folder
            = m_dir.filePath(QStringLiteral("customer-data-exports-from-the-old-system/2026-12-"
                                            "quarterly-snapshot-before-migration"));
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + QStringLiteral("/shop-with-customers-and-orders.db");
        kvs::test::RawSqlite raw(path.toStdString());
        for (const char *table : {"customers",
                                  "orders",
                                  "order_lines",
                                  "invoices",
                                  "payments",
                                  "shipments",
                                  "returns",
                                  "warehouses",
                                  "suppliers",
                                  "products"})
            raw.exec(std::string("CREATE TABLE ") + table + " (id INTEGER);");
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QSize before = window.size();
        DatabaseView *view = open(window, path);
        QVERIFY(view);
        QTRY_VERIFY_WITH_TIMEOUT(view->bannerText().contains(QStringLiteral("suppliers")),
                                 kTimeout);
        QCoreApplication::processEvents();
        const QSize least = window.minimumSizeHint().expandedTo(window.minimumSize());
        QVERIFY2(least.width() <= kMostMinimum.width(),
                 qPrintable(QStringLiteral("%1 wide").arg(least.width())));
        QCOMPARE(window.size(), before);
    }

    // The Benchmark view's run and history tables were cut off at the window's bottom.
    void theBenchmarkTablesFitTheWindow()
    {
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        DatabaseView *view = open(window, m_demoPath);
        QVERIFY(view);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        view->views()->setCurrentWidget(view->bench());
        QCoreApplication::processEvents();
        for (QTableView *table : {view->bench()->resultView(), view->bench()->historyView()}) {
            QVERIFY(table->isVisible());
            const QRect shown(table->mapTo(&window, QPoint()), table->size());
            QVERIFY2(window.rect().contains(shown),
                     qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 in %6x%7")
                                    .arg(table->objectName())
                                    .arg(shown.x())
                                    .arg(shown.y())
                                    .arg(shown.width())
                                    .arg(shown.height())
                                    .arg(window.width())
                                    .arg(window.height())));
            // The header and three rows at least.
            const int rows = table->verticalHeader()->defaultSectionSize();
            QVERIFY2(table->viewport()->height() >= 3 * rows,
                     qPrintable(QString::number(table->viewport()->height())));
        }
    }

    // The Benchmark view's Start, Find capacity and Stop sat inside the scrolling form, below the
    // fold of a 1024x700 screen: they are below the form now, in sight without scrolling.
    void theBenchmarkButtonsAreInSight()
    {
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        DatabaseView *view = open(window, m_demoPath);
        QVERIFY(view);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        view->views()->setCurrentWidget(view->bench());
        QCoreApplication::processEvents();
        kvs::ui::BenchPane *pane = view->bench();
        for (QPushButton *button :
             {pane->startButton(), pane->findCapacityButton(), pane->stopButton()}) {
            QVERIFY(button->isVisible());
            bool scrolls = false;
            for (QWidget *up = button->parentWidget(); up; up = up->parentWidget())
                scrolls = scrolls || qobject_cast<QScrollArea *>(up);
            QVERIFY2(!scrolls, qPrintable(button->text()));
            // All of it drawn: nothing above it clips it.
            QCOMPARE(button->visibleRegion().boundingRect(), button->rect());
            const QRect shown(button->mapTo(&window, QPoint()), button->size());
            QVERIFY2(window.rect().contains(shown),
                     qPrintable(QStringLiteral("%1 at %2,%3 in %4x%5")
                                    .arg(button->text())
                                    .arg(shown.x())
                                    .arg(shown.y())
                                    .arg(window.width())
                                    .arg(window.height())));
        }
        QVERIFY(pane->statusLabel()->isVisible());
    }

    // The README's screenshots take the sizes of tests/support/small_screen.h: the window's and
    // a view's on a 1024x700 screen.
    void theScreenshotSizesAreTheWindowsOnASmallScreen()
    {
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        DatabaseView *view = open(window, m_demoPath);
        QVERIFY(view);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        view->views()->setCurrentWidget(view->bench());
        QCoreApplication::processEvents();
        QCOMPARE(window.size(), kvs::test::kWindowOnSmallScreen);
        QCOMPARE(view->bench()->size(), kvs::test::kPaneOnSmallScreen);
    }

    // The views that scroll in a smaller window (their content in a QScrollArea) have their
    // room in the first window of a 1024x700 screen: nothing scrolls there.
    void nothingScrollsInTheFirstWindow()
    {
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        DatabaseView *view = open(window, m_demoPath);
        QVERIFY(view);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (int index = 0; index < view->views()->count(); ++index) {
            view->views()->setCurrentIndex(index);
            QCoreApplication::processEvents();
            for (QScrollArea *area : view->views()->widget(index)->findChildren<QScrollArea *>()) {
                // (The benchmark form scrolls on purpose: its tables keep their room.)
                if (!area->objectName().endsWith(QStringLiteral("Scroll"))
                    || area->objectName() == QStringLiteral("benchFormScroll")
                    || !area->isVisible())
                    continue;
                const QSize needs = area->widget()->minimumSizeHint();
                const QSize has = area->viewport()->size();
                QVERIFY2(!area->verticalScrollBar()->isVisible()
                             && !area->horizontalScrollBar()->isVisible(),
                         qPrintable(QStringLiteral("%1 (%2) needs %3x%4, has %5x%6")
                                        .arg(area->objectName(), view->views()->tabText(index))
                                        .arg(needs.width())
                                        .arg(needs.height())
                                        .arg(has.width())
                                        .arg(has.height())));
            }
        }
    }

    void everyViewNeedsAtMost800x600()
    {
        MainWindow window(nullptr, &m_secrets, &m_prompt);
        DatabaseView *view = open(window, m_demoPath);
        QVERIFY(view);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (int index = 0; index < view->views()->count(); ++index) {
            view->views()->setCurrentIndex(index);
            QCoreApplication::processEvents();
            const QSize least = window.minimumSizeHint().expandedTo(window.minimumSize());
            QVERIFY2(least.width() <= kMostMinimum.width()
                         && least.height() <= kMostMinimum.height(),
                     qPrintable(QStringLiteral("%1: %2x%3\n%4")
                                    .arg(view->views()->tabText(index))
                                    .arg(least.width())
                                    .arg(least.height())
                                    .arg(tooLarge(&window, kMostMinimum - QSize(40, 150))
                                             .join(QLatin1Char('\n')))));
        }
    }
};

int main(int argc, char *argv[])
{
    // A 1024x700 screen: the offscreen platform reads its screens from a file named when it
    // starts.
    QTemporaryDir config;
    const QString path = config.filePath(QStringLiteral("screen.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return 2;
    file.write(QStringLiteral(R"({"screens": [{"name": "small", "x": 0, "y": 0, "width": %1,)"
                              R"( "height": %2, "logicalDpi": 96, "logicalBaseDpi": 96,)"
                              R"( "dpr": 1}]})")
                   .arg(kScreen.width())
                   .arg(kScreen.height())
                   .toUtf8());
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + QFile::encodeName(path));
    QApplication app(argc, argv);
    TestWindowLayout test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_window_layout.moc"
