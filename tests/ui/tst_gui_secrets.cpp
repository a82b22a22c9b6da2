// Issue 17, the "Secrets" test, GUI side: the window's connection paths (a URL or key=value
// text given to open, valid and malformed, and the connection page) with a marker password. No
// message, title, tooltip, menu, settings file or log line may hold it; the call timeout is
// kept with the connection (item 11's GUI setting).
#include "connection/connection_spec.h"
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "connection/postgres_connection_page.h"
#include "session/database_view.h"
#include "support/postgres_test_server.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "window/main_window.h"

#include <kvs/async_kvstore.h>

#include <QAction>
#include <QApplication>
#include <QDirIterator>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrl>

using kvs::ui::ConnectionSpec;
using kvs::ui::MainWindow;
using kvs::ui::MemorySecretStore;
using kvs::ui::PasswordAnswer;
using kvs::ui::PasswordPrompt;
using kvs::ui::PasswordRequest;

namespace {

const QString kMarker = QStringLiteral("Mk7GuiSecret");
QStringList g_log;                    // every message Qt logged, by any category
QtMessageHandler g_testLog = nullptr; // QTest's own handler, which still gets every message

void recordMessage(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    g_log << message;
    if (g_testLog)
        g_testLog(type, context, message);
}

// Cancels every prompt: a wrong password must not be asked for again here.
class CancellingPrompt : public PasswordPrompt
{
public:
    void ask(const PasswordRequest &, QObject *context, Callback done) override
    {
        QTimer::singleShot(0, context, [done] { done(PasswordAnswer{}); });
    }
};

QString testUrl()
{
    return QString::fromStdString(kvs::test::postgresUrl());
}

// A schema holding kvs tables, made once: the valid strings put it first in search_path, so the
// window opens a tab on them.
QString kvsSchema()
{
    static const QString schema = [] {
        const std::string name = kvs::test::freshSchema("guisecret");
        kvs::AsyncKVStoreSettings settings;
        settings.schema = name;
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        kvs::AsyncKVStore store(kvs::test::postgresUrl(), settings);
        (void)store.set({"a"}, kvs::Value(1)).result();
        store.close().waitForFinished();
        return QString::fromStdString(name);
    }();
    return schema;
}

QString keywordForm(const QString &password)
{
    const QUrl url(testUrl());
    return QStringLiteral("host=%1 port=%2 user=%3 password=%4 dbname=%5 sslmode=disable "
                          "options='-csearch_path=%6'")
        .arg(url.host())
        .arg(url.port(5432))
        .arg(url.userName(), password, url.path().mid(1), kvsSchema());
}

// Every visible text of the window: titles, tooltips, labels, status bar, menus.
QStringList textsOf(QWidget *window)
{
    QStringList texts{window->windowTitle(), window->toolTip()};
    for (QWidget *widget : window->findChildren<QWidget *>()) {
        texts << widget->windowTitle() << widget->toolTip() << widget->statusTip();
        if (auto *label = qobject_cast<QLabel *>(widget))
            texts << label->text();
        if (auto *edit = qobject_cast<QLineEdit *>(widget))
            texts << edit->text();
        if (auto *tabs = qobject_cast<QTabWidget *>(widget)) {
            for (int i = 0; i < tabs->count(); ++i)
                texts << tabs->tabText(i) << tabs->tabToolTip(i);
        }
    }
    for (QAction *action : window->findChildren<QAction *>())
        texts << action->text() << action->toolTip() << action->statusTip();
    if (auto *main = qobject_cast<QMainWindow *>(window))
        texts << main->statusBar()->currentMessage();
    return texts;
}

} // namespace

class TstGuiSecrets : public QObject
{
    Q_OBJECT

private slots:
    // After QTest's: its handler stays behind ours.
    void initTestCase()
    {
        qRegisterMetaType<kvs::ui::DatabaseView *>();
        g_testLog = qInstallMessageHandler(recordMessage);
    }
    void cleanupTestCase() { qInstallMessageHandler(g_testLog); }
    void openPathsKeepTheSecret_data();
    void openPathsKeepTheSecret();
    void connectionPageKeepsTheSecret();
    void noFileOrLogHoldsTheSecret();
};

void TstGuiSecrets::openPathsKeepTheSecret_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("secret");
    QTest::addColumn<bool>("valid");
    const QUrl url(testUrl());
    QString wrong = testUrl();
    wrong.replace(url.password(), kMarker);
    QTest::newRow("valid url") << testUrl() + "&options=-csearch_path%3D" + kvsSchema()
                               << url.password() << true;
    QTest::newRow("valid keywords") << keywordForm(url.password()) << url.password() << true;
    QTest::newRow("wrong password") << wrong << kMarker << false;
    QTest::newRow("wrong keywords") << keywordForm(kMarker) << kMarker << false;
    QTest::newRow("bad percent") << "postgresql://u:" + kMarker + "%zz@127.0.0.1/db" << kMarker
                                 << false;
    QTest::newRow("open bracket") << "postgresql://u:" + kMarker + "@[::1/db" << kMarker << false;
    QTest::newRow("bad port") << "postgresql://u:" + kMarker + "@h:99999999/db" << kMarker << false;
    QTest::newRow("split keyword")
        << "host=127.0.0.1 password=" + kMarker + "A " + kMarker + "B dbname=x" << kMarker << false;
}

