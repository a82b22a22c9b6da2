// Issue 41: a SQLite tab's Maintenance view, driven as a user drives it. Its figures are the
// file's (free pages after deleting rows, page size, journal mode, the WAL's size); the checks
// say their result in words and integrity_check cancels; a read-only tab offers no writing
// action; with writes allowed each action asks first, says what it did, and writes its audit
// lines (maintenance-<action>, as the CLI does). Real files throughout.
#include "common/production_mark.h"
#include "common/typed_name_dialog.h"
#include "maintenance/maintenance_actions.h"
#include "maintenance/maintenance_pane.h"
#include "reconnect/outage_banner.h"
#include "reconnect/reconnect_monitor.h"
#include "support/audit_lines.h"
#include "support/database_view_fixture.h"
#include "support/raw_sqlite.h"
#include "support/test_paths.h"

#include <kvs/kvstore.h>
#include <kvs/maintenance.h>

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using Action = ui::MaintenanceController::Action;

namespace {

constexpr int kTimeout = 20000;

// A kvs database at path with n entries of about 1 KB under "k".
void makeStore(const QString &path, int n)
{
    KVStore(path.toStdString()).set({"seed"}, Value(1.0));
    test::RawSqlite raw(path.toStdString());
    raw.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < "
             + std::to_string(n)
             + ") INSERT INTO kv SELECT CAST(printf('k%08d', i) AS BLOB), randomblob(1000), i, "
               "NULL FROM n");
}

using kvs::test::auditLines;

// The pane of view's Maintenance tab, shown (which reads its figures).
ui::MaintenancePane *showMaintenance(ui::DatabaseView *view)
{
    ui::MaintenancePane *pane = view->maintenance();
    view->views()->setCurrentWidget(pane);
    return pane;
}

} // namespace

class TestMaintenanceSqlite : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_log;

    // Runs action through its button, answering the confirmation with answer; the result line.
    QString
    runAction(ui::MaintenancePane *pane, Action action, const QString &answer, QString *asked)
    {
        QSignalSpy finished(pane->controller(), &ui::MaintenanceController::actionFinished);
        test::answerNextMessageBox(answer, asked);
        pane->actionButton(action)->click();
        if (answer == QStringLiteral("Cancel"))
            return QString();
        if (!finished.wait(kTimeout))
            return QStringLiteral("<no end>");
        return pane->actionResult()->text();
    }

