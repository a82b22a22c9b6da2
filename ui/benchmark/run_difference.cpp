#include "benchmark/run_difference.h"

#include "bench/workload/workload_report.h"
#include "benchmark/bench_history_model.h"
#include "benchmark/reference_figures.h"

#include <QLocale>

namespace kvs::ui {

std::vector<std::pair<QString, QString>> RunDifference::parameters(const bench::HistoryRun &run)
{
    const bench::WorkloadConfig &config = run.config;
    const QLocale locale;
    const auto bytes = [&locale](std::uint32_t size) {
        return tr("%1 bytes").arg(locale.toString(size));
    };
    return {
        {tr("store"), QString::fromStdString(bench::storeName(config.store))},
        {tr("concurrency"), locale.toString(config.concurrency)},
        {tr("rate"),
         config.rate > 0 ? tr("%1 ops/s").arg(locale.toString(config.rate)) : tr("closed loop")},
        {tr("keys"), locale.toString(qulonglong(config.keys))},
        {tr("distribution"),
         config.distributionSet
             ? QString::fromStdString(bench::distributionName(config.distribution))
             : tr("the workload's own")},
        {tr("value size"),
         config.valueMin == config.valueMax
             ? bytes(config.valueMin)
             : tr("%1 to %2").arg(bytes(config.valueMin), bytes(config.valueMax))},
        {tr("TTL share"), tr("%1 %").arg(locale.toString(config.ttlShare * 100))},
        {tr("scan length"), locale.toString(config.scanLength)},
        {tr("measured"), tr("%1 s").arg(locale.toString(config.seconds))},
        {tr("warm-up"), tr("%1 s").arg(locale.toString(config.warmupSeconds))},
        {tr("pool"), config.poolSize > 0 ? locale.toString(config.poolSize) : tr("the default")},
        {tr("durability"),
         config.durability.empty() ? tr("the store's default")
                                   : QString::fromStdString(config.durability)},
        {tr("listeners"), locale.toString(config.listeners)},
        {tr("handlers per listener"), locale.toString(config.listenerConcurrency)},
    };
}

RunDifference::RunDifference(const std::vector<bench::HistoryRun> &runs)
{
    std::vector<std::vector<std::pair<QString, QString>>> compared;
    for (const bench::HistoryRun &run : runs) {
        if (!ReferenceFigures::isReference(run))
            compared.push_back(parameters(run));
    }
    if (compared.size() < 2)
        return;
    for (std::size_t index = 0; index < compared.front().size(); ++index) {
        const QString &first = compared.front()[index].second;
        for (const auto &parameters : compared) {
            if (parameters[index].second != first) {
                m_names << parameters[index].first;
                break;
            }
        }
    }
}

QString RunDifference::of(const bench::HistoryRun &run) const
{
    if (m_names.isEmpty() || ReferenceFigures::isReference(run))
        return {};
    QStringList parts;
    for (const auto &[name, value] : parameters(run)) {
        if (m_names.contains(name) && parts.size() < kMostNamed)
            parts << tr("%1 %2").arg(name, value);
    }
    return parts.join(QStringLiteral(", "));
}

QString RunDifference::label(const bench::HistoryRun &run) const
{
    const QString differs = of(run);
    const QString label = BenchHistoryModel::label(run);
    return differs.isEmpty() ? label : tr("%1 (%2)").arg(label, differs);
}

} // namespace kvs::ui
