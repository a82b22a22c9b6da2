#include "guibench/tree_goto_bench.h"

#include "guibench/gui_stall_clock.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/errors.h>

#include <QEventLoop>
#include <QTimer>
#include <QTreeView>

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
    GuiStallClock stalls;
    bool selected = false;
    QObject::connect(&pane, &ui::KeyTreePane::goToFinished, &loop, [&](bool found) {
        const QModelIndex current = view.currentIndex();
        if (found && current.isValid()) {
            selected = pane.model()->encodedKeyAt(current) == encodeKey(key);
            result.selectedMs = stalls.elapsedMs();
            result.rowsLoaded = pane.model()->rowCount(current.parent());
        }
        QTimer::singleShot(300, &loop, &QEventLoop::quit);
    });
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);

    stalls.start();
    timeout.start(60000);
    pane.setStore(store);
    pane.goToKey(key);
    loop.exec();
    result.longestGapMs = stalls.longestGapMs();
    pane.model()->loader()->cancelLoading();
    pane.setStore(nullptr);
    if (!selected)
        throw Error("kvs: bench: go to key did not select the key within 60 s");
    return result;
}

} // namespace kvs::bench
