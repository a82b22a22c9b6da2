#include "guibench/bench_view_stall.h"

#include "benchmark/bench_chart.h"
#include "benchmark/bench_controller.h"
#include "benchmark/bench_pane.h"

#include <kvs/errors.h>
#include <kvs/json_line.h>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <ostream>
#include <string>

namespace kvs::bench {

namespace {

constexpr double kRunSeconds = 30;

} // namespace

BenchViewStall measureBenchViewStall(double seconds)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        throw Error("kvs: bench: cannot create a temporary folder for the scratch file");
    ui::BenchPane pane;
    pane.controller()->setHistoryPath(dir.filePath(QStringLiteral("history.sqlite")));
    pane.setScratchFolder(dir.path());
    pane.setWorkload(QStringLiteral("get"));
    pane.resize(1200, 760);
    pane.show();
    WorkloadConfig config = pane.config();
    config.seconds = seconds;
    config.warmupSeconds = 0;
    config.keys = 100'000;
    config.store = StoreKind::Async;
    config.concurrency = 16;

    BenchViewStall stall;
    QEventLoop loop;
    QString failure;
    QObject::connect(
        pane.controller(), &ui::BenchController::finished, &loop, [&](const HistoryRun &run) {
            stall.opsPerSecond = run.ops.empty() ? 0 : run.ops.back().opsPerSecond;
            loop.quit();
        });
    QObject::connect(
        pane.controller(), &ui::BenchController::failed, &loop, [&](const QString &message) {
            failure = message;
            if (!pane.controller()->isRunning())
                loop.quit();
        });
    QTimer ticks;
    ticks.setInterval(10);
    ticks.setTimerType(Qt::PreciseTimer);
    QElapsedTimer sinceTick;
    QElapsedTimer sinceStart;
    QObject::connect(&ticks, &QTimer::timeout, &loop, [&] {
        const qint64 gap = sinceTick.restart();
        if (gap > stall.longestGapMs) {
            stall.longestGapMs = gap;
            stall.longestGapAtMs = sinceStart.elapsed();
        }
    });
    // The view's first paint is not part of the run: let it happen before the clock starts.
    QTimer::singleShot(300, &loop, &QEventLoop::quit);
    loop.exec();
    sinceTick.start();
    sinceStart.start();
    ticks.start();
    if (!pane.controller()->start(config))
        throw Error("kvs: bench: " + failure.toStdString());
    loop.exec();
    ticks.stop();
    if (!failure.isEmpty())
        throw Error("kvs: bench: " + failure.toStdString());
    stall.points = static_cast<int>(pane.chart()->lineSeries().at(0)->count());
    return stall;
}

void printBenchViewStall(bool json, std::ostream &out)
{
    const BenchViewStall stall = measureBenchViewStall(kRunSeconds);
    if (json) {
        JsonLine line;
        line.string("backend", "tree")
            .string("op", "bench_view_30s")
            .raw("longest_gap_ms", std::to_string(stall.longestGapMs))
            .raw("longest_gap_at_ms", std::to_string(stall.longestGapAtMs))
            .raw("run_ops_per_s", std::to_string(static_cast<long long>(stall.opsPerSecond)))
            .raw("chart_points", std::to_string(stall.points));
        out << line.text() << std::endl;
        return;
    }
    out << "bench_view_30s             longest GUI gap " << stall.longestGapMs << " ms (at "
        << stall.longestGapAtMs << " ms)  run " << static_cast<long long>(stall.opsPerSecond)
        << " ops/s  chart points " << stall.points << std::endl;
}

} // namespace kvs::bench
