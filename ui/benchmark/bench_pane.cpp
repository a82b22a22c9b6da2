#include "benchmark/bench_pane.h"

#include "bench/workload/percentile_distribution.h"
#include "bench/workload/workload_mix.h"
#include "benchmark/bench_chart.h"
#include "benchmark/bench_controller.h"
#include "benchmark/bench_export.h"
#include "benchmark/bench_form.h"
#include "benchmark/bench_history_model.h"
#include "benchmark/bench_result_model.h"
#include "benchmark/bench_run_text.h"
#include "benchmark/capacity_chart.h"
#include "benchmark/reference_figures.h"
#include "benchmark/run_difference.h"

#include <kvs/errors.h>

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace kvs::ui {

namespace {

QTableView *newTable(QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return view;
}

} // namespace

BenchPane::BenchPane(QWidget *parent)
    : QWidget(parent)
    , m_controller(new BenchController(this))
    , m_results(new BenchResultModel(this))
    , m_history(new BenchHistoryModel(this))
    , m_form(new BenchForm(this))
    , m_start(new QPushButton(tr("Start"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_status(new QLabel(this))
    , m_chart(new BenchChart(this))
    , m_capacityChart(new CapacityChart(this))
    , m_charts(new QStackedWidget(this))
    , m_findCapacity(new QPushButton(tr("Find capacity"), this))
    , m_exportHgrm(new QPushButton(tr("Histogram…"), this))
    , m_resultView(newTable(this))
    , m_historyView(newTable(this))
    , m_exportJson(new QPushButton(tr("Export JSON…"), this))
    , m_exportCsv(new QPushButton(tr("Export CSV…"), this))
    , m_exportPng(new QPushButton(tr("Chart as PNG…"), this))
    , m_exportSvg(new QPushButton(tr("Chart as SVG…"), this))
    , m_delete(new QPushButton(tr("Delete…"), this))
{
    m_confirm = [this](const QString &question) {
        return QMessageBox::question(this,
                                     tr("Delete saved runs"),
                                     question,
                                     QMessageBox::Yes | QMessageBox::Cancel,
                                     QMessageBox::Cancel)
               == QMessageBox::Yes;
    };
    m_delete->setToolTip(tr("Delete the selected runs from the history."));
    m_findCapacity->setToolTip(
        tr("Run fixed-rate steps, doubling the rate and then bisecting, to find the highest "
           "rate that keeps the SLO (and starts at most 5 % of its calls late). Each step runs "
           "the warm-up and the measured seconds."));
    m_exportHgrm->setToolTip(tr("Save the run's latency histogram as HdrHistogram's percentile "
                                "distribution (.hgrm), as wrk2 writes it."));
    m_charts->addWidget(m_chart);
    m_charts->addWidget(m_capacityChart);
    m_stop->setEnabled(false);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("benchStatus"));
    m_resultView->setObjectName(QStringLiteral("benchResults"));
    m_historyView->setObjectName(QStringLiteral("benchHistory"));
    m_resultView->setModel(m_results);
    m_historyView->setModel(m_history);
    m_historyView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_historyView->setToolTip(tr("Select two or more runs to compare them."));

    auto *form = new QVBoxLayout;
    form->addWidget(m_form);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_findCapacity);
    buttons->addWidget(m_stop);
    buttons->addStretch();
    form->addLayout(buttons);
    form->addWidget(m_status);
    form->addStretch();
    auto *formBox = new QWidget(this);
    formBox->setLayout(form);
    // The form scrolls: its dozen rows need more height than a small screen gives the view,
    // and the tables below keep theirs.
    auto *formScroll = new QScrollArea(this);
    formScroll->setObjectName(QStringLiteral("benchFormScroll"));
    formScroll->setWidget(formBox);
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    formScroll->setMinimumWidth(formBox->minimumSizeHint().width()
                                + formScroll->verticalScrollBar()->sizeHint().width());

    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(formScroll);
    top->addWidget(m_charts);
    top->setStretchFactor(1, 1);

    auto *exports = new QHBoxLayout;
    exports->addWidget(new QLabel(tr("Saved runs:"), this));
    exports->addStretch();
    for (QPushButton *button :
         {m_exportJson, m_exportCsv, m_exportHgrm, m_exportPng, m_exportSvg, m_delete})
        exports->addWidget(button);
    auto *historyBox = new QWidget(this);
    auto *historyLayout = new QVBoxLayout(historyBox);
    historyLayout->setContentsMargins(0, 0, 0, 0);
    historyLayout->addLayout(exports);
    historyLayout->addWidget(m_historyView);

    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_resultView);
    bottom->addWidget(historyBox);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);

    auto *all = new QSplitter(Qt::Vertical, this);
    all->addWidget(top);
    all->addWidget(bottom);
    all->setChildrenCollapsible(false);
    all->setStretchFactor(0, 3);
    all->setStretchFactor(1, 2);
    all->setSizes({300, 200}); // scaled to the height the view gets
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(all);

    m_statusTimer.setInterval(250);
    connect(&m_statusTimer, &QTimer::timeout, this, &BenchPane::updateStatus);
    connect(m_start, &QPushButton::clicked, this, &BenchPane::start);
    connect(m_findCapacity, &QPushButton::clicked, this, &BenchPane::findCapacity);
    connect(m_controller, &BenchController::stepStarted, this, &BenchPane::onStepStarted);
    connect(m_controller, &BenchController::capacityStep, m_capacityChart, &CapacityChart::addStep);
    connect(m_stop, &QPushButton::clicked, this, &BenchPane::stop);
    connect(m_controller, &BenchController::started, this, &BenchPane::onStarted);
    connect(m_controller, &BenchController::loaded, this, &BenchPane::onLoaded);
    connect(m_controller, &BenchController::second, m_chart, &BenchChart::addSecond);
    connect(m_controller, &BenchController::finished, this, &BenchPane::onFinished);
    connect(m_controller, &BenchController::historyLoaded, this, &BenchPane::onHistoryLoaded);
    connect(m_controller, &BenchController::runsDeleted, this, [this](const auto &ids) {
        m_status->setText(
            ids.size() == 1
                ? tr("Deleted saved run %1.").arg(runList(ids))
                : tr("Deleted the %1 saved runs %2.").arg(ids.size()).arg(runList(ids)));
    });
    connect(m_delete, &QPushButton::clicked, this, &BenchPane::deleteSelectedRuns);
    connect(m_controller, &BenchController::failed, this, [this](const QString &message) {
        m_status->setText(message);
        updateControls();
    });
    connect(m_historyView->selectionModel(),
            &QItemSelectionModel::selectionChanged,
            this,
            &BenchPane::showSelectedRuns);
    connect(m_exportJson, &QPushButton::clicked, this, [this] {
        exportWithDialog(tr("Export the run as JSON"),
                         tr("JSON lines (*.json)"),
                         QStringLiteral(".json"),
                         &BenchPane::exportJson);
    });
    connect(m_exportCsv, &QPushButton::clicked, this, [this] {
        exportWithDialog(tr("Export the run as CSV"),
                         tr("CSV (*.csv)"),
                         QStringLiteral(".csv"),
                         &BenchPane::exportCsv);
    });
    connect(m_exportPng, &QPushButton::clicked, this, [this] {
        exportWithDialog(tr("Save the chart as PNG"),
                         tr("PNG image (*.png)"),
                         QStringLiteral(".png"),
                         &BenchPane::exportPng);
    });
    connect(m_exportHgrm, &QPushButton::clicked, this, [this] {
        exportWithDialog(tr("Save the latency histogram"),
                         tr("HdrHistogram percentile distribution (*.hgrm)"),
                         QStringLiteral(".hgrm"),
                         &BenchPane::exportHgrm);
    });
    connect(m_exportSvg, &QPushButton::clicked, this, [this] {
        exportWithDialog(tr("Save the chart as SVG"),
                         tr("SVG image (*.svg)"),
                         QStringLiteral(".svg"),
                         &BenchPane::exportSvg);
    });
    updateControls();
}

