// The session file (issue 36, part 2): what it keeps of each tab and of the window, never a
// password; written whole or not at all, mode 0600; a foreign or newer file is refused with the
// reason; a window saved on a large screen fits a 1024x700 one.
#include "common/window_frame.h"
#include "connection/connection_spec.h"
#include "restore/session_state.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using kvs::ui::ConnectionSpec;
using kvs::ui::SessionState;
using kvs::ui::TabState;

class TestSessionState : public QObject
{
    Q_OBJECT

private:
    static SessionState sample()
    {
        SessionState state;
        state.geometry = QRect(100, 80, 1180, 760);
        state.maximized = true;
        state.currentTab = 1;
        TabState sqlite;
        sqlite.spec = ConnectionSpec::sqlite(QStringLiteral("/data/app.db"));
        sqlite.view = QStringLiteral("kvs::ui::QueuesPane");
        sqlite.selectedKey = QStringLiteral(R"(["orders", "2026-10", 1006])");
        sqlite.expandedKeys
            = {QStringLiteral(R"(["orders"])"), QStringLiteral(R"(["orders", "2026-09"])")};
        sqlite.splitters.insert(QStringLiteral("QWidget[0]/QSplitter[0]"),
                                QByteArray("\x00\x01\xff state", 10));
        state.tabs.append(sqlite);
        QString password;
        TabState postgres;
        postgres.spec = *ConnectionSpec::fromPostgresUrl(
            QStringLiteral("postgres://kvs:s3cret-Word@db.example.com:6432/app"), &password);
        postgres.spec.setSchema(QStringLiteral("tenant_a"));
        state.tabs.append(postgres);
        return state;
    }

private slots:
    void roundTripKeepsEveryTabAndTheWindow()
    {
        const SessionState state = sample();
        QString error;
        const std::optional<SessionState> back
            = kvs::ui::sessionStateFromJson(kvs::ui::sessionStateToJson(state), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->geometry, state.geometry);
        QCOMPARE(back->maximized, true);
        QCOMPARE(back->currentTab, 1);
        QCOMPARE(back->tabs.size(), 2);
        const TabState &first = back->tabs.at(0);
        QCOMPARE(first.spec.sqlitePath(), QStringLiteral("/data/app.db"));
        QCOMPARE(first.view, QStringLiteral("kvs::ui::QueuesPane"));
        QCOMPARE(first.selectedKey, state.tabs.at(0).selectedKey);
        QCOMPARE(first.expandedKeys, state.tabs.at(0).expandedKeys);
        QCOMPARE(first.splitters, state.tabs.at(0).splitters);
        QVERIFY(!first.spec.createNew()); // a restored tab never creates a file
        const TabState &second = back->tabs.at(1);
        QVERIFY(second.spec.isPostgres());
        QCOMPARE(second.spec.host(), QStringLiteral("db.example.com"));
        QCOMPARE(second.spec.port(), 6432);
        QCOMPARE(second.spec.schema(), QStringLiteral("tenant_a"));
    }

    void neverHoldsAPassword()
    {
        const QByteArray json = kvs::ui::sessionStateToJson(sample());
        QVERIFY(!json.contains("s3cret-Word"));
        QVERIFY(json.contains("db.example.com"));
    }

