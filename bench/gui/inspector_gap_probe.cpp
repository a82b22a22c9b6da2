#include "bench/gui/inspector_gap_probe.h"

#include "inspector/value_inspector.h"

#include <kvs/async_kvstore.h>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>

namespace kvs::bench {

GapMeasurement measureGapWhileOpening(AsyncKVStore &store,
                                      const std::string &encodedKey,
                                      int afterGapMs,
                                      int timeoutMs)
{
    GapMeasurement result;
    ui::ValueInspector inspector;
    // Not owned: the caller's store outlives the inspector.
    inspector.setStore(std::shared_ptr<AsyncKVStore>(&store, [](AsyncKVStore *) {}), false);
    inspector.resize(1000, 700);
    inspector.show();

    QEventLoop loop;
    QElapsedTimer clock;
    qint64 lastTick = 0;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(10);
    QObject::connect(&ticker, &QTimer::timeout, &loop, [&] {
        const qint64 now = clock.elapsed();
        result.longestGapMs = std::max(result.longestGapMs, now - lastTick);
        lastTick = now;
    });
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(&inspector, &ui::ValueInspector::loaded, &loop, [&] {
        result.loaded = true;
        result.loadMs = clock.elapsed();
        QTimer::singleShot(afterGapMs, &loop, &QEventLoop::quit);
    });

    clock.start();
    ticker.start();
    timeout.start(timeoutMs);
    inspector.showKey(encodedKey);
    loop.exec();
    // The last stretch counts too (a stall right before the loop ended).
    result.longestGapMs = std::max(result.longestGapMs, clock.elapsed() - lastTick);
    return result;
}

qint64 measureLongestGapWhileOpening(AsyncKVStore &store, const std::string &encodedKey)
{
    const GapMeasurement measurement = measureGapWhileOpening(store, encodedKey);
    return measurement.loaded ? measurement.longestGapMs : -1;
}

} // namespace kvs::bench