void BenchPane::setSqliteDatabase(const QString &path)
{
    m_form->setSqliteDatabase(path);
}

void BenchPane::setPostgresServer(const std::string &connection, const QString &displayName)
{
    m_form->setPostgresServer(connection, displayName);
}

void BenchPane::setTarget(Target target)
{
    m_form->setTarget(target == PostgresServer ? BenchForm::PostgresServer
                                               : BenchForm::ScratchSqlite);
}

void BenchPane::setScratchFolder(const QString &folder)
{
    m_form->setScratchFolder(folder);
}

void BenchPane::setWorkload(const QString &name)
{
    m_form->setWorkload(name);
}

bench::WorkloadConfig BenchPane::config() const
{
    return m_form->config();
}

std::optional<std::vector<bench::SloThreshold>> BenchPane::formSlo()
{
    if (m_form->sloText().isEmpty())
        return std::vector<bench::SloThreshold>{};
    try {
        return bench::parseSlo(m_form->sloText().toStdString());
    } catch (const Error &error) {
        m_status->setText(
            tr("The SLO does not read: %1").arg(QString::fromStdString(error.what())));
        return std::nullopt;
    }
}

bool BenchPane::start()
{
    bench::WorkloadConfig run = config();
    if (m_form->target() == BenchForm::PostgresServer && !m_form->hasPostgresServer()) {
        m_status->setText(tr("This database is not on a PostgreSQL server."));
        return false;
    }
    if (run.workload == "custom") {
        try {
            run.mix = bench::parseMix(m_form->mixText().toStdString());
        } catch (const Error &error) {
            m_status->setText(QString::fromStdString(error.what()));
            return false;
        }
    }
    if (!formSlo())
        return false;
    return m_controller->start(run);
}