    void writesWholeFilesOnlyTheUserReads()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("data/kvs-admin/session.json"));
        QString error;
        QVERIFY2(kvs::ui::writeSessionState(sample(), path, &error), qPrintable(error));
        const QFileDevice::Permissions permissions = QFile::permissions(path);
        QVERIFY(permissions.testFlags(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        // Nothing for the group or others (0x00ff: their read, write and execute bits).
        QCOMPARE(permissions.toInt() & 0x00ff, 0);
        SessionState fewer = sample();
        fewer.tabs.removeLast();
        QVERIFY2(kvs::ui::writeSessionState(fewer, path, &error), qPrintable(error));
        const std::optional<SessionState> read = kvs::ui::readSessionState(path, &error);
        QVERIFY2(read, qPrintable(error));
        QCOMPARE(read->tabs.size(), 1);
        // No temporary file is left beside it.
        QCOMPARE(QDir(QFileInfo(path).absolutePath()).entryList(QDir::Files),
                 QStringList{QStringLiteral("session.json")});
    }

    void aFailedWriteKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("session.json"));
        QString error;
        QVERIFY(kvs::ui::writeSessionState(sample(), path, &error));
        // A file where the folder should be: the write fails with the reason, the old file
        // elsewhere is untouched.
        QFile blocker(dir.filePath(QStringLiteral("blocker")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        QVERIFY(!kvs::ui::writeSessionState(
            SessionState{}, dir.filePath(QStringLiteral("blocker/session.json")), &error));
        QVERIFY2(error.contains(QStringLiteral("cannot create the folder")), qPrintable(error));
        const std::optional<SessionState> read = kvs::ui::readSessionState(path, &error);
        QVERIFY(read);
        QCOMPARE(read->tabs.size(), 2);
    }

    void noFileIsNoSessionAndNoError()
    {
        QTemporaryDir dir;
        QString error = QStringLiteral("stale");
        QVERIFY(!kvs::ui::readSessionState(dir.filePath(QStringLiteral("none.json")), &error));
        QVERIFY(error.isEmpty());
    }

    void refusesWhatIsNotASessionOfThisVersion_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("garbage") << QByteArray("\x89PNG\r\n")
                                 << QStringLiteral("not a session file");
        QTest::newRow("array") << QByteArray("[1, 2]") << QStringLiteral("not a session file");
        QTest::newRow("newer") << QByteArray(R"({"format": 2, "tabs": []})")
                               << QStringLiteral("session file format 2, this version reads 1");
    }

    void refusesWhatIsNotASessionOfThisVersion()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!kvs::ui::sessionStateFromJson(json, &error));
        QVERIFY2(error.startsWith(message), qPrintable(error));
    }

    void leavesOutATabItCannotRead()
    {
        QString error;
        const std::optional<SessionState> state = kvs::ui::sessionStateFromJson(
            R"({"format": 1, "currentTab": 1, "tabs": [
                {"connection": {"kind": "carrier-pigeon"}},
                {"connection": {"kind": "sqlite", "path": "/data/app.db"}}]})",
            &error);
        QVERIFY2(state, qPrintable(error));
        QCOMPARE(state->tabs.size(), 1);
        QCOMPARE(state->tabs.at(0).spec.sqlitePath(), QStringLiteral("/data/app.db"));
        QCOMPARE(state->currentTab, 0); // clamped to the tabs that are left
    }

    void aLargeScreensWindowFitsASmallOne_data()
    {
        QTest::addColumn<QRect>("saved");
        QTest::newRow("larger than the screen") << QRect(1200, 900, 1800, 1100);
        QTest::newRow("off to the left and top") << QRect(-500, -300, 800, 600);
        QTest::newRow("a second screen's place") << QRect(2000, 100, 900, 600);
    }

    void aLargeScreensWindowFitsASmallOne()
    {
        QFETCH(QRect, saved);
        const QRect available(0, 0, 1024, 700);
        const QRect clamped = kvs::ui::clampToScreen(saved, available);
        QVERIFY(available.contains(clamped));
        // Room is left for the frame's title bar above the window.
        QVERIFY(clamped.top() >= 40);
        QVERIFY(clamped.width() <= saved.width());
        QVERIFY(clamped.height() <= saved.height());
    }

    void aWindowThatFitsStaysWhereItWas()
    {
        const QRect saved(100, 80, 700, 500);
        QCOMPARE(kvs::ui::clampToScreen(saved, QRect(0, 0, 1024, 700)), saved);
    }
};

QTEST_GUILESS_MAIN(TestSessionState)
#include "tst_session_state.moc"
