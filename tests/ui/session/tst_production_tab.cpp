// Issue 35: a production tab is unmistakable (its colour and "production" in a strip across
// the top of its views), "Allow writes" there asks for the database's name to be typed, writes
// end by themselves after the minutes of Preferences without a write (on the tab's clock, which
// the test moves), and the subtree delete asks for the typed name too. Offscreen, on a real
// SQLite file.
#include "common/environment_strip.h"
#include "common/typed_name_dialog.h"
#include "connection/saved_connection_look.h"
#include "preferences/preference_keys.h"
#include "session/write_expiry.h"
#include "support/database_view_fixture.h"
#include "support/test_paths.h"

#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <QDir>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace kvs;
using kvs::ui::DatabaseView;

namespace {

constexpr int kTimeout = 20000;

// Types text into the next typed-name dialog and presses its action when enabled (Cancel
// otherwise); *seen counts the dialogs answered.
void answerTypedName(const QString &text, int *seen = nullptr, int tries = 1000)
{
    if (tries == 0)
        return;
    QTimer::singleShot(20, qApp, [text, seen, tries] {
        auto *dialog = qobject_cast<ui::TypedNameDialog *>(QApplication::activeModalWidget());
        if (!dialog) {
            answerTypedName(text, seen, tries - 1);
            return;
        }
        if (seen)
            ++*seen;
        dialog->nameEdit()->setText(text);
        if (dialog->actionButton()->isEnabled())
            dialog->actionButton()->click();
        else
            dialog->reject();
    });
}

SavedConnection production(const QString &path)
{
    SavedConnection saved
        = ui::savedConnectionOf(QStringLiteral("orders"), ui::ConnectionSpec::sqlite(path));
    saved.environment = ConnectionEnvironment::Production;
    return saved;
}

} // namespace

