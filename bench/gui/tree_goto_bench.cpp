#include "bench/gui/tree_goto_bench.h"

#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/errors.h>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <QTreeView>

#include <algorithm>

namespace kvs::bench {

GoToMeasurement measureGoTo(const std::shared_ptr<AsyncKVStore> &store, const Key &key)
{
    GoToMeasurement result;
    // The key tree pane as the app shows it: its view settings, its placeholder loader and busy
    // row take part in what the GUI thread does.
    ui::KeyTreePane pane;
    pane.resize(800, 600);
    pane.show();
    QTreeView &view = *pane.view();

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
    bool selected = false;
    QObject::connect(&pane, &ui::KeyTreePane::goToFinished, &loop, [&](bool found) {
        const QModelIndex current = view.currentIndex();
        if (found && current.isValid()) {
            selected = pane.model()->encodedKeyAt(current) == encodeKey(key);
            result.selectedMs = clock.elapsed();
            result.rowsLoaded = pane.model()->rowCount(current.parent());
        }
        QTimer::singleShot(300, &loop, &QEventLoop::quit);
    });
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);

    clock.start();
    ticker.start();
    timeout.start(60000);
    pane.setStore(store);
    pane.goToKey(key);
    loop.exec();
    result.longestGapMs = std::max(result.longestGapMs, clock.elapsed() - lastTick);
    pane.model()->cancelLoading();
    pane.setStore(nullptr);
    if (!selected)
        throw Error("kvs: bench: go to key did not select the key within 60 s");
    return result;
}

} // namespace kvs::bench
