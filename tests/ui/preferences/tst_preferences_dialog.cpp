// Issue 12, section 2: the Preferences dialog. Its values persist in QSettings, the file is
// readable by its owner only (0600) from its first write on, Cancel writes nothing, the pages
// come from the registry (a view adds its own), and a database tab reads what was set.
#include "connection/connection_spec.h"
#include "preferences/language_page.h"
#include "preferences/number_fields_page.h"
#include "preferences/preferences_dialog.h"
#include "preferences/preferences_registry.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "support/test_paths.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "window/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <sys/stat.h>

using kvs::ui::DatabaseView;
using kvs::ui::LanguagePage;
using kvs::ui::NumberFieldsPage;
using kvs::ui::PreferencesDialog;
using kvs::ui::PreferencesRegistry;

namespace {

// The permission bits as stat reports them.
int modeOf(const QString &path)
{
    struct stat info
    {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return -1;
    return static_cast<int>(info.st_mode & 07777);
}

QSpinBox *spin(const PreferencesDialog &dialog, const char *key)
{
    return dialog.findChild<QSpinBox *>(QString::fromLatin1(key));
}

QComboBox *language(const PreferencesDialog &dialog)
{
    return dialog.findChild<QComboBox *>(QStringLiteral("ui/language"));
}

} // namespace

class TstPreferencesDialog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        ::umask(022); // the usual one, which leaves new files readable by everyone
    }

    void init()
    {
        QSettings settings;
        settings.clear();
        settings.sync();
        QFile::remove(settings.fileName());
    }

    void showsDefaultsOnEveryPage()
    {
        PreferencesDialog dialog;
        QStringList titles;
        for (const auto *page : dialog.pages())
            titles << page->title();
        QCOMPARE(titles,
                 QStringList({QStringLiteral("General"),
                              QStringLiteral("Key tree"),
                              QStringLiteral("Search"),
                              QStringLiteral("Analysis"),
                              QStringLiteral("Queues"),
                              QStringLiteral("SQL console"),
                              QStringLiteral("Production"),
                              QStringLiteral("Undo")}));
        QCOMPARE(language(dialog)->currentData().toString(), QString()); // the system's
        // Issue 35: writes on a production tab end after 15 minutes without a write.
        QCOMPARE(spin(dialog, "production/writeTimeoutMinutes")->value(), 15);
        // Issue 40: an analysis stops after 10 minutes with a partial report.
        QCOMPARE(spin(dialog, "analysis/budgetSeconds")->value(), 600);
        QCOMPARE(language(dialog)->currentText(), QStringLiteral("The system's language"));
        QCOMPARE(spin(dialog, "tree/pageSize")->value(), 1000);
        QCOMPARE(spin(dialog, "search/maxResults")->value(), 10000);
        QCOMPARE(spin(dialog, "queues/pollIntervalSeconds")->value(), 2);
        QCOMPARE(spin(dialog, "queues/noConsumerSeconds")->value(), 30);
        QCOMPARE(spin(dialog, "queues/leaseWindowSeconds")->value(), 10);
        QCOMPARE(spin(dialog, "console/idleCloseSeconds")->value(), 60);
        QVERIFY(!QFile::exists(QSettings().fileName())); // showing writes nothing
    }

    // Issue 42: the undo journal is on by default, bounded by 100 MB and 7 days; one switch turns
    // it off, and the page says that it keeps values on disk.
    void undoPageHasItsSwitchAndBounds()
    {
        {
            PreferencesDialog dialog;
            auto *enabled = dialog.findChild<QCheckBox *>(QStringLiteral("undo/journalEnabled"));
            QVERIFY(enabled);
            QVERIFY(enabled->isChecked());
            QCOMPARE(spin(dialog, "undo/maxMegabytes")->value(), 100);
            QCOMPARE(spin(dialog, "undo/maxDays")->value(), 7);
            bool saysValues = false;
            for (const QLabel *label : dialog.findChildren<QLabel *>())
                saysValues |= label->text().contains(
                    QStringLiteral("Unlike the audit log it holds values"));
            QVERIFY(saysValues);
            enabled->setChecked(false);
            QVERIFY(!spin(dialog, "undo/maxDays")->isEnabled());
            dialog.accept();
        }
        QCOMPARE(QSettings().value(QStringLiteral("undo/journalEnabled")).toBool(), false);
        PreferencesDialog again;
        QVERIFY(!again.findChild<QCheckBox *>(QStringLiteral("undo/journalEnabled"))->isChecked());
    }

    void valuesPersistInAnOwnerOnlyFile()
    {
        const QString path = QSettings().fileName();
        QVERIFY2(path.startsWith(QFile::decodeName(qgetenv("XDG_CONFIG_HOME"))), qPrintable(path));
        {
            PreferencesDialog dialog;
            language(dialog)->setCurrentIndex(language(dialog)->findData(QStringLiteral("de")));
            spin(dialog, "tree/pageSize")->setValue(250);
            spin(dialog, "search/maxResults")->setValue(500);
            spin(dialog, "queues/pollIntervalSeconds")->setValue(9);
            spin(dialog, "queues/noConsumerSeconds")->setValue(300);
            spin(dialog, "queues/leaseWindowSeconds")->setValue(20);
            dialog.accept();
        }
        QCOMPARE(modeOf(path), 0600);
        const QSettings stored;
        QCOMPARE(stored.value(QStringLiteral("ui/language")).toString(), QStringLiteral("de"));
        QCOMPARE(stored.value(QStringLiteral("tree/pageSize")).toInt(), 250);
        QCOMPARE(stored.value(QStringLiteral("search/maxResults")).toInt(), 500);
        QCOMPARE(stored.value(QStringLiteral("queues/pollIntervalSeconds")).toInt(), 9);
        QCOMPARE(stored.value(QStringLiteral("queues/noConsumerSeconds")).toInt(), 300);
        QCOMPARE(stored.value(QStringLiteral("queues/leaseWindowSeconds")).toInt(), 20);

        PreferencesDialog again;
        QCOMPARE(language(again)->currentData().toString(), QStringLiteral("de"));
        QCOMPARE(spin(again, "tree/pageSize")->value(), 250);
        QCOMPARE(spin(again, "queues/noConsumerSeconds")->value(), 300);
        spin(again, "tree/pageSize")->setValue(300);
        again.accept();
        QCOMPARE(modeOf(path), 0600); // after every write
        QCOMPARE(QSettings().value(QStringLiteral("tree/pageSize")).toInt(), 300);
    }

    void cancelWritesNothing()
    {
        {
            PreferencesDialog dialog;
            spin(dialog, "tree/pageSize")->setValue(200);
            dialog.accept();
        }
        PreferencesDialog dialog;
        spin(dialog, "tree/pageSize")->setValue(400);
        dialog.reject();
        QCOMPARE(QSettings().value(QStringLiteral("tree/pageSize")).toInt(), 200);
    }

    void readableFileIsNarrowed()
    {
        const QString path = m_dir.filePath(QStringLiteral("old.ini"));
        {
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
        }
        QVERIFY(QFile::setPermissions(path,
                                      QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                          | QFileDevice::ReadGroup | QFileDevice::ReadOther));
        QCOMPARE(modeOf(path), 0644);
        QSettings settings(path, QSettings::IniFormat);
        PreferencesDialog dialog(nullptr, &settings);
        dialog.accept();
        QCOMPARE(modeOf(path), 0600);
        QCOMPARE(settings.value(QStringLiteral("tree/pageSize")).toInt(), 1000);
    }

    void outOfRangeValuesAreClamped()
    {
        QSettings settings;
        settings.setValue(QStringLiteral("tree/pageSize"), 99999999);
        settings.setValue(QStringLiteral("queues/pollIntervalSeconds"), QStringLiteral("soon"));
        settings.sync();
        PreferencesDialog dialog;
        QCOMPARE(spin(dialog, "tree/pageSize")->value(), 10000);
        QCOMPARE(spin(dialog, "queues/pollIntervalSeconds")->value(), 2);
    }

    void languageChangeSaysItTakesEffectAfterRestart()
    {
        PreferencesDialog dialog;
        auto *page = qobject_cast<LanguagePage *>(dialog.page(QStringLiteral("General")));
        QVERIFY(page);
        QCOMPARE(page->restartNote(), QString());
        page->languageBox()->setCurrentIndex(page->languageBox()->findData(QStringLiteral("en")));
        QCOMPARE(page->restartNote(), QStringLiteral("Takes effect after a restart."));
        page->languageBox()->setCurrentIndex(0);
        QCOMPARE(page->restartNote(), QString());
    }

    // A later view adds its page; it shows in the order asked and saves with the others.
    void aViewAddsItsOwnPage()
    {
        PreferencesRegistry::add(50, [](QWidget *parent) {
            return new NumberFieldsPage(QStringLiteral("Test view"),
                                        {{QStringLiteral("testView/depth"),
                                          QStringLiteral("Depth:"),
                                          QString(),
                                          QString(),
                                          3,
                                          1,
                                          9}},
                                        parent);
        });
        PreferencesDialog dialog;
        QCOMPARE(dialog.pages().size(), 9);
        QCOMPARE(dialog.pages()[1]->title(), QStringLiteral("Test view"));
        QCOMPARE(spin(dialog, "testView/depth")->value(), 3);
        spin(dialog, "testView/depth")->setValue(7);
        dialog.accept();
        QCOMPARE(QSettings().value(QStringLiteral("testView/depth")).toInt(), 7);
        QCOMPARE(modeOf(QSettings().fileName()), 0600);
    }

    void aNewTabReadsThePreferences()
    {
        {
            QSettings settings;
            settings.setValue(QStringLiteral("tree/pageSize"), 200);
            settings.setValue(QStringLiteral("queues/pollIntervalSeconds"), 7);
            settings.setValue(QStringLiteral("queues/leaseWindowSeconds"), 3);
        }
        const QString path = m_dir.filePath(QStringLiteral("prefs.db"));
        DatabaseView view(new kvs::ui::DatabaseSession(kvs::ui::ConnectionSpec::sqlite(path), {}));
        QCOMPARE(view.tree()->model()->loader()->pageSize(), 200);
        QCOMPARE(view.queues()->pollInterval()->value(), 7);
        QCOMPARE(view.queues()->controller()->leaseWindowMs(), std::int64_t(3000));
    }

    void theMainWindowOpensItWithCtrlComma()
    {
        kvs::ui::MainWindow window;
        auto *action = window.findChild<QAction *>(QStringLiteral("preferences"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_Comma));
        QCOMPARE(action->menuRole(), QAction::PreferencesRole);
        bool shown = false;
        QTimer::singleShot(0, &window, [&shown] {
            auto *dialog = qobject_cast<PreferencesDialog *>(QApplication::activeModalWidget());
            shown = dialog != nullptr;
            if (dialog)
                dialog->reject();
        });
        action->trigger();
        QVERIFY(shown);
    }

#ifdef KVS_SCREENSHOT_DIR
    void savesAScreenshot()
    {
        PreferencesDialog dialog;
        dialog.showPage(
            static_cast<int>(dialog.pages().indexOf(dialog.page(QStringLiteral("Queues")))));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QDir().mkpath(kvs::test::fromTest(KVS_SCREENSHOT_DIR));
        QVERIFY(dialog.grab().save(kvs::test::fromTest(KVS_SCREENSHOT_DIR "/preferences.png")));
    }
#endif
};

int main(int argc, char **argv)
{
    // Before QApplication: QSettings' default path comes from XDG_CONFIG_HOME.
    QTemporaryDir home;
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(home.path()));
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("KVS Admin Test"));
    QApplication::setApplicationName(QStringLiteral("tst_preferences_dialog"));
    TstPreferencesDialog test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_preferences_dialog.moc"
