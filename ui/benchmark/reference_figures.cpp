#include "benchmark/reference_figures.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

// The JSON is compiled into kvs_ui, a static library: its resources are registered by hand.
static void initBenchResources()
{
    Q_INIT_RESOURCE(bench);
}

namespace kvs::ui {

namespace {

std::vector<bench::HistoryRun> readRuns()
{
    initBenchResources();
    QFile file(QStringLiteral(":/bench/reference_figures.json"));
    // Compiled in: it opens and parses, or the build is broken (the test reads every figure).
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject table = QJsonDocument::fromJson(file.readAll()).object();
    const std::string machine = table.value(QStringLiteral("machine")).toString().toStdString();
    const QJsonArray ops = table.value(QStringLiteral("ops")).toArray();
    std::vector<bench::HistoryRun> runs;
    for (const QJsonValue &rowValue : table.value(QStringLiteral("rows")).toArray()) {
        const QJsonObject row = rowValue.toObject();
        bench::HistoryRun run;
        run.id = -static_cast<std::int64_t>(runs.size() + 1);
        run.machine.cpuModel = machine;
        run.backend = row.value(QStringLiteral("target")).toString().toStdString();
        run.serverVersion = row.value(QStringLiteral("backend")).toString().toStdString();
        run.config.workload = "reference";
        run.config.store
            = row.value(QStringLiteral("store")).toString() == QStringLiteral("kvstore")
                  ? bench::StoreKind::KVStore
                  : bench::StoreKind::Async;
        const QJsonArray figures = row.value(QStringLiteral("ops_per_s")).toArray();
        for (qsizetype i = 0; i < ops.size() && i < figures.size(); ++i) {
            const QJsonValue ours = ops.at(i).toObject().value(QStringLiteral("op"));
            if (!ours.isString())
                continue; // an operation of the reference the engine has no match for
            bench::SavedOp op;
            op.op = ours.toString().toStdString();
            op.opsPerSecond = figures.at(i).toDouble();
            run.ops.push_back(op);
        }
        runs.push_back(std::move(run));
    }
    return runs;
}

} // namespace

const std::vector<bench::HistoryRun> &ReferenceFigures::runs()
{
    static const std::vector<bench::HistoryRun> figures = readRuns();
    return figures;
}

QString ReferenceFigures::title(const bench::HistoryRun &run)
{
    return tr("reference figures (%1)").arg(QString::fromStdString(run.machine.cpuModel));
}

QString ReferenceFigures::label(const bench::HistoryRun &run)
{
    return tr("%1: %2").arg(title(run), QString::fromStdString(run.serverVersion));
}

} // namespace kvs::ui
