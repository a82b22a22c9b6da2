#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/audit_log.h>
#include <kvs/dead_letter_sweep.h>

#include <QObject>
#include <QString>
#include <QTime>

#include <atomic>
#include <memory>
#include <optional>

class QTimer;

namespace kvs::ui {

// What a bulk job over a topic's dead letters does (see SweepJob).
struct SweepJobSpec
{
    DeadLetterAction action = DeadLetterAction::Retry;
    std::string topic;
    DeadLetterFilter filter;
    QString filterText;                  // the filter as the confirmation and the audit log say it
    std::optional<double> ratePerSecond; // none: as fast as short batches go
    // Retry only: pause when more than this share of the retried messages died again.
    std::optional<double> autoPauseShare;
    std::int64_t autoPauseMinimum = 10;
    // Delete only: write the matches to this file (JSON lines) first; the delete then touches
    // exactly the exported messages, and runs only when the export succeeded.
    QString exportPath;
    // How many the confirmation said it would touch (the progress bar's end); 0: unknown.
    std::int64_t expected = 0;
    // When to start (the clock's milliseconds since the epoch); none: now.
    std::optional<std::int64_t> startAtMs;
    // Whether the job may run when its started line cannot be appended to the audit log (the
    // confirmation's explicit choice, for this job only).
    AuditPolicy audit = AuditPolicy::Required;
};

// One bulk retry, delete or count of the dead letters a filter matches, on a worker thread
// (kvs::sweepDeadLetters, batches of <= 1000 ids of about 10 ms each): progress with counts and
// rate, pause, resume, cancel, auto-pause when retried messages die again, a scheduled start
// (kept only while the app runs), export before delete. Audited: a started line (action, filter,
// expected count) before the first batch, or nothing runs, and an ended line with the counts and
// the result: done, cancelled (cancel()), interrupted (the job was destroyed while it ran: its
// tab or the application closed, SIGTERM), failed. Time comes from the clock given (a
// ManualClock in tests). Thread rule: GUI thread only.
class SweepJob : public QObject
{
    Q_OBJECT

public:
    enum class State { Scheduled, Exporting, Running, Paused, Finished };

    SweepJob(std::shared_ptr<AsyncKVStore> store,
             std::shared_ptr<Clock> clock,
             QString database,
             SweepJobSpec spec,
             QObject *parent = nullptr);
    // Interrupts a job still running: it stops after the batch in flight, on its worker, and its
    // ended line says "interrupted" (the application waits for the global pool as it ends).
    ~SweepJob() override;

    // Starts now, or waits for spec().startAtMs (Scheduled).
    void start();
    void pause();
    void resume();
    // Stops after the batch in flight; a scheduled job never starts.
    void cancel();

    State state() const { return m_state; }
    const SweepJobSpec &spec() const { return m_spec; }
    const DeadLetterSweepProgress &progress() const { return m_progress; }
    std::int64_t exported() const { return m_exported; }
    // Changed messages per second of active time (pauses not counted); 0 before any batch.
    double rate() const;
    // Paused by itself because retried messages died again (not by the operator).
    bool autoPaused() const { return m_autoPaused; }
    bool cancelled() const { return m_cancelled; }
    bool failed() const { return !m_error.isEmpty(); }
    // The result as the status line says it.
    QString resultMessage() const { return m_result; }

    // The next time at (local time) from nowMs: today if still ahead, else tomorrow.
    static std::int64_t nextOccurrence(QTime at, std::int64_t nowMs);

signals:
    void stateChanged(kvs::ui::SweepJob::State state);
    void progressed();
    void finished(const QString &message);

private:
    void setState(State state);
    void checkSchedule();
    void run();
    void takeProgress(const DeadLetterSweepProgress &progress);
    void finish(QString message);

    std::shared_ptr<AsyncKVStore> m_store;
    std::shared_ptr<Clock> m_clock;
    QString m_database;
    SweepJobSpec m_spec;
    std::shared_ptr<SweepControl> m_control; // shared with the worker
    // Set by the destructor before it cancels: the worker then records "interrupted".
    std::shared_ptr<std::atomic_bool> m_interrupted;
    std::shared_ptr<void> m_clockMoves; // a manual clock's moves check the schedule
    QTimer *m_scheduleTick = nullptr;   // Owned (child); a clock moving by itself
    State m_state = State::Scheduled;
    DeadLetterSweepProgress m_progress;
    std::int64_t m_exported = 0;
    bool m_autoPaused = false;
    bool m_cancelled = false;
    QString m_error;
    QString m_result;
};

} // namespace kvs::ui