bool BenchPane::findCapacity()
{
    bench::WorkloadConfig search = config();
    if (m_form->target() == BenchForm::PostgresServer && !m_form->hasPostgresServer()) {
        m_status->setText(tr("This database is not on a PostgreSQL server."));
        return false;
    }
    if (search.workload == "custom") {
        try {
            search.mix = bench::parseMix(m_form->mixText().toStdString());
        } catch (const Error &error) {
            m_status->setText(QString::fromStdString(error.what()));
            return false;
        }
    }
    const std::optional<std::vector<bench::SloThreshold>> slo = formSlo();
    if (!slo)
        return false;
    search.rate = 0;
    bench::CapacityOptions options;
    options.slo = *slo;
    return m_controller->findCapacity(search, options);
}

void BenchPane::onStepStarted(int index, double rate, bool repeat)
{
    m_stepText = BenchRunText::step(index, rate, repeat);
    m_stepStartedMs = m_controller->elapsedMs();
    updateStatus();
}

bool BenchPane::showsCapacity() const
{
    return m_charts->currentWidget() == m_capacityChart;
}

void BenchPane::showCapacity(bool on)
{
    m_charts->setCurrentWidget(on ? static_cast<QWidget *>(m_capacityChart) : m_chart);
}

void BenchPane::onStarted(const bench::WorkloadConfig &config)
{
    // The form shows the run in flight, also one started through the controller.
    m_form->showConfig(config);
    m_loadedAtMs.reset();
    m_stepText.clear();
    showCapacity(m_controller->isCapacitySearch());
    m_capacityChart->startSearch();
    m_chart->startRun(config.seconds);
    m_results->clear();
    m_shown.reset();
    m_statusTimer.start();
    updateStatus();
    updateControls();
}

void BenchPane::stop()
{
    m_controller->stop();
    m_status->setText(tr("Stopping…"));
}

void BenchPane::onLoaded(const bench::LoadPhase &)
{
    m_loadedAtMs = m_controller->elapsedMs();
    updateStatus();
}

void BenchPane::onFinished(const bench::HistoryRun &run)
{
    m_statusTimer.stop();
    const std::optional<std::vector<bench::SloThreshold>> slo = formSlo();
    QString text = BenchRunText::finished(run, slo.value_or(std::vector<bench::SloThreshold>{}));
    if (run.id > 0)
        text += QLatin1Char(' ') + tr("Saved as run #%1.").arg(run.id);
    m_status->setText(text);
    const int row = run.id > 0 ? m_history->rowOf(run.id) : -1;
    if (row >= 0)
        m_historyView->selectRow(row); // shows it, as a selected run
    else
        showRuns({run});
    updateControls();
}

