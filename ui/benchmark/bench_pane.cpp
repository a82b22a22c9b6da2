#include "benchmark/bench_pane.h"

#include "benchmark/bench_chart.h"
#include "benchmark/bench_charts.h"
#include "benchmark/bench_controller.h"
#include "benchmark/bench_exports.h"
#include "benchmark/bench_form.h"
#include "benchmark/bench_history_model.h"
#include "benchmark/bench_history_panel.h"
#include "benchmark/bench_result_model.h"
#include "benchmark/bench_run_progress.h"
#include "benchmark/bench_run_starter.h"
#include "benchmark/bench_run_text.h"
#include "benchmark/capacity_chart.h"
#include "benchmark/reference_figures.h"
#include "benchmark/run_difference.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace kvs::ui {

BenchPane::BenchPane(QWidget *parent)
    : QWidget(parent)
    , m_controller(new BenchController(this))
    , m_results(new BenchResultModel(this))
    , m_form(new BenchForm(this))
    , m_starter(new BenchRunStarter(m_form, m_controller, this))
    , m_charts(new BenchCharts(this))
    , m_history(new BenchHistoryPanel(m_controller, this))
    , m_exports(new BenchExports(m_charts, this))
    , m_resultView(new QTableView(this))
    , m_start(new QPushButton(tr("Start"), this))
    , m_findCapacity(new QPushButton(tr("Find capacity"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_status(new QLabel(this))
{
    m_findCapacity->setToolTip(
        tr("Run fixed-rate steps, doubling the rate and then bisecting, to find the highest "
           "rate that keeps the SLO (and starts at most 5 % of its calls late). Each step runs "
           "the warm-up and the measured seconds."));
    m_stop->setEnabled(false);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("benchStatus"));
    m_resultView->setObjectName(QStringLiteral("benchResults"));
    m_resultView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_resultView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_resultView->verticalHeader()->hide();
    m_resultView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_resultView->setModel(m_results);
    m_history->addButtons(m_exports->buttons());

    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(formColumn());
    top->addWidget(m_charts);
    top->setStretchFactor(1, 1);
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_resultView);
    bottom->addWidget(m_history);
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

    auto *progress = new BenchRunProgress(m_controller, this);
    // The parts' sentences go to the one status line.
    connect(progress, &BenchRunProgress::status, m_status, &QLabel::setText);
    connect(m_starter, &BenchRunStarter::status, m_status, &QLabel::setText);
    connect(m_exports, &BenchExports::status, m_status, &QLabel::setText);
    connect(m_history, &BenchHistoryPanel::status, m_status, &QLabel::setText);
    connect(m_start, &QPushButton::clicked, this, &BenchPane::start);
    connect(m_findCapacity, &QPushButton::clicked, this, &BenchPane::findCapacity);
    connect(m_stop, &QPushButton::clicked, this, &BenchPane::stop);
    connect(m_controller, &BenchController::started, this, &BenchPane::onStarted);
    connect(m_controller, &BenchController::second, chart(), &BenchChart::addSecond);
    connect(m_controller, &BenchController::capacityStep, capacityChart(), &CapacityChart::addStep);
    connect(m_controller, &BenchController::finished, this, &BenchPane::onFinished);
    connect(m_controller, &BenchController::historyLoaded, this, [this] {
        m_historyRead = true;
        updateControls();
    });
    connect(m_controller, &BenchController::failed, this, [this](const QString &message) {
        m_status->setText(message);
        updateControls();
    });
    connect(m_history, &BenchHistoryPanel::runsSelected, this, &BenchPane::showSelectedRuns);
    updateControls();
}

QWidget *BenchPane::formColumn()
{
    auto *formBox = new QWidget(this);
    auto *form = new QVBoxLayout(formBox);
    form->addWidget(m_form);
    form->addStretch();
    // The form scrolls: its dozen rows need more height than a small screen gives the view,
    // and the tables below keep theirs. Its buttons and the status line stay below it, in
    // sight at any height, as a dialog's button row.
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("benchFormScroll"));
    scroll->setWidget(formBox);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(formBox->minimumSizeHint().width()
                            + scroll->verticalScrollBar()->sizeHint().width());
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_findCapacity);
    buttons->addWidget(m_stop);
    buttons->addStretch();
    auto *column = new QWidget(this);
    column->setObjectName(QStringLiteral("benchFormColumn"));
    auto *layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    return column;
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

bool BenchPane::start()
{
    return m_starter->start();
}

bool BenchPane::findCapacity()
{
    return m_starter->findCapacity();
}

void BenchPane::stop()
{
    m_controller->stop();
    m_status->setText(tr("Stopping…"));
}

BenchChart *BenchPane::chart() const
{
    return m_charts->runChart();
}

CapacityChart *BenchPane::capacityChart() const
{
    return m_charts->capacityChart();
}

BenchHistoryModel *BenchPane::historyModel() const
{
    return m_history->model();
}

QTableView *BenchPane::historyView() const
{
    return m_history->view();
}

void BenchPane::onStarted(const bench::WorkloadConfig &config)
{
    // The form shows the run in flight, also one started through the controller.
    m_form->showConfig(config);
    m_charts->startRun(config.seconds, m_controller->isCapacitySearch());
    m_results->clear();
    m_exports->setShownRun(std::nullopt);
    updateControls();
}

void BenchPane::onFinished(const bench::HistoryRun &run)
{
    const std::optional<std::vector<bench::SloThreshold>> slo = m_starter->formSlo();
    QString text = BenchRunText::finished(run, slo.value_or(std::vector<bench::SloThreshold>{}));
    if (run.id > 0)
        text += QLatin1Char(' ') + tr("Saved as run #%1.").arg(run.id);
    m_status->setText(text);
    // A saved run shows as the run selected in the history.
    if (run.id <= 0 || !m_history->selectRun(run.id))
        showRuns({run});
    updateControls();
}

void BenchPane::showSelectedRuns()
{
    if (m_controller->isRunning())
        return; // the chart belongs to the run
    const std::vector<bench::HistoryRun> runs = m_history->selectedRuns();
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
    m_charts->showRuns(runs);
    // The reference's figures are no run of ours to export.
    if (runs.size() == 1 && !ReferenceFigures::isReference(runs.front()))
        m_exports->setShownRun(runs.front());
    else
        m_exports->setShownRun(std::nullopt);
    updateControls();
}

void BenchPane::updateControls()
{
    const bool running = m_controller->isRunning();
    m_form->setRunning(running);
    m_start->setEnabled(!running);
    m_findCapacity->setEnabled(!running);
    m_stop->setEnabled(running);
    m_exports->setRunning(running);
    m_history->setRunning(running);
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
