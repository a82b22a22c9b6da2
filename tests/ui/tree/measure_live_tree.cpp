// Not a test: figures for the notes. Opens a database view (the live feed, the key tree and its
// live refresh as kvs-admin runs them) on a fresh database, expands five nodes, then measures
// (1) the CPU the process uses while the database is idle, over 10 s, and (2) the delay from
// another process's commit (this program started again with --writer, which prints the wall
// clock right after each commit) to the new row in the expanded node, over 50 commits.
// Usage: measure_live_tree FILE.db | measure_live_tree POSTGRES_URL SCHEMA
#include "connection/connection_spec.h"
#include "session/database_session.h"
#include "session/database_view.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "watch/live_feed.h"
#include "watch/live_updates.h"

#include <kvs/async_kvstore.h>

#include <QApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QRandomGenerator>
#include <QThread>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sys/resource.h>
#include <vector>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kChanges = 50;

std::shared_ptr<AsyncKVStore> storeOf(const std::string &db, const std::string &schema)
{
    AsyncKVStoreSettings settings;
    if (!schema.empty())
        settings.schema = schema;
    return std::make_shared<AsyncKVStore>(db, settings);
}

int runWriter(const std::string &db, const std::string &schema)
{
    auto store = storeOf(db, schema);
    for (int i = 0; i < kChanges; ++i) {
        // Real time on purpose: another process writing at a person's pace, whose commits the
        // tree follows (the figures are commit-to-row delays).
        QThread::msleep(150 + QRandomGenerator::global()->bounded(200));
        store->set({"m", i}, Value(1.0)).waitForFinished();
        std::printf("%d %lld\n", i, static_cast<long long>(QDateTime::currentMSecsSinceEpoch()));
        std::fflush(stdout);
    }
    store->close().waitForFinished();
    return 0;
}

double cpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
           + static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

void wait(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

bool waitFor(const std::function<bool()> &condition, int ms = 20000)
{
    QElapsedTimer timer;
    timer.start();
    while (!condition()) {
        if (timer.elapsed() > ms)
            return false;
        wait(10);
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc >= 4 && std::string(argv[1]) == "--writer")
        return runWriter(argv[2], argv[3]);
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: measure_live_tree FILE.db | POSTGRES_URL SCHEMA\n");
        return 2;
    }
    const std::string db = argv[1];
    const std::string schema = argc > 2 ? argv[2] : "";
    {
        auto store = storeOf(db, schema);
        store->set({"m", "seed"}, Value(1.0)).waitForFinished();
        for (int n = 1; n <= 4; ++n)
            for (int i = 0; i < 20; ++i)
                store->set({"n" + std::to_string(n), i}, Value(1.0)).waitForFinished();
        store->close().waitForFinished();
    }
    std::unique_ptr<DatabaseView> view;
    if (!schema.empty()) {
        QString password;
        auto spec = ConnectionSpec::fromPostgresUrl(QString::fromStdString(db), &password);
        spec->setSchema(QString::fromStdString(schema));
        view = std::make_unique<DatabaseView>(new DatabaseSession(*spec, password));
    } else {
        view = std::make_unique<DatabaseView>(
            new DatabaseSession(ConnectionSpec::sqlite(QString::fromStdString(db)), {}));
    }
    view->resize(1000, 700);
    view->show();
    KeyTreeModel *model = view->tree()->model();
    if (!waitFor([&] { return model->rowCount() == 5; })
        || !waitFor([&] { return view->liveUpdates()->inspectorFeed()->isOpen(); })) {
        std::fprintf(stderr, "the view did not open\n");
        return 1;
    }
    for (int row = 0; row < 5; ++row)
        view->tree()->view()->expand(model->index(row, 0));
    waitFor([&] { return model->loader()->loadingCount() == 0; });
    const QPersistentModelIndex m = model->index(0, 0);

    wait(1000);
    const double cpuBefore = cpuSeconds();
    QElapsedTimer wall;
    wall.start();
    wait(10000);
    const double idleCpu
        = (cpuSeconds() - cpuBefore) / (static_cast<double>(wall.elapsed()) / 1000);

    std::map<int, qint64> appeared;
    QObject::connect(model,
                     &QAbstractItemModel::rowsInserted,
                     model,
                     [&](const QModelIndex &parent, int first, int last) {
                         if (parent != m)
                             return;
                         const qint64 now = QDateTime::currentMSecsSinceEpoch();
                         for (int row = first; row <= last; ++row) {
                             const auto key = model->keyAt(model->index(row, 0, parent));
                             if (key && key->size() == 2
                                 && key->at(1).type() == KeyPart::Type::Number)
                                 appeared.emplace(static_cast<int>(key->at(1).asNumber()), now);
                         }
                     });
    std::map<int, qint64> committed;
    QProcess writer;
    QObject::connect(&writer, &QProcess::readyReadStandardOutput, &writer, [&] {
        while (writer.canReadLine()) {
            const QList<QByteArray> parts = writer.readLine().trimmed().split(' ');
            if (parts.size() == 2)
                committed.emplace(parts[0].toInt(), parts[1].toLongLong());
        }
    });
    writer.start(
        QCoreApplication::applicationFilePath(),
        {QStringLiteral("--writer"), QString::fromStdString(db), QString::fromStdString(schema)});
    waitFor([&] { return writer.state() == QProcess::NotRunning; }, 120000);
    waitFor([&] { return appeared.size() >= static_cast<std::size_t>(kChanges); }, 10000);
    std::vector<qint64> delays;
    for (const auto &[i, at] : committed) {
        const auto seen = appeared.find(i);
        if (seen != appeared.end())
            delays.push_back(seen->second - at);
    }
    std::sort(delays.begin(), delays.end());
    const auto percentile = [&](double p) {
        return delays.empty() ? -1
                              : delays[std::min(delays.size() - 1,
                                                static_cast<std::size_t>(p * delays.size()))];
    };
    std::printf("backend %s: idle CPU %.2f %% of a core (5 expanded nodes, 10 s); "
                "commit to row: n=%zu/%d p50=%lld ms p99=%lld ms max=%lld ms\n",
                schema.empty() ? "sqlite" : "postgres",
                idleCpu * 100,
                delays.size(),
                kChanges,
                static_cast<long long>(percentile(0.5)),
                static_cast<long long>(percentile(0.99)),
                static_cast<long long>(delays.empty() ? -1 : delays.back()));
    return 0;
}