void BenchPane::onHistoryLoaded(const std::vector<bench::HistoryRun> &runs)
{
    m_historyRead = true;
    // The runs selected stay selected (a run added by `kvs bench --save` must not drop a
    // comparison); when one of them is gone, the shown runs follow.
    const std::vector<std::int64_t> selected = selectedRunIds(false);
    {
        const QSignalBlocker block(m_historyView->selectionModel());
        m_history->setRuns(runs);
        for (const std::int64_t id : selected) {
            if (const int row = m_history->rowOf(id); row >= 0)
                m_historyView->selectionModel()->select(m_history->index(row, 0),
                                                        QItemSelectionModel::Select
                                                            | QItemSelectionModel::Rows);
        }
    }
    if (selectedRunIds(false) != selected)
        showSelectedRuns();
    updateControls();
}

std::vector<std::int64_t> BenchPane::selectedRunIds(bool savedOnly) const
{
    std::vector<std::int64_t> ids;
    QModelIndexList rows = m_historyView->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end());
    for (const QModelIndex &index : rows) {
        const std::int64_t id = m_history->run(index.row()).id;
        if (!savedOnly || !ReferenceFigures::isReference(m_history->run(index.row())))
            ids.push_back(id);
    }
    return ids;
}

QString BenchPane::runList(const std::vector<std::int64_t> &ids)
{
    QStringList names;
    for (const std::int64_t id : ids)
        names << QStringLiteral("#%1").arg(id);
    return QLocale().createSeparatedList(names);
}

void BenchPane::deleteSelectedRuns()
{
    const std::vector<std::int64_t> ids = selectedRunIds(true);
    if (ids.empty() || m_controller->isRunning())
        return;
    const QString question
        = ids.size() == 1
              ? tr("Delete saved run %1 from the benchmark history? This cannot be undone.")
                    .arg(runList(ids))
              : tr("Delete the %1 saved runs %2 from the benchmark history? This cannot be "
                   "undone.")
                    .arg(ids.size())
                    .arg(runList(ids));
    if (!m_confirm(question))
        return;
    m_controller->deleteRuns(ids);
}

void BenchPane::showSelectedRuns()
{
    if (m_controller->isRunning())
        return; // the chart belongs to the run
    std::vector<bench::HistoryRun> runs;
    QModelIndexList rows = m_historyView->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end());
    for (const QModelIndex &index : rows)
        runs.push_back(m_history->run(index.row()));
    if (!runs.empty())
        showRuns(runs);
    else
        updateControls();
}

void BenchPane::showRuns(const std::vector<bench::HistoryRun> &runs)
{
    std::vector<BenchResultModel::RunRows> rows;
    const RunDifference difference(runs);
    for (const bench::HistoryRun &run : runs) {
        QString label = difference.label(run);
        if (run.partial)
            label += QLatin1Char(' ') + tr("(partial)");
        rows.push_back({label, run.ops, ReferenceFigures::isReference(run)});
    }
    m_results->setRuns(std::move(rows));
    m_chart->showRuns(runs);
    // One capacity search: its steps; several runs compare their seconds.
    const bool capacity = runs.size() == 1 && !runs.front().capacity.empty();
    if (capacity)
        m_capacityChart->showSteps(runs.front().capacity);
    showCapacity(capacity);
    // The reference's figures are no run of ours to export.
    if (runs.size() == 1 && !ReferenceFigures::isReference(runs.front()))
        m_shown = runs.front();
    else
        m_shown.reset();
    updateControls();
}