void TstGuiSecrets::openPathsKeepTheSecret()
{
    QFETCH(QString, text);
    QFETCH(QString, secret);
    QFETCH(bool, valid);
    MemorySecretStore secrets;
    CancellingPrompt prompt;
    MainWindow window(nullptr, &secrets, &prompt);
    window.show();
    QSignalSpy opened(&window, &MainWindow::databaseOpened);
    QSignalSpy failed(&window, &MainWindow::openFailed);
    // Message boxes are closed as they come: the window's warning is one of its paths.
    QStringList boxTexts;
    QTimer closer;
    connect(&closer, &QTimer::timeout, &window, [&boxTexts] {
        for (QWidget *top : QApplication::topLevelWidgets()) {
            if (top->isVisible() && top->inherits("QMessageBox")) {
                boxTexts << textsOf(top);
                top->close();
            }
        }
    });
    closer.start(20);
    window.openDatabase(text);
    QTRY_VERIFY_WITH_TIMEOUT(opened.count() + failed.count() > 0, 60'000);
    QCOMPARE(opened.count(), valid ? 1 : 0);
    if (valid) {
        // The tab's first page of keys (the schema holds one): what it shows is looked at below.
        QTRY_COMPARE_WITH_TIMEOUT(window.currentDatabase()->tree()->model()->rowCount(), 1, 30'000);
    }
    QStringList texts = textsOf(&window) + boxTexts;
    for (const QList<QVariant> &signal : failed)
        texts << signal.value(0).toString();
    for (const QString &shown : texts)
        QVERIFY2(!shown.contains(secret), qPrintable(shown));
}

void TstGuiSecrets::connectionPageKeepsTheSecret()
{
    kvs::ui::PostgresConnectionPage page;
    auto *url = page.findChild<QLineEdit *>(QStringLiteral("postgresUrlEdit"));
    QVERIFY(url);
    // key=value text becomes the URL it stands for, its password moved to the password field.
    url->setText("host=db.example user=app password=" + kMarker + " dbname=inv");
    QMetaObject::invokeMethod(url, "editingFinished");
    QCOMPARE(url->text(), QStringLiteral("postgresql://app@db.example/inv"));
    QCOMPARE(page.password(), kMarker);
    QCOMPARE(page.spec().postgresUrl(), QStringLiteral("postgresql://app@db.example/inv"));
    // No TLS required for a remote host: the page says so.
    auto *warning = page.findChild<QLabel *>(QStringLiteral("tlsWarningLabel"));
    QVERIFY(warning);
    QVERIFY(!warning->isHidden());
    QVERIFY(warning->text().contains(QStringLiteral("db.example")));
    url->setText(QStringLiteral("postgresql://app@db.example/inv?sslmode=require"));
    QVERIFY(warning->isHidden());
    // The call timeout: 30 s by default, kept with the spec.
    auto *timeout = page.findChild<QSpinBox *>(QStringLiteral("callTimeoutSpin"));
    QVERIFY(timeout);
    QCOMPARE(page.spec().callTimeout(), std::chrono::milliseconds(30000));
    QCOMPARE(page.spec().storeSettings(true, false).callTimeout, std::chrono::milliseconds(30000));
    timeout->setValue(5);
    const ConnectionSpec spec = page.spec();
    QCOMPARE(spec.callTimeout(), std::chrono::milliseconds(5000));
    QCOMPARE(ConnectionSpec::fromVariantMap(spec.toVariantMap())->callTimeout(),
             std::chrono::milliseconds(5000));
    for (const QVariant &value : spec.toVariantMap())
        QVERIFY(!value.toString().contains(kMarker));
}

// The settings file the window wrote (recent connections) and everything logged.
void TstGuiSecrets::noFileOrLogHoldsTheSecret()
{
    const QString password = QUrl(testUrl()).password();
    const QString config = QFile::decodeName(qgetenv("XDG_CONFIG_HOME"));
    QVERIFY(QFile::exists(QSettings().fileName())); // the window did write it
    QDirIterator it(config, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        QFile file(it.next());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY2(!bytes.contains(kMarker.toUtf8()), qPrintable(file.fileName()));
        QVERIFY2(!bytes.contains(password.toUtf8()), qPrintable(file.fileName()));
        ++files;
    }
    QVERIFY(files > 0);
    for (const QString &line : std::as_const(g_log)) {
        QVERIFY2(!line.contains(kMarker), qPrintable(line));
        QVERIFY2(!line.contains(password), qPrintable(line));
    }
}

int main(int argc, char **argv)
{
    QTemporaryDir config;
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(config.path()));
    qunsetenv("PGPASSWORD");
    qputenv("QT_LOGGING_RULES", "kvs.*=true"); // the app's categories at every level
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("KVS Admin Test"));
    QApplication::setApplicationName(QStringLiteral("tst_gui_secrets"));
    TstGuiSecrets test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_secrets.moc"
