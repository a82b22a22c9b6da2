// Issue 30: what a view shows while its tab's database cannot be reached. OutageBanner: since
// when, what the rows are as of, the next try and Retry now, the rows greyed; "Connected again"
// for a few seconds of the tab's clock once back. ServerActionGate: the actions that need the
// server are off with a tooltip saying why, and come back as their owner wants them, whatever
// the owner did meanwhile. Driven by a real session on a SQLite file moved away and back, on a
// ManualClock.
#include "reconnect/outage_banner.h"
#include "reconnect/reconnect_monitor.h"
#include "reconnect/server_action_gate.h"
#include "session/database_session.h"
#include "support/database_view_fixture.h"

#include <kvs/clock.h>
#include <kvs/errors.h>
#include <kvs/kvstore.h>

#include <QAction>
#include <QDateTime>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QVBoxLayout>

using namespace kvs;
using kvs::ui::ReconnectMonitor;

namespace {

constexpr int kTimeout = 20000;

QString hms(std::int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("HH:mm:ss"));
}

} // namespace

class TestOutageViews : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::shared_ptr<ManualClock> m_clock;
    QString m_path;
    QString m_away;
    std::unique_ptr<ui::DatabaseSession> m_session;

    ReconnectMonitor *monitor() const { return m_session->monitor(); }

    void goOffline()
    {
        QVERIFY(QFile::rename(m_path, m_away));
        QVERIFY(monitor()->reportFailure(std::make_exception_ptr(
            ConnectionError("kvs: the database file is gone", ConnectionError::Step::Lost))));
        QTRY_COMPARE_WITH_TIMEOUT(monitor()->state(), ReconnectMonitor::State::Offline, kTimeout);
    }

    void comeBack()
    {
        QVERIFY(QFile::rename(m_away, m_path));
        QSignalSpy recovered(monitor(), &ReconnectMonitor::recovered);
        m_clock->advance(monitor()->nextCheckMs() - m_clock->now());
        QVERIFY(recovered.wait(kTimeout));
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("views.db"));
        m_away = m_dir.filePath(QStringLiteral("away.db"));
        QFile::remove(m_path);
        QFile::remove(m_away);
        KVStore(m_path.toStdString()).set({"k"}, Value(1));
        m_clock = std::make_shared<ManualClock>();
        m_session.reset(test::sqliteSession(m_path));
        m_session->setClock(m_clock);
        QSignalSpy opened(m_session.get(), &ui::DatabaseSession::storeChanged);
        m_session->open();
        QVERIFY(opened.wait(kTimeout));
    }

    void cleanup() { m_session.reset(); }

    void theBannerSaysSinceWhenAsOfWhenAndTheNextTry()
    {
        QWidget pane;
        auto *layout = new QVBoxLayout(&pane);
        auto *banner = new ui::OutageBanner(monitor(), &pane);
        QStandardItemModel model(3, 2);
        auto *rows = new QTableView(&pane);
        rows->setModel(&model);
        layout->addWidget(banner);
        layout->addWidget(rows);
        banner->addStaleArea(&pane);
        QVERIFY(banner->message().isEmpty()); // online: hidden

        m_clock->advance(2000);
        banner->noteRead();
        const std::int64_t readAt = m_clock->now();
        m_clock->advance(3000);
        const std::int64_t lostAt = m_clock->now();
        goOffline();
        const std::int64_t next = monitor()->nextCheckMs();
        QCOMPARE(banner->message(),
                 QStringLiteral("The database cannot be reached since %1. Showing what was read "
                                "as of %2. Next try at %3 (in 1 s).")
                     .arg(hms(lostAt), hms(readAt), hms(next)));
        QVERIFY(banner->isStale(rows));
        QCOMPARE(model.rowCount(), 3); // the rows stay

        // Retry now checks at once (it fails: the file is still away), and the next try moves.
        QSignalSpy updated(monitor(), &ReconnectMonitor::offlineUpdated);
        QTest::mouseClick(banner->retryButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(monitor()->failedChecks(), 2, kTimeout);
        QVERIFY(banner->message().endsWith(
            QStringLiteral("Next try at %1 (in 2 s).").arg(hms(monitor()->nextCheckMs()))));

        comeBack();
        QCOMPARE(banner->message(),
                 QStringLiteral("Connected again at %1.").arg(hms(m_clock->now())));
        QVERIFY(!banner->isStale(rows));
        QVERIFY(banner->retryButton()->isHidden());
        const std::uint64_t started = monitor()->checksStarted();
        // A move on this thread fires the clock's timers at once: the note would be gone, or a
        // check started on a pool thread, by now.
        m_clock->advance(ui::OutageBanner::kBackNoteMs - 1);
        QVERIFY(!banner->message().isEmpty());
        QCOMPARE(monitor()->checksStarted(), started);
        QVERIFY(!monitor()->isChecking());
        m_clock->advance(1);
        QTRY_VERIFY_WITH_TIMEOUT(banner->message().isEmpty(), kTimeout);
    }

    void withoutAReadOfItsOwnTheTabsLastGoodReadCounts()
    {
        QWidget pane;
        auto *layout = new QVBoxLayout(&pane);
        auto *banner = new ui::OutageBanner(monitor(), &pane);
        layout->addWidget(banner);
        m_clock->advance(1000);
        monitor()->reportSuccess();
        const std::int64_t readAt = m_clock->now();
        m_clock->advance(1000);
        goOffline();
        QVERIFY2(banner->message().contains(
                     QStringLiteral("Showing what was read as of %1.").arg(hms(readAt))),
                 qPrintable(banner->message()));
        comeBack();
    }

    void theGateSwitchesOffWhatNeedsTheServerAndGivesItBack()
    {
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *bar = new QToolBar(&window);
        QAction *write = bar->addAction(QStringLiteral("Write"));
        write->setToolTip(QStringLiteral("Writes it"));
        QAction *later = bar->addAction(QStringLiteral("Later"));
        later->setEnabled(false);
        QAction *stays = bar->addAction(QStringLiteral("Stays"));
        auto *run = new QPushButton(QStringLiteral("Run"), &window);
        run->setToolTip(QStringLiteral("Runs it"));
        auto *off = new QPushButton(QStringLiteral("Off"), &window);
        off->setEnabled(false);
        auto *inner = new QToolBar(&window);
        QAction *innerAction = inner->addAction(QStringLiteral("Inner"));
        layout->addWidget(bar);
        layout->addWidget(run);
        layout->addWidget(off);
        layout->addWidget(inner);
        ui::ServerActionGate gate(monitor());
        gate.add(write);
        gate.add(later);
        gate.add(stays);
        gate.add(run);
        gate.add(off);
        gate.add(inner);
        QVERIFY(write->isEnabled() && run->isEnabled() && inner->isEnabled());

        m_clock->advance(1000);
        const std::int64_t lostAt = m_clock->now();
        goOffline();
        const QString why = QStringLiteral("Needs the database, which cannot be reached since "
                                           "%1; it is tried again by itself.")
                                .arg(hms(lostAt));
        QVERIFY(gate.isClosed());
        for (QAction *action : {write, later, stays}) {
            QVERIFY(!action->isEnabled());
            QCOMPARE(action->toolTip(), why);
        }
        QVERIFY(!run->isEnabled());
        QCOMPARE(run->toolTip(), why);
        QVERIFY(!off->isEnabled());
        QVERIFY(!inner->isEnabled());

        // The owners change their minds meanwhile: nothing comes on early.
        later->setEnabled(true);
        stays->setEnabled(false);
        run->setEnabled(false);
        run->setEnabled(true);
        off->setEnabled(true);
        innerAction->setEnabled(false);
        QVERIFY(!later->isEnabled());
        QVERIFY(!run->isEnabled());
        QVERIFY(!off->isEnabled());

        comeBack();
        QVERIFY(!gate.isClosed());
        QVERIFY(write->isEnabled());
        QCOMPARE(write->toolTip(), QStringLiteral("Writes it"));
        QVERIFY(later->isEnabled());  // its owner switched it on meanwhile
        QVERIFY(!stays->isEnabled()); // and this one off
        QVERIFY(run->isEnabled());
        QCOMPARE(run->toolTip(), QStringLiteral("Runs it"));
        QVERIFY(off->isEnabled());
        QVERIFY(inner->isEnabled());
        QVERIFY(!innerAction->isEnabled()); // the bar's own action keeps its owner's state
    }
};

QTEST_MAIN(TestOutageViews)
#include "tst_outage_views.moc"
