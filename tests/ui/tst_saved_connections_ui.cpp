// Issue 35: the Connections list of the Open dialog (grouped, filtered, saved from the form,
// edited, duplicated, deleted after asking, opened by a double click; a missing SQLite file
// says so with "Locate…"), export without secrets, and the main window matching a tab to a
// saved production connection by identity (the same file through another path).
#include "connection/connection_dialog.h"
#include "connection/memory_secret_store.h"
#include "connection/password_prompt.h"
#include "connection/recent_connections.h"
#include "connection/saved_connection_editor.h"
#include "connection/saved_connection_look.h"
#include "connection/saved_connections_panel.h"
#include "session/database_view.h"
#include "support/test_paths.h"
#include "window/main_window.h"

#include <kvs/kvstore.h>
#include <kvs/literal.h>
#include <kvs/saved_connections.h>

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kTimeout = 20000;

class RefusingPrompt : public PasswordPrompt
{
public:
    void ask(const PasswordRequest &, QObject *, Callback done) override { done(PasswordAnswer{}); }
};

// Runs act on the next modal widget of type T once it shows.
template <typename T, typename Act>
void onNextModal(Act act, int tries = 1000)
{
    if (tries == 0)
        return;
    QTimer::singleShot(20, qApp, [act, tries] {
        if (auto *widget = qobject_cast<T *>(QApplication::activeModalWidget())) {
            act(widget);
            return;
        }
        onNextModal<T>(act, tries - 1);
    });
}

void clickBoxButton(QMessageBox *box, const QString &text)
{
    for (QAbstractButton *button : box->buttons()) {
        if (button->text().remove(QLatin1Char('&')) == text) {
            button->click();
            return;
        }
    }
    box->reject();
}

SavedConnection saved(const QString &name,
                      ConnectionSpec spec,
                      ConnectionEnvironment environment,
                      QStringList tags = {})
{
    SavedConnection connection = savedConnectionOf(name, spec);
    connection.environment = environment;
    connection.tags = std::move(tags);
    return connection;
}

// The names listed under each group, "group: a, b" per group.
QStringList listed(QTreeWidget *tree)
{
    QStringList lines;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *group = tree->topLevelItem(i);
        QStringList names;
        for (int j = 0; j < group->childCount(); ++j)
            names.append(group->child(j)->text(0));
        lines.append(group->text(0) + QStringLiteral(": ") + names.join(QStringLiteral(", ")));
    }
    return lines;
}

} // namespace

