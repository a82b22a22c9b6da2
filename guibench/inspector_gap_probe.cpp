#include "guibench/inspector_gap_probe.h"

#include "guibench/gui_stall_clock.h"
#include "inspector/value_inspector.h"

#include <kvs/async_kvstore.h>

#include <QEventLoop>
#include <QTimer>

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
    GuiStallClock stalls;
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(&inspector, &ui::ValueInspector::loaded, &loop, [&] {
        result.loaded = true;
        result.loadMs = stalls.elapsedMs();
        QTimer::singleShot(afterGapMs, &loop, &QEventLoop::quit);
    });

    stalls.start();
    timeout.start(timeoutMs);
    inspector.showKey(encodedKey);
    loop.exec();
    // The last stretch counts too (a stall right before the loop ended).
    result.longestGapMs = stalls.longestGapMs();
    return result;
}

} // namespace kvs::bench
