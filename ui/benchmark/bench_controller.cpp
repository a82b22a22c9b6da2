#include "benchmark/bench_controller.h"

#include "bench/history/machine_info.h"
#include "bench/history/run_history_watch.h"
#include "bench/workload/workload_engine.h"

#include <kvs/errors.h>

#include <QDateTime>
#include <QPointer>
#include <QtConcurrent>

namespace kvs::ui {
namespace {

// A QObject of the GUI thread for a worker to post to. A worker may outlive the controller
// (which never waits for it), so it posts here rather than to the controller, and each posted
// call checks its QPointer to the controller on the GUI thread. Deleted there once the worker
// lets go.
std::shared_ptr<QObject> makeRelay()
{
    return std::shared_ptr<QObject>(new QObject, [](QObject *relay) { relay->deleteLater(); });
}

} // namespace

BenchController::BenchController(QObject *parent)
    : QObject(parent)
{
    setHistoryPath(QString::fromStdString(bench::RunHistory::defaultPath()));
    m_historyProbe.setInterval(kHistoryProbeInterval);
    connect(&m_historyProbe, &QTimer::timeout, this, [this] { readHistory(false); });
}

void BenchController::setHistoryPath(const QString &path)
{
    m_historyPath = path;
    m_historyWatch = std::make_shared<bench::RunHistoryWatch>(path.toStdString());
}

void BenchController::setWatchingHistory(bool on)
{
    if (on)
        m_historyProbe.start();
    else
        m_historyProbe.stop();
}

BenchController::~BenchController()
{
    // Never waits: the run ends on its own once it sees the cancel, and what it posts then
    // finds the controller gone (the relay below).
    if (m_cancel)
        m_cancel->store(true);
}

bool BenchController::start(const bench::WorkloadConfig &config)
{
    return launch(config, std::nullopt);
}

bool BenchController::findCapacity(const bench::WorkloadConfig &config,
                                   const bench::CapacityOptions &options)
{
    return launch(config, options);
}

namespace {

// The run finished: a plain run's result, or a capacity search's run at its highest rate that
// held (empty when none held) with every step.
struct Finished
{
    bench::RunResult result;
    bench::WorkloadConfig config;
    std::vector<bench::CapacityStep> steps;
    bool saveable = true;
};

template <typename Post>
Finished runOnWorker(const bench::WorkloadConfig &config,
                     const std::optional<bench::CapacityOptions> &capacity,
                     const bench::RunSeams &seams,
                     const std::atomic<bool> &cancel,
                     const Post &post)
{
    bench::RunCallbacks callbacks;
    callbacks.onLoaded = [post](const bench::LoadPhase &load) {
        post([load](BenchController &c) { emit c.loaded(load); });
    };
    callbacks.onSecond = [post](const bench::SecondStats &stats) {
        post([stats](BenchController &c) { emit c.second(stats); });
    };
    Finished finished;
    finished.config = config;
    if (!capacity) {
        finished.result = bench::runWorkload(config, callbacks, cancel, seams);
        return finished;
    }
    bench::CapacityCallbacks steps;
    steps.onStepStarted = [post](int index, double rate, bool repeat) {
        post(
            [index, rate, repeat](BenchController &c) { emit c.stepStarted(index, rate, repeat); });
    };
    steps.onStep = [post](const bench::CapacityStep &step) {
        post([step](BenchController &c) { emit c.capacityStep(step); });
    };
    const bench::CapacityResult search
        = bench::findCapacity(config, *capacity, callbacks, steps, cancel, seams);
    finished.steps = search.steps;
    finished.config.rate = search.highestHeld;
    finished.saveable = search.heldRun.has_value();
    if (search.heldRun)
        finished.result = *search.heldRun;
    finished.result.partial = search.end == bench::CapacityEnd::Stopped;
    finished.result.load = search.loaded.load;
    finished.result.backend = search.loaded.backend;
    finished.result.serverVersion = search.loaded.serverVersion;
    return finished;
}

} // namespace

bool BenchController::launch(const bench::WorkloadConfig &config,
                             const std::optional<bench::CapacityOptions> &capacity)
{
    if (m_running) {
        emit failed(tr("A benchmark is running already."));
        return false;
    }
    try {
        bench::validateWorkloadConfig(config);
        if (capacity)
            bench::validateCapacityOptions(*capacity);
    } catch (const Error &error) {
        emit failed(QString::fromStdString(error.what()));
        return false;
    }
    m_config = config;
    m_capacity = capacity;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    m_clock.start();
    emit started(config);
    QPointer<BenchController> self(this);
    const std::string historyPath = m_historyPath.toStdString();
    m_worker = QtConcurrent::run([self,
                                  relay = makeRelay(),
                                  config,
                                  capacity,
                                  seams = m_seams,
                                  historyPath,
                                  cancel = m_cancel] {
        // Everything below runs on the worker; the GUI thread only receives posted copies.
        const auto post = [self, relay](auto call) {
            QMetaObject::invokeMethod(
                relay.get(),
                [self, call] {
                    if (self)
                        call(*self);
                },
                Qt::QueuedConnection);
        };
        bench::HistoryRun run;
        Finished finished;
        try {
            finished = runOnWorker(config, capacity, seams, *cancel, post);
            const double now = static_cast<double>(QDateTime::currentMSecsSinceEpoch());
            const bench::MachineInfo machine = bench::currentMachine();
            run = bench::historyRunOf(
                finished.config, finished.result, machine, now, finished.steps);
        } catch (const std::exception &error) {
            const QString message = QString::fromStdString(error.what());
            post([message](BenchController &c) {
                c.m_running = false;
                emit c.failed(message);
            });
            return;
        }
        QString saveError;
        bench::HistoryListing runs;
        // A capacity search where no rate held has no run to save; its steps are shown.
        if (finished.saveable) {
            try {
                bench::RunHistory history(historyPath);
                run.id = history.append(
                    finished.config, finished.result, run.machine, run.timeMs, finished.steps);
                runs = history.read();
            } catch (const std::exception &error) {
                saveError = QString::fromStdString(error.what());
            }
        }
        const bool saved = finished.saveable && saveError.isEmpty();
        post([run, runs, saved, saveError](BenchController &c) {
            c.m_running = false;
            if (saved)
                c.emitHistory(runs);
            emit c.finished(run);
            // After finished(), so that the reason stays in the view's status line.
            if (!saveError.isEmpty())
                emit c.failed(saveError);
        });
    });
    return true;
}

void BenchController::stop()
{
    if (m_cancel)
        m_cancel->store(true);
}

void BenchController::loadHistory()
{
    readHistory(true);
}

void BenchController::readHistory(bool force)
{
    // A short read of a local file, on a pool thread all the same: the GUI never waits on a
    // database. One read at a time: the watch serves one thread at a time.
    if (m_historyReader.isRunning()) {
        if (force)
            QTimer::singleShot(kHistoryProbeInterval / 10, this, [this] { readHistory(true); });
        return;
    }
    QPointer<BenchController> self(this);
    m_historyReader = QtConcurrent::run([self, relay = makeRelay(), watch = m_historyWatch, force] {
        std::optional<bench::HistoryListing> runs;
        QString message;
        try {
            runs = watch->changedRuns();
            // Asked for it: the history also when the watch saw no change since its last read
            // (or, not there yet, created empty, as a first save would).
            if (!runs && force)
                runs = bench::RunHistory(watch->path()).read();
        } catch (const std::exception &error) {
            message = QString::fromStdString(error.what());
        }
        // A watch that keeps failing is reported when asked, not every second.
        if (!runs && (message.isEmpty() || !force))
            return;
        QMetaObject::invokeMethod(
            relay.get(),
            [self, runs, message] {
                if (!self)
                    return;
                if (message.isEmpty())
                    self->emitHistory(*runs);
                else
                    emit self->failed(message);
            },
            Qt::QueuedConnection);
    });
}

void BenchController::emitHistory(const bench::HistoryListing &listing)
{
    emit historyUnreadable(listing.unreadable);
    emit historyLoaded(listing.runs);
}

void BenchController::deleteRuns(const std::vector<std::int64_t> &ids)
{
    QPointer<BenchController> self(this);
    const std::string historyPath = m_historyPath.toStdString();
    m_historyWriter = QtConcurrent::run([self, relay = makeRelay(), historyPath, ids] {
        bench::HistoryListing runs;
        QString message;
        try {
            bench::RunHistory history(historyPath);
            history.remove(ids);
            runs = history.read();
        } catch (const std::exception &error) {
            message = QString::fromStdString(error.what());
        }
        QMetaObject::invokeMethod(
            relay.get(),
            [self, ids, runs, message] {
                if (!self)
                    return;
                if (!message.isEmpty()) {
                    emit self->failed(message);
                    return;
                }
                emit self->runsDeleted(ids);
                self->emitHistory(runs);
            },
            Qt::QueuedConnection);
    });
}

} // namespace kvs::ui
