#include "guibench/watch_bench.h"

#include "watch/live_feed.h"
#include "watch/watch_controller.h"
#include "watch/watch_history_model.h"
#include "watch/watch_pane_controller.h"

#include <kvs/async_kvstore.h>
#include <kvs/key.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <random>
#include <stdexcept>
#include <sys/resource.h>
#include <thread>

namespace kvs::bench {

namespace {

constexpr int kKeys = 1000;
const char *const kPrefix = "watch-bench";

std::int64_t wallMicros()
{
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

double cpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
           + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

std::shared_ptr<AsyncKVStore> openStore(const std::string &database, const std::string &schema)
{
    AsyncKVStoreSettings settings;
    if (!schema.empty())
        settings.schema = schema;
    return std::make_shared<AsyncKVStore>(database, settings);
}

Key benchKey(int i)
{
    return Key{kPrefix, double(i % kKeys)};
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto at = static_cast<std::size_t>(p * double(values.size() - 1) + 0.5);
    return values[std::min(at, values.size() - 1)];
}

// Runs the event loop (blocking in it, not busy: the idle CPU is measured through it) until
// done() or timeout; done() is asked every 10 ms.
template <typename Done>
bool spin(Done done, int timeoutMs)
{
    if (done())
        return true;
    QEventLoop loop;
    QTimer check;
    check.setInterval(10);
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    check.start();
    loop.exec();
    return done();
}

} // namespace

int runWatchBenchWriter(const std::string &database, const std::string &schema, int count)
{
    auto store = openStore(database, schema);
    std::mt19937 random(42);
    std::uniform_int_distribution<int> pause(150, 250);
    for (int i = 0; i < count; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(pause(random)));
        store->set(benchKey(i), Value(double(kKeys + i))).waitForFinished();
        std::printf("%d %lld\n", i, static_cast<long long>(wallMicros()));
        std::fflush(stdout);
    }
    store->close().waitForFinished();
    return 0;
}

void runWatchBench(const WatchBenchOptions &options, bool json)
{
    auto store = openStore(options.database, options.schema);
    for (int i = 0; i < kKeys; ++i)
        store->set(benchKey(i), Value(double(i))).waitForFinished();

    ui::WatchController controller;
    controller.setSource(ui::FeedSource{options.database, options.schema, {}, nullptr});
    std::map<double, std::int64_t> seenAt; // value written -> when its row appeared
    QObject::connect(&controller,
                     &ui::WatchController::changesSeen,
                     &controller,
                     [&seenAt](const std::vector<ui::SeenChange> &changes) {
                         const std::int64_t now = wallMicros();
                         for (const ui::SeenChange &change : changes) {
                             if (change.newText)
                                 seenAt.emplace(change.newText->toDouble(), now);
                         }
                     });
    bool ready = false;
    QObject::connect(
        controller.feed(), &ui::LiveFeed::targetsRead, &controller, [&ready] { ready = true; });
    QString failure;
    QObject::connect(controller.feed(),
                     &ui::LiveFeed::failed,
                     &controller,
                     [&failure](const QString &m) { failure = m; });
    controller.addPane()->addTarget({Key{kPrefix}, true});
    if (!spin([&] { return ready || !failure.isEmpty(); }, 60000) || !failure.isEmpty())
        throw std::runtime_error("watch-bench: the watch did not start: " + failure.toStdString());

    // Latency: another process commits; this one's history row appears.
    QProcess writer;
    writer.setProcessChannelMode(QProcess::SeparateChannels);
    writer.start(QString::fromStdString(options.writerProgram),
                 {QStringLiteral("--writer"),
                  QString::fromStdString(options.database),
                  QString::fromStdString(options.schema),
                  QString::number(options.changes)});
    std::map<double, std::int64_t> committedAt;
    QByteArray pending;
    const auto readWriter = [&] {
        pending += writer.readAllStandardOutput();
        int newline = 0;
        while ((newline = int(pending.indexOf('\n'))) >= 0) {
            const QList<QByteArray> parts = pending.left(newline).split(' ');
            pending.remove(0, newline + 1);
            if (parts.size() == 2)
                committedAt.emplace(double(kKeys + parts[0].toInt()), parts[1].toLongLong());
        }
    };
    QObject::connect(&writer, &QProcess::readyReadStandardOutput, &controller, readWriter);
    const int budgetMs = options.changes * 300 + 30000;
    if (!spin([&] { return writer.state() == QProcess::NotRunning; }, budgetMs))
        throw std::runtime_error("watch-bench: the writer did not finish");
    readWriter();
    if (writer.exitCode() != 0)
        throw std::runtime_error("watch-bench: the writer failed: "
                                 + writer.readAllStandardError().toStdString());
    spin([&] { return seenAt.size() >= committedAt.size(); }, 2000);
    std::vector<double> latencyMs;
    int missed = 0;
    for (const auto &[value, at] : committedAt) {
        const auto seen = seenAt.find(value);
        if (seen == seenAt.end())
            ++missed; // coalesced with the next change, or never seen
        else
            latencyMs.push_back(double(seen->second - at) / 1000.0);
    }

    // Idle: 1,000 keys watched, nothing written.
    const double cpuBefore = cpuSeconds();
    QElapsedTimer wall;
    wall.start();
    QEventLoop idle;
    QTimer::singleShot(int(options.idleSeconds * 1000), &idle, &QEventLoop::quit);
    idle.exec();
    const double idleCpu = (cpuSeconds() - cpuBefore) / (double(wall.elapsed()) / 1000.0);
    const QString probe = controller.feed()->probeDescription();

    for (int i = 0; i < kKeys; ++i)
        store->remove(benchKey(i)).waitForFinished();
    store->close().waitForFinished();

    const double p50 = percentile(latencyMs, 0.50);
    const double p99 = percentile(latencyMs, 0.99);
    const double worst
        = latencyMs.empty() ? 0 : *std::max_element(latencyMs.begin(), latencyMs.end());
    const char *backend = isPostgresUrl(options.database) ? "postgres" : "sqlite";
    if (json) {
        std::printf("{\"backend\": \"%s\", \"probe\": \"%s\", \"keys\": %d, \"changes\": %d, "
                    "\"seen\": %zu, \"missed\": %d, \"p50_ms\": %.1f, \"p99_ms\": %.1f, "
                    "\"max_ms\": %.1f, \"idle_seconds\": %.1f, \"idle_cpu_percent\": %.2f}\n",
                    backend,
                    probe.toStdString().c_str(),
                    kKeys,
                    options.changes,
                    latencyMs.size(),
                    missed,
                    p50,
                    p99,
                    worst,
                    options.idleSeconds,
                    idleCpu * 100);
    } else {
        std::printf("%s (probe %s), %d keys watched under [\"%s\"]\n",
                    backend,
                    probe.toStdString().c_str(),
                    kKeys,
                    kPrefix);
        std::printf("  commit -> history row: p50 %.1f ms, p99 %.1f ms, max %.1f ms "
                    "(%zu of %d changes seen, %d coalesced or missed)\n",
                    p50,
                    p99,
                    worst,
                    latencyMs.size(),
                    options.changes,
                    missed);
        std::printf("  idle: %.2f %% of a core over %.1f s\n", idleCpu * 100, options.idleSeconds);
    }
}

} // namespace kvs::bench
