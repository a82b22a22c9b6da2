#include "benchmark/bench_export.h"

#include "bench/workload/workload_report.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace kvs::ui {

namespace {

QString text(const std::string &value)
{
    return QString::fromStdString(value);
}

// The members every result line carries besides its figures.
QJsonObject context(const bench::HistoryRun &run)
{
    QJsonObject line;
    line[QStringLiteral("workload")] = text(run.config.workload);
    line[QStringLiteral("backend")] = text(run.backend);
    line[QStringLiteral("store")] = text(bench::storeName(run.config.store));
    line[QStringLiteral("mode")] = text(bench::modeName(run.config));
    line[QStringLiteral("concurrency")] = run.config.concurrency;
    line[QStringLiteral("seconds")] = run.seconds;
    line[QStringLiteral("partial")] = run.partial;
    line[QStringLiteral("db")] = text(run.config.db);
    if (run.config.rate > 0)
        line[QStringLiteral("target_rate")] = run.config.rate;
    return line;
}

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

bool write(const QString &path, const QString &content, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content.toUtf8()) < 0 || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

QString number(double value)
{
    return QString::number(value, 'f', 2);
}

} // namespace

QStringList runJsonLines(const bench::HistoryRun &run)
{
    QStringList lines;
    QJsonObject head = context(run);
    head[QStringLiteral("kind")] = QStringLiteral("run");
    head[QStringLiteral("id")] = static_cast<qint64>(run.id);
    head[QStringLiteral("server_version")] = text(run.serverVersion);
    head[QStringLiteral("load_keys")] = static_cast<qint64>(run.load.keys);
    head[QStringLiteral("load_seconds")] = run.load.seconds;
    head[QStringLiteral("load_ops_per_s")] = run.load.opsPerSecond();
    head[QStringLiteral("client_cpu_percent")] = run.clientCpu * 100;
    head[QStringLiteral("cpu_model")] = text(run.machine.cpuModel);
    head[QStringLiteral("cores")] = run.machine.cores;
    head[QStringLiteral("os")] = text(run.machine.os);
    lines << compact(head);
    for (const bench::SavedOp &op : run.ops) {
        QJsonObject line = context(run);
        line[QStringLiteral("kind")] = QStringLiteral("result");
        line[QStringLiteral("op")] = text(op.op);
        line[QStringLiteral("ops_per_s")] = op.opsPerSecond;
        line[QStringLiteral("p50_us")] = op.p50Us;
        line[QStringLiteral("p90_us")] = op.p90Us;
        line[QStringLiteral("p99_us")] = op.p99Us;
        line[QStringLiteral("p999_us")] = op.p999Us;
        line[QStringLiteral("max_us")] = op.maxUs;
        line[QStringLiteral("errors")] = static_cast<qint64>(op.errors);
        QJsonObject byKind;
        for (const auto &[kind, count] : op.errorsByKind)
            byKind[text(kind)] = static_cast<qint64>(count);
        line[QStringLiteral("errors_by_kind")] = byKind;
        if (run.config.rate > 0)
            line[QStringLiteral("late")] = static_cast<qint64>(op.late);
        lines << compact(line);
    }
    for (const bench::SecondStats &second : run.series) {
        QJsonObject line;
        line[QStringLiteral("kind")] = QStringLiteral("second");
        line[QStringLiteral("workload")] = text(run.config.workload);
        line[QStringLiteral("second")] = second.second;
        line[QStringLiteral("ops_per_s")] = second.opsPerSecond;
        line[QStringLiteral("p50_us")] = second.p50Us;
        line[QStringLiteral("p99_us")] = second.p99Us;
        line[QStringLiteral("errors")] = static_cast<qint64>(second.errors);
        if (run.config.rate > 0)
            line[QStringLiteral("late")] = static_cast<qint64>(second.late);
        lines << compact(line);
    }
    return lines;
}

bool writeRunJson(const bench::HistoryRun &run, const QString &path, QString *error)
{
    return write(path, runJsonLines(run).join(QLatin1Char('\n')) + QLatin1Char('\n'), error);
}

bool writeRunCsv(const bench::HistoryRun &run, const QString &path, QString *error)
{
    QString csv = QStringLiteral("op,ops_per_s,p50_us,p90_us,p99_us,p999_us,max_us,errors\n");
    for (const bench::SavedOp &op : run.ops)
        csv += QStringList{text(op.op),
                           number(op.opsPerSecond),
                           number(op.p50Us),
                           number(op.p90Us),
                           number(op.p99Us),
                           number(op.p999Us),
                           number(op.maxUs),
                           QString::number(op.errors)}
                   .join(QLatin1Char(','))
               + QLatin1Char('\n');
    csv += QStringLiteral("\nsecond,ops_per_s,p50_us,p99_us,errors\n");
    for (const bench::SecondStats &second : run.series)
        csv += QStringList{QString::number(second.second),
                           number(second.opsPerSecond),
                           number(second.p50Us),
                           number(second.p99Us),
                           QString::number(second.errors)}
                   .join(QLatin1Char(','))
               + QLatin1Char('\n');
    return write(path, csv, error);
}

} // namespace kvs::ui
