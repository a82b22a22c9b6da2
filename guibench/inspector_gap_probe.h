#pragma once

#include <QtGlobal>

#include <string>

namespace kvs {
class AsyncKVStore;
}

namespace kvs::bench {

// What measureGapWhileOpening() saw.
struct GapMeasurement
{
    qint64 longestGapMs = 0; // the longest time between two ticks of a 10 ms GUI timer
    qint64 loadMs = 0;       // from showKey() to loaded()
    bool loaded = false;     // false: the timeout came first
};

// Opens encodedKey in a ValueInspector (shown, 1000x700) on store while a 10 ms QTimer ticks on
// the calling thread's event loop, until the inspector reports loaded() and afterGapMs more have
// passed (the first paint of the value), or timeoutMs. The longest gap between ticks is how long
// the GUI stalled. For kvs-gui-bench (a figure, never a test's bound). Requires: a QApplication,
// called on its thread; store outlives the call.
[[nodiscard]] GapMeasurement measureGapWhileOpening(AsyncKVStore &store,
                                                    const std::string &encodedKey,
                                                    int afterGapMs = 300,
                                                    int timeoutMs = 60000);

} // namespace kvs::bench
