#pragma once

#include "bench/history/run_history.h"
#include "bench/workload/capacity_search.h"
#include "bench/workload/workload_config.h"
#include "bench/workload/workload_engine.h"

#include <QElapsedTimer>
#include <QFuture>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>

namespace kvs::bench {
class RunHistoryWatch;
}

namespace kvs::ui {

// The Benchmark view's work: runs a workload (bench/workload_engine.h) on a worker thread, posts
// its progress back to the GUI thread, saves the finished run (whole or stopped early) to the
// run history and reads the history, all off the GUI thread. Thread rule: GUI thread only.
class BenchController : public QObject
{
    Q_OBJECT

public:
    explicit BenchController(QObject *parent = nullptr);
    // Stops a run in flight and waits for its worker to finish.
    ~BenchController() override;

    // The history file; RunHistory::defaultPath() (which follows $KVS_BENCH_HISTORY) unless set.
    void setHistoryPath(const QString &path);
    QString historyPath() const { return m_historyPath; }

    // Starts config's run; false (and failed()) when config is invalid or a run is in flight.
    bool start(const bench::WorkloadConfig &config);
    // Starts a capacity search of config's workload (config.seconds and warmupSeconds are each
    // step's, config.rate is ignored): stepStarted() and capacityStep() as it goes, then
    // finished() with the run at the highest rate that held and every step (saved when a rate
    // held). false (and failed()) as start(), or for bad options.
    bool findCapacity(const bench::WorkloadConfig &config, const bench::CapacityOptions &options);
    // Whether the run in flight (or the last) is a capacity search.
    bool isCapacitySearch() const { return m_capacity.has_value(); }
    // What a test puts between the engine and the store (bench/workload_engine.h).
    void setRunSeams(bench::RunSeams seams) { m_seams = std::move(seams); }
    // Stops the run in flight; its partial result is kept, saved and reported by finished().
    void stop();
    bool isRunning() const { return m_running; }
    const bench::WorkloadConfig &config() const { return m_config; }
    // Milliseconds since start(); 0 when no run was started.
    qint64 elapsedMs() const { return m_clock.isValid() ? m_clock.elapsed() : 0; }

    // Reads the history; historyLoaded() gives it.
    void loadHistory();
    // While on, looks every kHistoryProbeInterval whether the history changed (e.g. `kvs bench
    // --save` added a run) and, when it did, reads it: historyLoaded(). Off by default.
    void setWatchingHistory(bool on);
    bool isWatchingHistory() const { return m_historyProbe.isActive(); }
    // Deletes the saved runs ids from the history, then reads it: runsDeleted(), then
    // historyLoaded(); failed() when it cannot.
    void deleteRuns(const std::vector<std::int64_t> &ids);

    static constexpr std::chrono::milliseconds kHistoryProbeInterval{1000};

signals:
    void started(const bench::WorkloadConfig &config);
    void loaded(const bench::LoadPhase &load);
    void second(const bench::SecondStats &second);
    // A capacity search's run starts (its index from 1, its rate) or ends.
    void stepStarted(int index, double rate, bool repeat);
    void capacityStep(const bench::CapacityStep &step);
    // The run as saved (id 0 when saving failed: failed() says why).
    void finished(const bench::HistoryRun &run);
    // Each read of the history: first the runs that cannot be read (left out; empty when none),
    // then the runs that can.
    void historyUnreadable(const std::vector<bench::UnreadableRun> &runs);
    void historyLoaded(const std::vector<bench::HistoryRun> &runs);
    void runsDeleted(const std::vector<std::int64_t> &ids);
    void failed(const QString &message);

private:
    // Starts a run (no options) or a capacity search on the worker.
    bool launch(const bench::WorkloadConfig &config,
                const std::optional<bench::CapacityOptions> &capacity);
    // Reads the history on a pool thread when it changed (always when force).
    void readHistory(bool force);
    // historyUnreadable(), then historyLoaded().
    void emitHistory(const bench::HistoryListing &listing);

    QString m_historyPath;
    bench::WorkloadConfig m_config;
    std::optional<bench::CapacityOptions> m_capacity;
    bench::RunSeams m_seams;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QFuture<void> m_worker;
    QFuture<void> m_historyReader;
    QFuture<void> m_historyWriter;
    // The watch of m_historyPath; shared with the reader in flight, which may outlive this.
    std::shared_ptr<bench::RunHistoryWatch> m_historyWatch;
    QTimer m_historyProbe;
    QElapsedTimer m_clock;
    bool m_running = false;
};

} // namespace kvs::ui
