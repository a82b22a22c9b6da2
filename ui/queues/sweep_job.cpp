#include "queues/sweep_job.h"

#include "common/future_error.h"

#include <kvs/audit_log.h>
#include <kvs/clock.h>
#include <kvs/dead_letter_export.h>
#include <kvs/errors.h>
#include <kvs/future.h>

#include <QDateTime>
#include <QPointer>
#include <QTimer>
#include <QtConcurrent>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace kvs::ui {

namespace {

// What the worker hands back.
struct Outcome
{
    DeadLetterSweepResult sweep;
    std::int64_t exported = 0;
    // The job's error ("kvs: ..."); caught on the worker, as no exception crosses a thread.
    std::string error;
};

std::string actionName(DeadLetterAction action)
{
    return action == DeadLetterAction::Retry ? "retry" : "delete-dead";
}

// Writes the export; returns the exported ids (empty optional when cancelled).
std::optional<std::vector<std::int64_t>>
exportFirst(AsyncKVStore &store,
            const SweepJobSpec &spec,
            SweepControl &control,
            const std::function<void(std::int64_t)> &progress)
{
    const std::string path = spec.exportPath.toStdString();
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        throw Error("kvs: cannot write the export: " + path + ": " + std::strerror(errno));
    DeadLetterExportResult written
        = exportDeadLetters(store, spec.topic, spec.filter, out, &control, progress);
    out.close();
    if (!out)
        throw Error("kvs: cannot write the export: " + path + ": " + std::strerror(errno));
    if (written.cancelled)
        return std::nullopt;
    return std::move(written.ids);
}

} // namespace

SweepJob::SweepJob(std::shared_ptr<AsyncKVStore> store,
                   std::shared_ptr<Clock> clock,
                   QString database,
                   SweepJobSpec spec,
                   QObject *parent)
    : QObject(parent)
    , m_store(std::move(store))
    , m_clock(clock ? std::move(clock) : systemClock())
    , m_database(std::move(database))
    , m_spec(std::move(spec))
    , m_control(std::make_shared<SweepControl>())
    , m_interrupted(std::make_shared<std::atomic_bool>(false))
{}

SweepJob::~SweepJob()
{
    m_interrupted->store(true);
    m_control->cancel();
}

std::int64_t SweepJob::nextOccurrence(QTime at, std::int64_t nowMs)
{
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(nowMs);
    QDateTime next(now.date(), at);
    if (next.toMSecsSinceEpoch() <= nowMs)
        next = QDateTime(now.date().addDays(1), at);
    return next.toMSecsSinceEpoch();
}

void SweepJob::start()
{
    if (!m_spec.startAtMs || *m_spec.startAtMs <= m_clock->now()) {
        run();
        return;
    }
    setState(State::Scheduled);
    // A manual clock (tests) says when it moves; the system's is looked at every second, which
    // also follows a suspended machine or a changed system time.
    if (m_clock->isManual()) {
        QPointer<SweepJob> self(this);
        m_clockMoves = m_clock->subscribe([self] {
            QMetaObject::invokeMethod(
                self.data(),
                [self] {
                    if (self)
                        self->checkSchedule();
                },
                Qt::QueuedConnection);
        });
    } else {
        m_scheduleTick = new QTimer(this);
        m_scheduleTick->setInterval(1000);
        connect(m_scheduleTick, &QTimer::timeout, this, &SweepJob::checkSchedule);
        m_scheduleTick->start();
    }
}

void SweepJob::checkSchedule()
{
    if (m_state != State::Scheduled || m_cancelled || m_clock->now() < *m_spec.startAtMs)
        return;
    m_clockMoves.reset();
    if (m_scheduleTick)
        m_scheduleTick->stop();
    run();
}

void SweepJob::pause()
{
    if (m_state != State::Running && m_state != State::Exporting)
        return;
    m_autoPaused = false;
    m_control->pause();
    setState(State::Paused);
}

void SweepJob::resume()
{
    if (m_state != State::Paused)
        return;
    m_autoPaused = false;
    m_control->resume();
    setState(m_spec.exportPath.isEmpty() || m_progress.scanned > 0 ? State::Running
                                                                   : State::Exporting);
}

void SweepJob::cancel()
{
    m_cancelled = true;
    m_control->cancel();
    if (m_state == State::Scheduled) {
        m_clockMoves.reset();
        if (m_scheduleTick)
            m_scheduleTick->stop();
        finish(tr("Cancelled before it started."));
    }
}

double SweepJob::rate() const
{
    if (m_progress.activeMs <= 0)
        return 0;
    return double(m_progress.changed) * 1000.0 / double(m_progress.activeMs);
}

void SweepJob::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void SweepJob::takeProgress(const DeadLetterSweepProgress &progress)
{
    if (m_state == State::Finished)
        return;
    m_progress = progress;
    if (m_state == State::Exporting)
        setState(State::Running);
    // The sweep pauses itself, with a reason, when retried messages died again.
    if (m_state == State::Running && m_control->isPaused() && !m_control->pauseReason().empty()) {
        m_autoPaused = true;
        setState(State::Paused);
    }
    emit progressed();
}

