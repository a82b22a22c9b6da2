#include "guibench/tree_expansion.h"

#include "tree/key_tree_model.h"

#include <kvs/errors.h>

#include <QEventLoop>

#include <chrono>
#include <string>

namespace kvs::bench {

namespace {

// One operation: the root's kTreeP children, then the kTreeG children of its first.
void expandOnce(ui::KeyTreeModel &model, const std::shared_ptr<AsyncKVStore> &store)
{
    model.loader()->setStore(store);
    waitForRows(model, {}, kTreeP);
    const QModelIndex first = model.index(0, 0);
    model.fetchMore(first);
    waitForRows(model, first, kTreeG);
}

} // namespace

AsyncKVStoreSettings inspectorSettings()
{
    AsyncKVStoreSettings settings;
    settings.readOnly = true;
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    return settings;
}

void waitForRows(ui::KeyTreeModel &model, const QModelIndex &parent, int rows)
{
    QEventLoop loop;
    QString failure;
    const auto done = [&] {
        if (model.loader()->loadingCount() == 0)
            loop.quit();
    };
    ui::KeyTreeLoader *loader = model.loader();
    QObject::connect(loader, &ui::KeyTreeLoader::loadingChanged, &loop, done);
    QObject::connect(loader, &ui::KeyTreeLoader::loadFailed, &loop, [&](const QString &message) {
        failure = message;
        loop.quit();
    });
    if (loader->loadingCount() > 0)
        loop.exec();
    if (!failure.isEmpty())
        throw Error("kvs: bench: " + failure.toStdString());
    if (model.rowCount(parent) != rows) {
        throw Error("kvs: bench: the tree expanded to " + std::to_string(model.rowCount(parent))
                    + " children, expected " + std::to_string(rows));
    }
}

Measurement measureExpansion(const std::shared_ptr<AsyncKVStore> &store, double seconds)
{
    ui::KeyTreeModel model;
    model.loader()->setPageSize(kTreePageSize);
    for (int warmUp = 0; warmUp < 3; ++warmUp)
        expandOnce(model, store);
    Timing timing;
    measure(
        std::chrono::nanoseconds(static_cast<std::int64_t>(seconds * 1e9)),
        64,
        [](std::uint64_t) {},
        [&](std::uint64_t) { expandOnce(model, store); },
        timing);
    model.loader()->setStore(nullptr);
    return timing.result();
}

} // namespace kvs::bench
