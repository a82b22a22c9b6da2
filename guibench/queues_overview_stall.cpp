#include "guibench/queues_overview_stall.h"

#include "bench/measure/bench_config.h"
#include "bench/queue/queue_dashboard_bench.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"

#include <kvs/errors.h>
#include <kvs/json_line.h>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <vector>

namespace kvs::bench {

namespace {

std::string number(double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

// Sets an environment variable for the object's life (the history file's folder).
class ScopedEnvironment
{
public:
    ScopedEnvironment(const char *name, const QByteArray &value)
        : m_name(name)
        , m_had(qEnvironmentVariableIsSet(name))
        , m_old(qgetenv(name))
    {
        qputenv(name, value);
    }
    ~ScopedEnvironment()
    {
        if (m_had)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }
    ScopedEnvironment(const ScopedEnvironment &) = delete;
    ScopedEnvironment &operator=(const ScopedEnvironment &) = delete;

private:
    const char *m_name;
    bool m_had;
    QByteArray m_old;
};

} // namespace

void runQueuesOverviewStall(double seconds, bool json, std::ostream &out)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        throw Error("kvs: bench: cannot create a temporary folder for the scratch file");
    const ScopedEnvironment dataHome("XDG_DATA_HOME", dir.path().toLocal8Bit());
    BenchConfig config;
    config.db = dir.filePath(QStringLiteral("queues.db")).toStdString();
    QueueBenchDatabase db(config);
    db.fill(kOverviewRows, overviewRows());
    auto store = std::make_shared<AsyncKVStore>(db.connection(), db.settings());

    ui::QueuesPane pane;
    pane.setStore(store, true, QStringLiteral("bench"));
    pane.setSqliteFile(db.connection());
    pane.resize(1400, 900);
    pane.show();

    std::vector<double> refreshMs;
    QString failure;
    QObject::connect(pane.controller(), &ui::QueuesController::refreshed, &pane, [&](qint64 ms) {
        refreshMs.push_back(double(ms));
    });
    QObject::connect(pane.controller(),
                     &ui::QueuesController::failed,
                     &pane,
                     [&](const QString &message) { failure = message; });
    QEventLoop loop;
    // The view's first paint and first refresh are not part of the run.
    QTimer::singleShot(1000, &loop, &QEventLoop::quit);
    loop.exec();
    refreshMs.clear();

    qint64 longestGapMs = 0;
    QElapsedTimer sinceTick;
    QTimer ticks;
    ticks.setInterval(10);
    ticks.setTimerType(Qt::PreciseTimer);
    QObject::connect(&ticks, &QTimer::timeout, &loop, [&] {
        longestGapMs = std::max(longestGapMs, sinceTick.restart());
    });
    QTimer refreshes;
    refreshes.setInterval(500);
    QObject::connect(
        &refreshes, &QTimer::timeout, pane.controller(), [&] { pane.controller()->refresh(); });
    sinceTick.start();
    ticks.start();
    refreshes.start();
    QTimer::singleShot(int(seconds * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    refreshes.stop();
    ticks.stop();
    pane.hide();
    // Let a refresh in flight finish before the store goes.
    QTimer::singleShot(2000, &loop, &QEventLoop::quit);
    loop.exec();
    store->close().waitForFinished();
    if (!failure.isEmpty())
        throw Error("kvs: bench: queues_overview_1m: " + failure.toStdString());
    std::sort(refreshMs.begin(), refreshMs.end());
    const double median = refreshMs.empty() ? 0 : refreshMs[refreshMs.size() / 2];
    const double slowest = refreshMs.empty() ? 0 : refreshMs.back();
    if (json) {
        out << JsonLine()
                   .string("backend", "tree")
                   .string("op", "queues_overview_1m")
                   .raw("rows", std::to_string(kOverviewRows))
                   .raw("seconds", number(seconds))
                   .raw("longest_gap_ms", std::to_string(longestGapMs))
                   .raw("refreshes", std::to_string(refreshMs.size()))
                   .raw("refresh_median_ms", number(median))
                   .raw("refresh_max_ms", number(slowest))
                   .text()
            << '\n';
        return;
    }
    out << "queues_overview_1m         longest GUI gap " << longestGapMs << " ms, "
        << refreshMs.size() << " refreshes, median " << number(median) << " ms, slowest "
        << number(slowest) << " ms" << std::endl;
}

} // namespace kvs::bench
