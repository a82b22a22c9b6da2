#pragma once

// What the outage tests of a database tab share: writes through the kvs CLI (another process),
// and the views' banners found by their names. GUI thread only.
#include "reconnect/outage_banner.h"
#include "reconnect/reconnect_monitor.h"
#include "session/database_view.h"
#include "support/test_paths.h"

#include <kvs/clock.h>

#include <QProcess>
#include <QStringList>
#include <QTest>

namespace kvs::test {

// Runs kvs (the CLI binary) with args; its stderr when it failed, else "".
inline QString runCli(const QStringList &args)
{
    QProcess process;
    process.start(kvs::test::fromTest(KVS_CLI_PATH), args);
    if (!process.waitForFinished(60000))
        return QStringLiteral("kvs did not finish");
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QString::fromUtf8(process.readAllStandardError());
    return {};
}

// The banner at the top of a view of the tab.
inline ui::OutageBanner *bannerOf(QWidget *pane)
{
    return pane ? pane->findChild<ui::OutageBanner *>(QString(), Qt::FindDirectChildrenOnly)
                : nullptr;
}

// Moves the clock to the monitor's next check (if one is planned): the backoff's wait passes.
inline void passTheBackoff(ui::ReconnectMonitor *monitor, ManualClock &clock)
{
    const std::int64_t next = monitor->nextCheckMs();
    if (next > 0)
        clock.advance(next - clock.now());
}

// Waits until done() holds, moving the clock past each backoff wait while the tab is offline
// (so a check that failed while the server was still away is repeated). False after timeoutMs.
template <typename Done>
bool settle(ui::ReconnectMonitor *monitor, ManualClock &clock, Done done, int timeoutMs)
{
    return QTest::qWaitFor(
        [&] {
            if (done())
                return true;
            if (monitor->isOffline())
                passTheBackoff(monitor, clock);
            return false;
        },
        timeoutMs);
}

} // namespace kvs::test
