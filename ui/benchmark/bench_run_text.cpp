#include "benchmark/bench_run_text.h"

#include <QLocale>

#include <algorithm>
#include <memory>

namespace kvs::ui {

namespace {

QString whole(double value)
{
    return QLocale().toString(value, 'f', 0);
}

// The lowest rate above the highest that held whose run broke; 0 when none.
double lowestBroken(const bench::HistoryRun &run)
{
    double broke = 0;
    for (const bench::CapacityStep &step : run.capacity) {
        if (!step.held && step.rate > run.config.rate && (broke == 0 || step.rate < broke))
            broke = step.rate;
    }
    return broke;
}

} // namespace

QString BenchRunText::finished(const bench::HistoryRun &run,
                               const std::vector<bench::SloThreshold> &slo)
{
    if (!run.capacity.empty()) {
        // A search: its run is the highest rate that held (config.rate, 0 for none).
        if (run.config.rate <= 0) {
            return run.partial ? tr("Stopped early: no rate held so far.")
                               : tr("Even the first step broke: %1")
                                     .arg(QString::fromStdString(run.capacity.back().broken));
        }
        if (run.partial)
            return tr("Stopped early: %1 calls/s held so far.").arg(whole(run.config.rate));
        const double broke = lowestBroken(run);
        if (broke == 0)
            return tr("Capacity: every step held, up to %1 calls/s.").arg(whole(run.config.rate));
        return tr("Capacity: %1 calls/s held; %2 calls/s broke.")
            .arg(whole(run.config.rate), whole(broke));
    }
    const QString ops = run.ops.empty() ? QStringLiteral("0") : whole(run.ops.back().opsPerSecond);
    QString text = run.partial ? tr("Stopped early after %1 s: %2 ops/s, a partial result.")
                                     .arg(QLocale().toString(run.seconds, 'f', 1), ops)
                               : tr("Finished: %1 ops/s.").arg(ops);
    if (slo.empty() || run.ops.empty() || !run.ops.back().latency)
        return text;
    const bench::SavedOp &saved = run.ops.back(); // all operations
    bench::OpResult all;
    all.ops = saved.ops;
    all.errors = saved.errors;
    all.late = saved.late;
    all.latency = std::make_shared<bench::LatencyHistogram>(*saved.latency);
    const std::vector<bench::SloCheck> checks = bench::checkSlo(slo, all);
    return text + QLatin1Char(' ')
           + (bench::sloHeld(checks)
                  ? tr("The SLO held.")
                  : tr("The SLO broke: %1.")
                        .arg(QString::fromStdString(bench::brokenSloText(checks))));
}

QString BenchRunText::step(int index, double rate, bool repeat)
{
    return repeat ? tr("Step %1 at %2 calls/s (run again: it broke):").arg(index).arg(whole(rate))
                  : tr("Step %1 at %2 calls/s:").arg(index).arg(whole(rate));
}

QString BenchRunText::stepProgress(const QString &step,
                                   double secondsInStep,
                                   const bench::WorkloadConfig &run)
{
    if (secondsInStep < run.warmupSeconds)
        return tr("%1 warm-up.").arg(step);
    const double measured = std::min(secondsInStep - run.warmupSeconds, run.seconds);
    return tr("%1 %2 s of %3 s.").arg(step, whole(measured), whole(run.seconds));
}

} // namespace kvs::ui