private slots:
    void init()
    {
        m_log = m_dir.filePath(QStringLiteral("audit-%1.jsonl").arg(QTest::currentTestFunction()));
        qputenv("KVS_AUDIT_LOG", m_log.toUtf8());
    }
    void cleanup() { qunsetenv("KVS_AUDIT_LOG"); }

    void figuresAreTheFilesAndTheChecksSayTheirResult()
    {
        const QString path = m_dir.filePath(QStringLiteral("figures.db"));
        makeStore(path, 2000);
        std::int64_t freePages = 0;
        std::int64_t pageSize = 0;
        {
            test::RawSqlite raw(path.toStdString());
            raw.exec("DELETE FROM kv WHERE key >= CAST('k00000500' AS BLOB)");
            raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
            freePages = std::stoll(raw.scalar("PRAGMA freelist_count"));
            pageSize = std::stoll(raw.scalar("PRAGMA page_size"));
        }
        QVERIFY(freePages > 100);
        const QByteArray before = [&] {
            QFile file(path);
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        }();

        test::DatabaseWindow window;
        QVERIFY(window.open(test::sqliteSession(path), false, kTimeout));
        // Another view's link shows it (reveal()), as the tab does.
        ui::MaintenancePane *pane = window.view()->maintenance();
        QVERIFY(window.view()->views()->currentWidget() != pane);
        pane->reveal();
        QCOMPARE(window.view()->views()->currentWidget(), pane);
        const QLocale locale;
        const QString free = QStringLiteral("%1 pages (%2): what a VACUUM would reclaim")
                                 .arg(freePages)
                                 .arg(locale.formattedDataSize(freePages * pageSize));
        QTRY_COMPARE_WITH_TIMEOUT(pane->sqliteFigureText(QStringLiteral("free")), free, kTimeout);
        QCOMPARE(pane->sqliteFigureText(QStringLiteral("pageSize")),
                 locale.formattedDataSize(pageSize));
        QCOMPARE(pane->sqliteFigureText(QStringLiteral("journal")), QStringLiteral("wal"));
        QVERIFY2(pane->sqliteFigureText(QStringLiteral("file"))
                     .startsWith(locale.formattedDataSize(QFileInfo(path).size())),
                 qPrintable(pane->sqliteFigureText(QStringLiteral("file"))));

        // Read-only: the figures and the checks, no writing action.
        QVERIFY(!pane->offersWrites());
        for (Action action : {Action::CheckpointPassive,
                              Action::CheckpointTruncate,
                              Action::Optimize,
                              Action::VacuumSqlite,
                              Action::PurgeExpired,
                              Action::CleanQueue}) {
            QVERIFY(!pane->actionButton(action)->isVisibleTo(pane));
            QVERIFY(!pane->askAndRun(action));
        }
        QVERIFY(pane->writesNote()->text().startsWith(QStringLiteral("Read-only:")));

        QSignalSpy checked(pane->controller(), &ui::MaintenanceController::checkFinished);
        pane->checkButton(false)->click();
        QVERIFY(checked.wait(kTimeout));
        QCOMPARE(pane->checkResult()->text(),
                 QStringLiteral("No problems found (quick check): the file is sound."));
        pane->checkButton(true)->click();
        QVERIFY(checked.wait(kTimeout));
        QCOMPARE(pane->checkResult()->text(),
                 QStringLiteral("No problems found (integrity check): the file is sound."));
        window.close();

        // Nothing was written: the file is as it was, and no audit line.
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll() == before);
        QVERIFY(!QFile::exists(m_log));
    }

    void aCheckFindsADamagedFile()
    {
        const QString path = m_dir.filePath(QStringLiteral("damaged.db"));
        makeStore(path, 3000);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        file.seek(file.size() / 2);
        file.write(QByteArray(4096, '\x5a'));
        file.close();
        const SqliteCheckResult result = checkSqliteStore(path.toStdString(), false);
        QVERIFY(!result.ok);
        QVERIFY(!result.problems.empty());
        const QString text = ui::MaintenanceActions::checkText(result, false);
        QVERIFY2(
            text.startsWith(
                QStringLiteral("The quick check found %1 problem").arg(result.problems.size())),
            qPrintable(text));
        QVERIFY(text.contains(QString::fromStdString(result.problems.front())));
    }

    void integrityCheckCancels()
    {
        const QString path = m_dir.filePath(QStringLiteral("cancel.db"));
        makeStore(path, 20000);
        // The core's check stops at its first progress call when told to.
        int asked = 0;
        const SqliteCheckResult stopped = checkSqliteStore(path.toStdString(), true, [&] {
            ++asked;
            return false;
        });
        QVERIFY(stopped.cancelled);
        QVERIFY(!stopped.ok);
        QCOMPARE(asked, 1);

        test::DatabaseWindow window;
        QVERIFY(window.open(test::sqliteSession(path), false, kTimeout));
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QSignalSpy checked(pane->controller(), &ui::MaintenanceController::checkFinished);
        pane->checkButton(true)->click();
        QVERIFY(pane->cancelCheckButton()->isVisibleTo(pane));
        QVERIFY(!pane->checkButton(true)->isEnabled());
        pane->cancelCheckButton()->click();
        QVERIFY(checked.wait(kTimeout));
        QCOMPARE(pane->checkResult()->text(),
                 QStringLiteral("The integrity check was cancelled: nothing is known about the "
                                "file."));
        QVERIFY(!pane->cancelCheckButton()->isVisibleTo(pane));
        QVERIFY(pane->checkButton(true)->isEnabled());
    }

    void eachActionAsksSaysWhatItDidAndIsAudited()
    {
        const QString path = m_dir.filePath(QStringLiteral("actions.db"));
        makeStore(path, 2000);
        {
            test::RawSqlite raw(path.toStdString());
            raw.exec("DELETE FROM kv WHERE key >= CAST('k00000100' AS BLOB)");
        }
        test::DatabaseWindow window;
        QVERIFY(window.open(test::sqliteSession(path), true, kTimeout));
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QTRY_VERIFY_WITH_TIMEOUT(!pane->sqliteFigureText(QStringLiteral("free")).isEmpty(),
                                 kTimeout);
        QVERIFY(pane->offersWrites());
        QVERIFY(pane->actionButton(Action::VacuumSqlite)->isVisibleTo(pane));
        QVERIFY(pane->writesNote()->isHidden());

        // Cancel at the question: nothing runs, nothing is audited.
        QString asked;
        (void)runAction(pane, Action::VacuumSqlite, QStringLiteral("Cancel"), &asked);
        QTRY_VERIFY_WITH_TIMEOUT(!asked.isEmpty(), kTimeout);
        QVERIFY(!pane->controller()->isActing());
        QVERIFY(auditLines(m_log).isEmpty()); // the question made the file, nothing in it

        // VACUUM says the space it should reclaim and that writers wait.
        std::int64_t freeBytes = 0;
        {
            test::RawSqlite raw(path.toStdString(), true);
            freeBytes = std::stoll(raw.scalar("PRAGMA freelist_count"))
                        * std::stoll(raw.scalar("PRAGMA page_size"));
        }
        const qint64 sizeBefore = QFileInfo(path).size();
        const QString vacuumed
            = runAction(pane, Action::VacuumSqlite, QStringLiteral("Vacuum"), &asked);
        QVERIFY2(asked.contains(QStringLiteral("it should reclaim about %1")
                                    .arg(QLocale().formattedDataSize(freeBytes))),
                 qPrintable(asked));
        QVERIFY(asked.contains(QStringLiteral("Writers wait while it runs")));
        const qint64 sizeAfter = QFileInfo(path).size();
        QVERIFY(sizeAfter < sizeBefore / 2);
        QCOMPARE(vacuumed,
                 QStringLiteral("Vacuumed: the file went from %1 to %2 (%3 reclaimed).")
                     .arg(QLocale().formattedDataSize(sizeBefore),
                          QLocale().formattedDataSize(sizeAfter),
                          QLocale().formattedDataSize(sizeBefore - sizeAfter)));
        QTRY_VERIFY_WITH_TIMEOUT(
            pane->sqliteFigureText(QStringLiteral("free")).startsWith(QStringLiteral("0 pages")),
            kTimeout);

        // Writes through the tab's store fill the WAL; a truncating checkpoint empties it.
        for (int i = 0; i < 50; ++i)
            window.view()
                ->session()
                ->store()
                ->set({"w", double(i)}, Value(std::string(500, 'w')))
                .waitForFinished();
        QVERIFY(QFileInfo(path + QStringLiteral("-wal")).size() > 0);
        const QString checkpointed = runAction(
            pane, Action::CheckpointTruncate, QStringLiteral("Checkpoint and truncate"), &asked);
        QVERIFY2(checkpointed.startsWith(QStringLiteral("Checkpointed ")),
                 qPrintable(checkpointed));
        QVERIFY2(checkpointed.endsWith(QStringLiteral(" WAL frames; the WAL file is now %1.")
                                           .arg(QLocale().formattedDataSize(0))),
                 qPrintable(checkpointed));
        QCOMPARE(QFileInfo(path + QStringLiteral("-wal")).size(), 0);
        QCOMPARE(runAction(pane, Action::CheckpointPassive, QStringLiteral("Checkpoint"), &asked)
                     .left(13),
                 QStringLiteral("Checkpointed "));

        QCOMPARE(runAction(pane, Action::Optimize, QStringLiteral("Optimize"), &asked),
                 QStringLiteral("Optimized: the planner's statistics are up to date."));

        // Two expired entries and one finished message, as another writer left them.
        {
            test::RawSqlite raw(path.toStdString());
            raw.exec("INSERT INTO kv VALUES (x'026f6c6400', x'01', 90000, 1), "
                     "(x'026f6c643200', x'01', 90001, 2)");
            raw.exec("INSERT INTO queue (topic, payload, status, enqueued_at, deliver_at, "
                     "attempts, max_attempts, finished_at) VALUES ('t', x'01', 'done', 1, 1, 1, "
                     "5, 1)");
        }
        QCOMPARE(runAction(pane, Action::PurgeExpired, QStringLiteral("Purge expired"), &asked),
                 QStringLiteral("Removed 2 expired entries."));
        QVERIFY2(runAction(pane, Action::CleanQueue, QStringLiteral("Clean the queue"), &asked)
                     .startsWith(QStringLiteral("Cleaned the queue: 1 message(s) removed")),
                 qPrintable(pane->actionResult()->text()));
        {
            test::RawSqlite raw(path.toStdString(), true);
            QCOMPARE(raw.scalar("SELECT count(*) FROM queue"), std::string("0"));
            QCOMPARE(raw.scalar("SELECT count(*) FROM kv WHERE expires_at IS NOT NULL"),
                     std::string("0"));
        }

        // Each action: its started and ended lines, as the CLI names them.
        const QList<QJsonObject> audit = auditLines(m_log);
        const QStringList expected{QStringLiteral("maintenance-vacuum"),
                                   QStringLiteral("maintenance-checkpoint"),
                                   QStringLiteral("maintenance-checkpoint"),
                                   QStringLiteral("maintenance-optimize"),
                                   QStringLiteral("maintenance-purge-expired"),
                                   QStringLiteral("maintenance-clean-queue")};
        QCOMPARE(audit.size(), expected.size() * 2);
        for (int i = 0; i < expected.size(); ++i) {
            QCOMPARE(audit[2 * i].value("action").toString(), expected[i]);
            QCOMPARE(audit[2 * i].value("event").toString(), QStringLiteral("started"));
            QCOMPARE(audit[2 * i + 1].value("result").toString(), QStringLiteral("done"));
            QCOMPARE(audit[2 * i].value("database").toString(), QFileInfo(path).absoluteFilePath());
        }
        QCOMPARE(audit[9].value("changed").toInt(), 2);  // purge: the entries removed
        QCOMPARE(audit[11].value("changed").toInt(), 1); // clean: the message removed
    }

    void anUnwritableAuditLogIsSaidAndTheChoiceIsTheOperators()
    {
        const QString path = m_dir.filePath(QStringLiteral("audit-off.db"));
        makeStore(path, 10);
        // The log's folder is a file: the log cannot be made.
        const QString blocker = m_dir.filePath(QStringLiteral("not-a-folder"));
        QFile file(blocker);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        qputenv("KVS_AUDIT_LOG", (blocker + QStringLiteral("/audit.jsonl")).toUtf8());
        test::DatabaseWindow window;
        QVERIFY(window.open(test::sqliteSession(path), true, kTimeout));
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QTRY_VERIFY_WITH_TIMEOUT(!pane->sqliteFigureText(QStringLiteral("free")).isEmpty(),
                                 kTimeout);
        QString asked;
        QCOMPARE(runAction(pane, Action::Optimize, QStringLiteral("Optimize"), &asked),
                 QStringLiteral("Optimized: the planner's statistics are up to date."));
        QVERIFY2(asked.contains(QStringLiteral("The audit log cannot be written")),
                 qPrintable(asked));
        QVERIFY2(asked.contains(QStringLiteral("Run it without an audit entry?")),
                 qPrintable(asked));
    }

    void vacuumOnAProductionTabAsksForTheTypedName()
    {
        const QString path = m_dir.filePath(QStringLiteral("production.db"));
        makeStore(path, 10);
        test::DatabaseWindow window;
        QVERIFY(window.open(test::sqliteSession(path), true, kTimeout));
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QTRY_VERIFY_WITH_TIMEOUT(!pane->sqliteFigureText(QStringLiteral("free")).isEmpty(),
                                 kTimeout);
        ui::setProductionMark(window.view(),
                              ui::ProductionMark{QStringLiteral("production.db"), Qt::red});
        // After the question, the typed-name dialog: cancelled, nothing runs.
        bool typedAsked = false;
        test::answerNextMessageBox(QStringLiteral("Vacuum"));
        QTimer typed;
        typed.setInterval(20);
        connect(&typed, &QTimer::timeout, pane, [&] {
            for (QWidget *widget : QApplication::topLevelWidgets()) {
                auto *dialog = qobject_cast<ui::TypedNameDialog *>(widget);
                if (dialog && dialog->isVisible()) {
                    typedAsked = true;
                    QVERIFY(!dialog->actionButton()->isEnabled());
                    dialog->reject();
                }
            }
        });
        typed.start();
        QVERIFY(!pane->askAndRun(Action::VacuumSqlite));
        typed.stop();
        QVERIFY(typedAsked);
        QVERIFY(auditLines(m_log).isEmpty());
    }

    void aFileThatWentAwayIsAnOutageAndComesBack()
    {
        const QString path = m_dir.filePath(QStringLiteral("outage.db"));
        makeStore(path, 10);
        test::DatabaseWindow window;
        QVERIFY(window.open(test::sqliteSession(path), false, kTimeout));
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QTRY_VERIFY_WITH_TIMEOUT(!pane->sqliteFigureText(QStringLiteral("file")).isEmpty(),
                                 kTimeout);
        ui::ReconnectMonitor *monitor = window.view()->session()->monitor();
        auto *banner
            = pane->findChild<ui::OutageBanner *>(QStringLiteral("maintenanceOutageBanner"));
        QVERIFY(banner);
        QVERIFY(banner->message().isEmpty());

        QVERIFY(QFile::rename(path, path + QStringLiteral(".away")));
        pane->controller()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(monitor->isOffline(), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!banner->message().isEmpty(), kTimeout);
        QVERIFY2(monitor->lossMessage().contains(QStringLiteral("is gone")),
                 qPrintable(monitor->lossMessage()));
        // The figures read before stay.
        QVERIFY(!pane->sqliteFigureText(QStringLiteral("file")).isEmpty());

        QVERIFY(QFile::rename(path + QStringLiteral(".away"), path));
        QSignalSpy read(pane->controller(), &ui::MaintenanceController::figuresRead);
        monitor->retryNow();
        QTRY_VERIFY_WITH_TIMEOUT(!monitor->isOffline(), kTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!read.isEmpty(), kTimeout); // read again once back
    }

    void savesAScreenshot()
    {
        const QString path = m_dir.filePath(QStringLiteral("screenshot.db"));
        makeStore(path, 3000);
        {
            test::RawSqlite raw(path.toStdString());
            raw.exec("DELETE FROM kv WHERE key >= CAST('k00001000' AS BLOB)");
        }
        test::DatabaseWindow window;
        QVERIFY(window.open(test::sqliteSession(path), true, kTimeout));
        window.window()->resize(1024, 700);
        ui::MaintenancePane *pane = showMaintenance(window.view());
        QTRY_VERIFY_WITH_TIMEOUT(!pane->sqliteFigureText(QStringLiteral("free")).isEmpty(),
                                 kTimeout);
        QSignalSpy checked(pane->controller(), &ui::MaintenanceController::checkFinished);
        pane->checkButton(false)->click();
        QVERIFY(checked.wait(kTimeout));
        const QString dir = test::fromTest(KVS_SCREENSHOT_DIR);
        QDir().mkpath(dir);
        QVERIFY(window.window()->grab().save(dir + QStringLiteral("/maintenance-sqlite.png")));
    }
};

QTEST_MAIN(TestMaintenanceSqlite)
#include "tst_maintenance_sqlite.moc"