void SweepJob::run()
{
    setState(m_spec.exportPath.isEmpty() ? State::Running : State::Exporting);
    DeadLetterSweepOptions options;
    options.action = m_spec.action;
    options.topic = m_spec.topic;
    options.filter = m_spec.filter;
    options.ratePerSecond = m_spec.ratePerSecond;
    options.control = m_control.get();
    options.clock = m_clock;
    if (m_spec.action == DeadLetterAction::Retry) {
        options.autoPauseShare = m_spec.autoPauseShare;
        options.autoPauseMinimum = m_spec.autoPauseMinimum;
    }
    QPointer<SweepJob> self(this);
    options.onProgress = [self](const DeadLetterSweepProgress &p) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, p] {
                if (self)
                    self->takeProgress(p);
            },
            Qt::QueuedConnection);
    };
    const auto onExported = [self](std::int64_t count) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, count] {
                if (self) {
                    self->m_exported = count;
                    emit self->progressed();
                }
            },
            Qt::QueuedConnection);
    };
    AuditRecord audit{actionName(m_spec.action),
                      m_database.toStdString(),
                      m_spec.topic,
                      m_spec.filterText.toStdString()};
    if (!m_spec.exportPath.isEmpty())
        audit.filter += " (exported first to " + m_spec.exportPath.toStdString() + ")";
    auto job = QtConcurrent::run([store = m_store,
                                  control = m_control,
                                  interrupted = m_interrupted,
                                  spec = m_spec,
                                  options,
                                  audit,
                                  onExported]() mutable {
        Outcome outcome;
        std::optional<AuditedAction> record;
        DeadLetterSweepProgress last; // what the batches before an error did
        try {
            if (spec.action != DeadLetterAction::Count) {
                record.emplace(audit,
                               spec.expected > 0 ? std::optional(spec.expected) : std::nullopt,
                               spec.audit);
            }
            const auto stopped = [&] {
                return interrupted->load() ? AuditOutcome::Interrupted : AuditOutcome::Cancelled;
            };
            if (!spec.exportPath.isEmpty()) {
                std::optional<std::vector<std::int64_t>> ids
                    = exportFirst(*store, spec, *control, onExported);
                if (!ids) {
                    outcome.sweep.cancelled = true;
                    if (record)
                        (void)record->end(stopped(), 0, 0, "during the export");
                    return outcome;
                }
                outcome.exported = std::int64_t(ids->size());
                options.onlyIds
                    = std::make_shared<const std::vector<std::int64_t>>(std::move(*ids));
            }
            const auto report = options.onProgress;
            options.onProgress = [&last, report](const DeadLetterSweepProgress &p) {
                last = p;
                report(p);
            };
            outcome.sweep = sweepDeadLetters(*store, options);
            const DeadLetterSweepProgress &p = outcome.sweep.progress;
            if (record) {
                (void)record->end(
                    outcome.sweep.cancelled ? stopped() : AuditOutcome::Done, p.matched, p.changed);
            }
        } catch (const std::exception &e) {
            outcome.error = e.what();
            // Interrupted, the store may have been closed under the batch in flight.
            if (record) {
                (void)record->end(interrupted->load() ? AuditOutcome::Interrupted
                                                      : AuditOutcome::Failed,
                                  last.matched,
                                  last.changed,
                                  e.what());
            }
        }
        return outcome;
    });
    kvs::then(job, this, [this](QFuture<Outcome> f) {
        QString error = errorOf(f);
        if (error.isEmpty() && !f.result().error.empty())
            error = QString::fromStdString(f.result().error);
        if (!error.isEmpty()) {
            m_error = error;
            finish(m_spec.exportPath.isEmpty()
                       ? tr("The job failed: %1").arg(error)
                       : tr("The job failed (nothing is deleted before the export is "
                            "written): %1")
                             .arg(error));
            return;
        }
        const Outcome outcome = f.result();
        m_progress = outcome.sweep.progress;
        const int changed = int(m_progress.changed);
        QString message = m_spec.action == DeadLetterAction::Retry
                              ? tr("Retried %Ln message(s).", nullptr, changed)
                          : m_spec.action == DeadLetterAction::Delete
                              ? tr("Deleted %Ln message(s).", nullptr, changed)
                              : tr("%Ln message(s) match.", nullptr, int(m_progress.matched));
        if (!m_spec.exportPath.isEmpty()) {
            message = tr("Exported %Ln message(s) to %1.", nullptr, int(outcome.exported))
                          .arg(m_spec.exportPath)
                      + QLatin1Char(' ') + message;
        }
        if (outcome.sweep.cancelled)
            message = tr("Cancelled. %1").arg(message);
        m_cancelled = m_cancelled || outcome.sweep.cancelled;
        finish(message);
    });
}

void SweepJob::finish(QString message)
{
    m_result = std::move(message);
    setState(State::Finished);
    emit finished(m_result);
}

} // namespace kvs::ui