class TestSavedConnectionsUi : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_dbPath;

    void seed()
    {
        QSettings settings;
        SavedConnections store(settings);
        for (const SavedConnection &old : store.list())
            (void)store.remove(old.name);
        store.put(saved(QStringLiteral("orders"),
                        *ConnectionSpec::fromPostgresUrl(
                            QStringLiteral("postgres://app@db.example/orders?sslmode=verify-full")),
                        ConnectionEnvironment::Production,
                        {QStringLiteral("billing")}));
        store.put(saved(QStringLiteral("orders staging"),
                        *ConnectionSpec::fromPostgresUrl(
                            QStringLiteral("postgres://app@staging.example/orders")),
                        ConnectionEnvironment::Staging,
                        {QStringLiteral("billing")}));
        store.put(saved(QStringLiteral("local"),
                        ConnectionSpec::sqlite(m_dbPath),
                        ConnectionEnvironment::Development));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_dbPath = m_dir.filePath(QStringLiteral("kv.db"));
        KVStore(m_dbPath.toStdString()).set(parseKeyLiteral("[\"a\"]"), Value(1.0));
    }

    void init() { seed(); }

    void groupsAndFilters()
    {
        SavedConnectionsPanel panel(nullptr);
        QCOMPARE(listed(panel.tree()),
                 (QStringList{QStringLiteral("production: orders"),
                              QStringLiteral("staging: orders staging"),
                              QStringLiteral("development: local")}));
        panel.setGrouping(SavedConnectionsPanel::Grouping::Tag);
        QCOMPARE(listed(panel.tree()),
                 (QStringList{QStringLiteral("billing: orders, orders staging"),
                              QStringLiteral("No tag: local")}));
        panel.setGrouping(SavedConnectionsPanel::Grouping::Environment);
        panel.setFilter(QStringLiteral("STAGING.example"));
        QCOMPARE(listed(panel.tree()), QStringList{QStringLiteral("staging: orders staging")});
        panel.setFilter(QStringLiteral("billing"));
        QCOMPARE(panel.tree()->topLevelItemCount(), 2);
    }

    void saveEditDuplicateDelete()
    {
        SavedConnectionsPanel panel(nullptr);
        const QString other = m_dir.filePath(QStringLiteral("other.db"));
        panel.setFormSpec([other] { return ConnectionSpec::sqlite(other); });
        // Save the form: the editor suggests the file's name; the user picks production.
        onNextModal<SavedConnectionEditor>([](SavedConnectionEditor *editor) {
            QCOMPARE(editor->nameEdit()->text(), QStringLiteral("other.db"));
            editor->environmentBox()->setCurrentIndex(2);
            editor->tagsEdit()->setText(QStringLiteral("eu, audit "));
            editor->accept();
        });
        panel.saveForm();
        QSettings settings;
        std::optional<SavedConnection> found
            = SavedConnections(settings).find(QStringLiteral("other.db"));
        QVERIFY(found);
        QCOMPARE(found->environment, ConnectionEnvironment::Production);
        QCOMPARE(found->tags, (QStringList{QStringLiteral("eu"), QStringLiteral("audit")}));
        QCOMPARE(found->path(), other);

        // A taken name keeps Save off.
        QVERIFY(panel.select(QStringLiteral("other.db")));
        onNextModal<SavedConnectionEditor>([](SavedConnectionEditor *editor) {
            editor->nameEdit()->setText(QStringLiteral("local"));
            auto *save = editor->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save);
            QVERIFY(!save->isEnabled());
            editor->nameEdit()->setText(QStringLiteral("audit db"));
            QVERIFY(save->isEnabled());
            editor->accept();
        });
        panel.editCurrent();
        QVERIFY(!SavedConnections(settings).find(QStringLiteral("other.db")));
        QVERIFY(SavedConnections(settings).find(QStringLiteral("audit db")));

        panel.duplicateCurrent();
        found = SavedConnections(settings).find(QStringLiteral("audit db (copy)"));
        QVERIFY(found);
        QCOMPARE(found->path(), other);

        // Delete asks first: Cancel keeps it, Delete removes it.
        QVERIFY(panel.select(QStringLiteral("audit db (copy)")));
        onNextModal<QMessageBox>([](QMessageBox *box) {
            QCOMPARE(box->objectName(), QStringLiteral("confirmDeleteConnection"));
            QVERIFY(box->text().contains(QStringLiteral("audit db (copy)")));
            box->reject();
        });
        panel.deleteCurrent();
        QVERIFY(SavedConnections(settings).find(QStringLiteral("audit db (copy)")));
        onNextModal<QMessageBox>(
            [](QMessageBox *box) { clickBoxButton(box, QStringLiteral("Delete")); });
        panel.deleteCurrent();
        QVERIFY(!SavedConnections(settings).find(QStringLiteral("audit db (copy)")));
    }

    void doubleClickOpensAndRecentStaysBelow()
    {
        RecentConnections recent;
        ConnectionDialog dialog(&recent);
        QVERIFY(dialog.findChild<QListWidget *>(QStringLiteral("recentList")));
        QVERIFY(dialog.savedConnections()->select(QStringLiteral("local")));
        QCOMPARE(dialog.spec().sqlitePath(), m_dbPath); // a click fills the form
        dialog.openSaved(*dialog.savedConnections()->current());
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.spec().sqlitePath(), m_dbPath);
    }

    void aMissingFileSaysSoWithLocate()
    {
        const QString moved = m_dir.filePath(QStringLiteral("moved.db"));
        QVERIFY(QFile::copy(m_dbPath, moved));
        QSettings settings;
        SavedConnections(settings).put(
            saved(QStringLiteral("gone"),
                  ConnectionSpec::sqlite(m_dir.filePath(QStringLiteral("gone.db"))),
                  ConnectionEnvironment::Development));
        ConnectionDialog dialog(nullptr);
        dialog.setLocateFile([moved](const QString &) { return moved; });
        QVERIFY(dialog.savedConnections()->select(QStringLiteral("gone")));
        QString said;
        onNextModal<QMessageBox>([&said](QMessageBox *box) {
            said = box->text();
            QCOMPARE(box->objectName(), QStringLiteral("savedFileMissing"));
            clickBoxButton(box, QStringLiteral("Locate…"));
        });
        dialog.openSaved(*dialog.savedConnections()->current());
        QVERIFY2(said.contains(QStringLiteral("The file of \"gone\" is missing")),
                 qPrintable(said));
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.spec().sqlitePath(), moved);
        QCOMPARE(SavedConnections(settings).find(QStringLiteral("gone"))->path(), moved);
    }

    void exportHasNoSecret()
    {
        QSettings settings;
        // A password in a URL never reaches the settings file, nor the export.
        SavedConnection secret = saved(
            QStringLiteral("secret"),
            *ConnectionSpec::fromPostgresUrl(QStringLiteral("postgres://u@h/db?sslmode=require")),
            ConnectionEnvironment::Production);
        secret.target.insert(QStringLiteral("url"),
                             QStringLiteral("postgres://u:topsecret@h/db?password=alsosecret"));
        SavedConnections(settings).put(secret);
        SavedConnectionsPanel panel(nullptr);
        const QString path = m_dir.filePath(QStringLiteral("connections.json"));
        QVERIFY(panel.exportToFile(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(!text.contains("topsecret"));
        QVERIFY(!text.contains("alsosecret"));
        QVERIFY(text.contains("sslmode=verify-full"));
        // Imported back beside the originals: taken names get a number.
        QVERIFY(panel.importJsonFile(path));
        QVERIFY(SavedConnections(settings).find(QStringLiteral("orders (2)")));
    }

    void aTabMatchesItsSavedProductionConnectionByIdentity()
    {
        // Saved as kv.db; opened through a symbolic link to it (another route, the same file).
        QSettings settings;
        SavedConnections store(settings);
        SavedConnection local = *store.find(QStringLiteral("local"));
        local.environment = ConnectionEnvironment::Production;
        store.put(local);
        const QString link = m_dir.filePath(QStringLiteral("link.db"));
        QVERIFY(QFile::link(m_dbPath, link));
        MemorySecretStore secrets;
        RefusingPrompt prompt;
        MainWindow window(nullptr, &secrets, &prompt);
        window.resize(1024, 700);
        window.show();
        QSignalSpy opened(&window, &MainWindow::databaseOpened);
        window.openDatabase(link);
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, kTimeout);
        DatabaseView *view = window.currentDatabase();
        QTRY_VERIFY_WITH_TIMEOUT(view->session()->isProduction(), kTimeout);
        QCOMPARE(view->session()->savedConnection()->name, QStringLiteral("local"));
        auto *tabs = window.findChild<QTabWidget *>();
        QCOMPARE(tabs->tabText(tabs->indexOf(view)), QStringLiteral("production · link.db"));
        QVERIFY2(window.windowTitle().startsWith(QStringLiteral("[production] KVS Admin")),
                 qPrintable(window.windowTitle()));
    }

    void savesAScreenshot()
    {
        RecentConnections recent;
        recent.add(ConnectionSpec::sqlite(m_dbPath));
        ConnectionDialog dialog(&recent);
        QVERIFY(dialog.savedConnections()->select(QStringLiteral("orders")));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QString folder = kvs::test::fromTest(KVS_SCREENSHOT_DIR "/screenshots");
        QDir().mkpath(folder);
        QVERIFY(dialog.grab().save(folder + QStringLiteral("/connections-list.png")));
    }
};

QTEST_MAIN(TestSavedConnectionsUi)
#include "tst_saved_connections_ui.moc"
