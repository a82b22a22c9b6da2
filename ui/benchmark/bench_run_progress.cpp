#include "benchmark/bench_run_progress.h"

#include "benchmark/bench_controller.h"
#include "benchmark/bench_run_text.h"

#include <QLocale>

#include <algorithm>

namespace kvs::ui {

BenchRunProgress::BenchRunProgress(BenchController *controller, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
{
    m_timer.setInterval(250);
    connect(&m_timer, &QTimer::timeout, this, &BenchRunProgress::update);
    connect(m_controller, &BenchController::started, this, &BenchRunProgress::onStarted);
    connect(m_controller, &BenchController::loaded, this, &BenchRunProgress::onLoaded);
    connect(m_controller, &BenchController::stepStarted, this, &BenchRunProgress::onStepStarted);
    connect(m_controller, &BenchController::finished, &m_timer, &QTimer::stop);
    connect(m_controller, &BenchController::failed, this, [this] {
        if (!m_controller->isRunning())
            m_timer.stop();
    });
}

void BenchRunProgress::onStarted()
{
    m_loadedAtMs.reset();
    m_stepText.clear();
    m_timer.start();
    update();
}

void BenchRunProgress::onLoaded()
{
    m_loadedAtMs = m_controller->elapsedMs();
    update();
}

void BenchRunProgress::onStepStarted(int index, double rate, bool repeat)
{
    m_stepText = BenchRunText::step(index, rate, repeat);
    m_stepStartedMs = m_controller->elapsedMs();
    update();
}

void BenchRunProgress::update()
{
    if (!m_controller->isRunning())
        return;
    const bench::WorkloadConfig &run = m_controller->config();
    if (!m_loadedAtMs) {
        emit status(tr("Loading %1 keys…").arg(QLocale().toString(qulonglong(run.keys))));
        return;
    }
    if (m_controller->isCapacitySearch()) {
        // Each step runs its warm-up and measured seconds; how many steps is not known ahead.
        const double inStep = (m_controller->elapsedMs() - m_stepStartedMs) / 1000.0;
        emit status(BenchRunText::stepProgress(m_stepText, inStep, run));
        return;
    }
    const double elapsed = (m_controller->elapsedMs() - *m_loadedAtMs) / 1000.0;
    if (elapsed < run.warmupSeconds) {
        emit status(
            tr("Warm-up: %1 s left.").arg(QLocale().toString(run.warmupSeconds - elapsed, 'f', 0)));
        return;
    }
    const double measured = std::min(elapsed - run.warmupSeconds, run.seconds);
    emit status(tr("%1 s of %2 s, %3 s left.")
                    .arg(QLocale().toString(measured, 'f', 0),
                         QLocale().toString(run.seconds, 'f', 0),
                         QLocale().toString(run.seconds - measured, 'f', 0)));
}

} // namespace kvs::ui