class TestProductionTab : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::shared_ptr<ManualClock> m_clock;
    test::DatabaseWindow m_window;
    int m_seen = 0; // typed-name dialogs answered (a member: a poller may outlive a test)

    DatabaseView *view() const { return m_window.view(); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove(ui::prefs::kProductionWriteMinutes); // the default, 15
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("kv.db"));
        KVStore store(m_path.toStdString());
        for (int i = 0; i < 5; ++i)
            store.set(parseKeyLiteral("[\"users\", " + std::to_string(i) + "]"), Value(1.0));
        store.set(parseKeyLiteral("[\"keep\", 1]"), Value(1.0));
    }

    void init()
    {
        m_clock = std::make_shared<ManualClock>(1'700'000'000'000);
        ui::DatabaseSession *session = test::sqliteSession(m_path);
        session->setClock(m_clock);
        session->setSavedConnection(production(m_path));
        QVERIFY(m_window.open(session, false, kTimeout));
    }

    void cleanup() { m_window.close(); }

    void theTabShowsProduction()
    {
        ui::EnvironmentStrip *strip = view()->findChild<ui::EnvironmentStrip *>();
        QVERIFY(strip->isVisible());
        QCOMPARE(strip->text(), QStringLiteral("production · orders"));
        QCOMPARE(strip->colour(), ui::environmentColour(ConnectionEnvironment::Production));
        // Above the toolbar and every view of the tab.
        QVERIFY(strip->mapTo(view(), QPoint()).y() < view()->views()->mapTo(view(), QPoint()).y());
        QCOMPARE(view()->session()->typedName(), QStringLiteral("kv.db"));
    }

    void allowWritesAsksForTheTypedName()
    {
        // A wrong name refuses: the tab stays read-only.
        m_seen = 0;
        answerTypedName(QStringLiteral("kv"), &m_seen);
        view()->allowWritesAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(m_seen, 1, kTimeout);
        QVERIFY(!view()->allowWritesAction()->isChecked());
        QVERIFY(!view()->session()->isWritable());
        QCOMPARE(view()->modeText(), QStringLiteral("Read-only (inspect)"));

        answerTypedName(QStringLiteral("kv.db"), &m_seen);
        view()->allowWritesAction()->trigger();
        QVERIFY(test::waitForMode(
            view(), QStringLiteral("Writable, ends 15 min after the last write"), kTimeout));
        QCOMPARE(m_seen, 2);
        QVERIFY(view()->writeExpiry()->isActive());
    }

    void writesEndAfterTheMinutesWithoutAWrite()
    {
        answerTypedName(QStringLiteral("kv.db"));
        view()->allowWritesAction()->trigger();
        QVERIFY(test::waitForMode(
            view(), QStringLiteral("Writable, ends 15 min after the last write"), kTimeout));
        // 14 minutes, then a write (a subtree delete, which asks for the typed name as well):
        // the 15 minutes start over.
        m_clock->advance(14 * 60 * 1000);
        QVERIFY(view()->session()->isWritable());
        const QModelIndex users = test::rootRow(view(), "[\"users\"]", kTimeout);
        QVERIFY(users.isValid());
        m_seen = 0;
        answerTypedName(QStringLiteral("kv.db"), &m_seen);
        QString question;
        const QString summary = test::runBulk(view(),
                                              ui::SubtreeBulkAction::Kind::Delete,
                                              users,
                                              {},
                                              QStringLiteral("Delete"),
                                              &question,
                                              kTimeout);
        QVERIFY2(summary.contains(QStringLiteral("5")), qPrintable(summary));
        QCOMPARE(m_seen, 1);
        m_clock->advance(14 * 60 * 1000);
        QVERIFY(view()->session()->isWritable());
        // Then 15 minutes without a write: writes end, and the tab says why.
        m_clock->advance(60 * 1000 + 1);
        QVERIFY(test::waitForMode(view(), QStringLiteral("Read-only (inspect)"), kTimeout));
        QVERIFY(!view()->allowWritesAction()->isChecked());
        QVERIFY2(view()->bannerText().contains(
                     QStringLiteral("Writes ended by themselves after 15 minute")),
                 qPrintable(view()->bannerText()));
        // A write now is refused by the store itself.
        try {
            (void)view()
                ->session()
                ->store()
                ->set(parseKeyLiteral("[\"late\"]"), Value(1.0))
                .result();
            QFAIL("the write went through");
        } catch (const ReadOnlyError &error) {
            QCOMPARE(QString::fromUtf8(error.what()),
                     QStringLiteral("kvs: the store is open read-only; set() needs write access"));
        }
        QVERIFY(!KVStore(m_path.toStdString()).get(parseKeyLiteral("[\"late\"]")));
    }

    void aWrongNameRefusesTheSubtreeDelete()
    {
        answerTypedName(QStringLiteral("kv.db"));
        view()->allowWritesAction()->trigger();
        QVERIFY(test::waitForMode(
            view(), QStringLiteral("Writable, ends 15 min after the last write"), kTimeout));
        const QModelIndex keep = test::rootRow(view(), "[\"keep\"]", kTimeout);
        QVERIFY(keep.isValid());
        answerTypedName(QStringLiteral("KV.DB"));
        QString question;
        const QString summary = test::runBulk(view(),
                                              ui::SubtreeBulkAction::Kind::Delete,
                                              keep,
                                              {},
                                              QStringLiteral("Delete"),
                                              &question,
                                              kTimeout);
        QVERIFY2(summary.contains(QStringLiteral("nothing was changed")), qPrintable(summary));
        QVERIFY(KVStore(m_path.toStdString()).get(parseKeyLiteral("[\"keep\", 1]")));
    }

    void savesAScreenshot()
    {
        m_window.window()->resize(1024, 700);
        const QString folder = kvs::test::fromTest(KVS_SCREENSHOT_DIR "/screenshots");
        QDir().mkpath(folder);
        QVERIFY(m_window.window()->grab().save(folder + QStringLiteral("/production-tab.png")));
    }
};

QTEST_MAIN(TestProductionTab)
#include "tst_production_tab.moc"