void BenchPane::updateStatus()
{
    if (!m_controller->isRunning())
        return;
    const bench::WorkloadConfig &run = m_controller->config();
    if (!m_loadedAtMs) {
        m_status->setText(tr("Loading %1 keys…").arg(QLocale().toString(qulonglong(run.keys))));
        return;
    }
    if (m_controller->isCapacitySearch()) {
        // Each step runs its warm-up and measured seconds; how many steps is not known ahead.
        const double inStep = (m_controller->elapsedMs() - m_stepStartedMs) / 1000.0;
        m_status->setText(BenchRunText::stepProgress(m_stepText, inStep, run));
        return;
    }
    const double elapsed = (m_controller->elapsedMs() - *m_loadedAtMs) / 1000.0;
    if (elapsed < run.warmupSeconds) {
        m_status->setText(
            tr("Warm-up: %1 s left.").arg(QLocale().toString(run.warmupSeconds - elapsed, 'f', 0)));
        return;
    }
    const double measured = std::min(elapsed - run.warmupSeconds, run.seconds);
    m_status->setText(tr("%1 s of %2 s, %3 s left.")
                          .arg(QLocale().toString(measured, 'f', 0),
                               QLocale().toString(run.seconds, 'f', 0),
                               QLocale().toString(run.seconds - measured, 'f', 0)));
}

void BenchPane::updateControls()
{
    const bool running = m_controller->isRunning();
    m_form->setRunning(running);
    m_start->setEnabled(!running);
    m_findCapacity->setEnabled(!running);
    m_stop->setEnabled(running);
    const bool one = !running && m_shown.has_value();
    m_exportJson->setEnabled(one);
    m_exportCsv->setEnabled(one);
    // Runs saved before the history kept histograms have none.
    m_exportHgrm->setEnabled(one && !m_shown->ops.empty() && m_shown->ops.back().latency);
    m_exportPng->setEnabled(!running);
    m_exportSvg->setEnabled(!running);
    m_delete->setEnabled(!running && !selectedRunIds(true).empty());
}

bool BenchPane::exportJson(const QString &path)
{
    QString error;
    if (!m_shown || !writeRunJson(*m_shown, path, &error)) {
        m_status->setText(
            tr("Cannot write %1: %2").arg(path, m_shown ? error : tr("no run shown")));
        return false;
    }
    return true;
}

bool BenchPane::exportCsv(const QString &path)
{
    QString error;
    if (!m_shown || !writeRunCsv(*m_shown, path, &error)) {
        m_status->setText(
            tr("Cannot write %1: %2").arg(path, m_shown ? error : tr("no run shown")));
        return false;
    }
    return true;
}

bool BenchPane::exportHgrm(const QString &path)
{
    if (!m_shown || m_shown->ops.empty() || !m_shown->ops.back().latency) {
        m_status->setText(tr("Cannot write %1: %2").arg(path, tr("no histogram of a run shown")));
        return false;
    }
    QSaveFile file(path);
    const std::string text = bench::percentileDistribution(*m_shown->ops.back().latency);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(text.data(), static_cast<qint64>(text.size())) < 0 || !file.commit()) {
        m_status->setText(tr("Cannot write %1: %2").arg(path, file.errorString()));
        return false;
    }
    return true;
}

bool BenchPane::exportPng(const QString &path)
{
    if (showsCapacity() ? m_capacityChart->savePng(path) : m_chart->savePng(path))
        return true;
    m_status->setText(tr("Cannot write %1.").arg(path));
    return false;
}

bool BenchPane::exportSvg(const QString &path)
{
    if (showsCapacity() ? m_capacityChart->saveSvg(path) : m_chart->saveSvg(path))
        return true;
    m_status->setText(tr("Cannot write %1.").arg(path));
    return false;
}

void BenchPane::exportWithDialog(const QString &title,
                                 const QString &filter,
                                 const QString &suffix,
                                 bool (BenchPane::*write)(const QString &))
{
    QString path = QFileDialog::getSaveFileName(this, title, QString(), filter);
    if (path.isEmpty())
        return;
    if (!path.endsWith(suffix, Qt::CaseInsensitive))
        path += suffix;
    if ((this->*write)(path))
        m_status->setText(tr("Wrote %1.").arg(path));
}

void BenchPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_historyRead)
        m_controller->loadHistory();
    // Runs that `kvs bench --save` adds show up while the tab is open.
    m_controller->setWatchingHistory(true);
}

void BenchPane::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_controller->setWatchingHistory(false);
}

} // namespace kvs::ui
