#include "benchmark/bench_exports.h"

#include "bench/workload/percentile_distribution.h"
#include "benchmark/bench_charts.h"
#include "benchmark/bench_export.h"
#include "common/file_chooser.h"

#include <QPushButton>
#include <QSaveFile>

namespace kvs::ui {

BenchExports::BenchExports(BenchCharts *charts, QWidget *view)
    : QObject(view)
    , m_charts(charts)
    , m_view(view)
    , m_json(new QPushButton(tr("Export JSON…"), view))
    , m_csv(new QPushButton(tr("Export CSV…"), view))
    , m_hgrm(new QPushButton(tr("Histogram…"), view))
    , m_png(new QPushButton(tr("Chart as PNG…"), view))
    , m_svg(new QPushButton(tr("Chart as SVG…"), view))
{
    m_hgrm->setToolTip(tr("Save the run's latency histogram as HdrHistogram's percentile "
                          "distribution (.hgrm), as wrk2 writes it."));
    connect(m_json, &QPushButton::clicked, this, [this] {
        exportWithDialog(tr("Export the run as JSON"),
                         tr("JSON lines (*.json)"),
                         QStringLiteral(".json"),
                         &BenchExports::exportJson);
    });
    connect(m_csv, &QPushButton::clicked, this, [this] {
        exportWithDialog(tr("Export the run as CSV"),
                         tr("CSV (*.csv)"),
                         QStringLiteral(".csv"),
                         &BenchExports::exportCsv);
    });
    connect(m_png, &QPushButton::clicked, this, [this] {
        exportWithDialog(tr("Save the chart as PNG"),
                         tr("PNG image (*.png)"),
                         QStringLiteral(".png"),
                         &BenchExports::exportPng);
    });
    connect(m_hgrm, &QPushButton::clicked, this, [this] {
        exportWithDialog(tr("Save the latency histogram"),
                         tr("HdrHistogram percentile distribution (*.hgrm)"),
                         QStringLiteral(".hgrm"),
                         &BenchExports::exportHgrm);
    });
    connect(m_svg, &QPushButton::clicked, this, [this] {
        exportWithDialog(tr("Save the chart as SVG"),
                         tr("SVG image (*.svg)"),
                         QStringLiteral(".svg"),
                         &BenchExports::exportSvg);
    });
    updateButtons();
}

QList<QPushButton *> BenchExports::buttons() const
{
    return {m_json, m_csv, m_hgrm, m_png, m_svg};
}

void BenchExports::setShownRun(std::optional<bench::HistoryRun> run)
{
    m_shown = std::move(run);
    updateButtons();
}

void BenchExports::setRunning(bool running)
{
    m_running = running;
    updateButtons();
}

void BenchExports::updateButtons()
{
    const bool one = !m_running && m_shown.has_value();
    m_json->setEnabled(one);
    m_csv->setEnabled(one);
    // Runs saved before the history kept histograms have none.
    m_hgrm->setEnabled(one && !m_shown->ops.empty() && m_shown->ops.back().latency);
    m_png->setEnabled(!m_running);
    m_svg->setEnabled(!m_running);
}

bool BenchExports::exportJson(const QString &path)
{
    QString error;
    if (!m_shown || !writeRunJson(*m_shown, path, &error)) {
        emit status(tr("Cannot write %1: %2").arg(path, m_shown ? error : tr("no run shown")));
        return false;
    }
    return true;
}

bool BenchExports::exportCsv(const QString &path)
{
    QString error;
    if (!m_shown || !writeRunCsv(*m_shown, path, &error)) {
        emit status(tr("Cannot write %1: %2").arg(path, m_shown ? error : tr("no run shown")));
        return false;
    }
    return true;
}

bool BenchExports::exportHgrm(const QString &path)
{
    if (!m_shown || m_shown->ops.empty() || !m_shown->ops.back().latency) {
        emit status(tr("Cannot write %1: %2").arg(path, tr("no histogram of a run shown")));
        return false;
    }
    QSaveFile file(path);
    const std::string text = bench::percentileDistribution(*m_shown->ops.back().latency);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(text.data(), static_cast<qint64>(text.size())) < 0 || !file.commit()) {
        emit status(tr("Cannot write %1: %2").arg(path, file.errorString()));
        return false;
    }
    return true;
}

bool BenchExports::exportPng(const QString &path)
{
    if (m_charts->savePng(path))
        return true;
    emit status(tr("Cannot write %1.").arg(path));
    return false;
}

bool BenchExports::exportSvg(const QString &path)
{
    if (m_charts->saveSvg(path))
        return true;
    emit status(tr("Cannot write %1.").arg(path));
    return false;
}

void BenchExports::exportWithDialog(const QString &title,
                                    const QString &filter,
                                    const QString &suffix,
                                    bool (BenchExports::*write)(const QString &))
{
    QString path = FileChooser::getSaveFileName(m_view, title, QString(), filter);
    if (path.isEmpty())
        return;
    if (!path.endsWith(suffix, Qt::CaseInsensitive))
        path += suffix;
    if ((this->*write)(path))
        emit status(tr("Wrote %1.").arg(path));
}

} // namespace kvs::ui
