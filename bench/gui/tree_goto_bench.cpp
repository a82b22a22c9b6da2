#include "bench/gui/tree_goto_bench.h"

#include "bench/sqlite_handles.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/errors.h>
#include <kvs/kvstore.h>
#include <kvs/value_codec.h>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <QTreeView>

#include <sqlite3.h>

#include <algorithm>

namespace kvs::bench {

namespace {

void exec(sqlite3 *db, const char *sql)
{
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
        throw Error(std::string("kvs: bench: ") + sqlite3_errmsg(db));
}

} // namespace

void buildWideSqliteDatabase(const std::string &path, int children)
{
    {
        KVStore store(path);
        store.close();
    }
    sqlite3 *opened = nullptr;
    const int status = sqlite3_open(path.c_str(), &opened);
    const SqlitePtr db(opened);
    if (status != SQLITE_OK)
        throw Error("kvs: bench: cannot open " + path);
    exec(db.get(), "BEGIN");
    sqlite3_stmt *rawStatement = nullptr;
    sqlite3_prepare_v2(db.get(),
                       "INSERT INTO kv (key, value, version) VALUES (?1, ?2, ?3)",
                       -1,
                       &rawStatement,
                       nullptr);
    const StatementPtr insert(rawStatement);
    const std::string value = encodeValue(Value(std::string("v")));
    for (int i = 0; i < children; ++i) {
        const std::string key = encodeKey({"big", i});
        sqlite3_bind_blob(insert.get(), 1, key.data(), int(key.size()), SQLITE_STATIC);
        sqlite3_bind_blob(insert.get(), 2, value.data(), int(value.size()), SQLITE_STATIC);
        sqlite3_bind_int64(insert.get(), 3, i + 1);
        if (sqlite3_step(insert.get()) != SQLITE_DONE)
            throw Error(std::string("kvs: bench: ") + sqlite3_errmsg(db.get()));
        sqlite3_reset(insert.get());
    }
    exec(db.get(), "COMMIT");
}

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
