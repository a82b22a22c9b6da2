#include "bench/bench_pane.h"

#include "bench/bench_chart.h"
#include "bench/bench_controller.h"
#include "bench/bench_export.h"
#include "bench/bench_history_model.h"
#include "bench/bench_result_model.h"
#include "bench/workload_mix.h"

#include <kvs/errors.h>

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace kvs::ui {

namespace {

constexpr const char *kWorkloads[] = {"ycsb-a",
                                      "ycsb-b",
                                      "ycsb-c",
                                      "ycsb-d",
                                      "ycsb-e",
                                      "ycsb-f",
                                      "get",
                                      "set",
                                      "get_miss",
                                      "delete",
                                      "increment",
                                      "get_many_10",
                                      "atomic_sum",
                                      "queue",
                                      "custom"};

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
    , m_target(new QComboBox(this))
    , m_folder(new QLineEdit(QDir::tempPath(), this))
    , m_chooseFolder(new QPushButton(tr("Choose…"), this))
    , m_workload(new QComboBox(this))
    , m_mix(new QLineEdit(QStringLiteral("get=50,set=30,list=20"), this))
    , m_seconds(new QDoubleSpinBox(this))
    , m_warmup(new QDoubleSpinBox(this))
    , m_keys(new QSpinBox(this))
    , m_distribution(new QComboBox(this))
    , m_valueMin(new QSpinBox(this))
    , m_valueMax(new QSpinBox(this))
    , m_concurrency(new QSpinBox(this))
    , m_rate(new QDoubleSpinBox(this))
    , m_store(new QComboBox(this))
    , m_start(new QPushButton(tr("Start"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_status(new QLabel(this))
    , m_chart(new BenchChart(this))
    , m_resultView(newTable(this))
    , m_historyView(newTable(this))
    , m_exportJson(new QPushButton(tr("Export JSON…"), this))
    , m_exportCsv(new QPushButton(tr("Export CSV…"), this))
    , m_exportPng(new QPushButton(tr("Chart as PNG…"), this))
    , m_exportSvg(new QPushButton(tr("Chart as SVG…"), this))
{
    m_target->setObjectName(QStringLiteral("benchTarget"));
    m_target->addItem(tr("Scratch SQLite file in a folder"), ScratchSqlite);
    m_target->addItem(tr("This PostgreSQL server (scratch kvsbench_ tables)"), PostgresServer);
    m_target->setToolTip(tr("The benchmark never touches the database's own data: it writes a "
                            "scratch file, or scratch tables it creates and drops."));
    for (const char *name : kWorkloads)
        m_workload->addItem(QString::fromLatin1(name));
    m_mix->setObjectName(QStringLiteral("benchMix"));
    m_mix->setToolTip(tr("The custom mix: operation=weight, separated by commas."));
    m_seconds->setRange(0.1, 86400);
    m_seconds->setValue(10);
    m_seconds->setSuffix(tr(" s"));
    m_warmup->setRange(0, 3600);
    m_warmup->setValue(1);
    m_warmup->setSuffix(tr(" s"));
    m_keys->setRange(1, 100'000'000);
    m_keys->setValue(100'000);
    m_keys->setGroupSeparatorShown(true);
    m_distribution->addItem(tr("the workload's own"));
    m_distribution->addItem(tr("uniform"), static_cast<int>(bench::KeyDistribution::Uniform));
    m_distribution->addItem(tr("zipfian"), static_cast<int>(bench::KeyDistribution::Zipfian));
    m_distribution->addItem(tr("latest"), static_cast<int>(bench::KeyDistribution::Latest));
    m_distribution->addItem(tr("sequential"), static_cast<int>(bench::KeyDistribution::Sequential));
    for (QSpinBox *size : {m_valueMin, m_valueMax}) {
        size->setRange(0, 16 * 1024 * 1024);
        size->setValue(100);
        size->setSuffix(tr(" bytes"));
    }
    m_concurrency->setRange(1, bench::kMaxConcurrency);
    m_rate->setRange(0, 100'000'000);
    m_rate->setDecimals(0);
    m_rate->setSpecialValueText(tr("closed loop"));
    m_rate->setSuffix(tr(" ops/s"));
    m_store->addItem(tr("AsyncKVStore (calls in flight)"),
                     static_cast<int>(bench::StoreKind::Async));
    m_store->addItem(tr("KVStore (one call at a time)"),
                     static_cast<int>(bench::StoreKind::KVStore));
    m_stop->setEnabled(false);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("benchStatus"));
    m_resultView->setModel(m_results);
    m_historyView->setModel(m_history);
    m_historyView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_historyView->setToolTip(tr("Select two or more runs to compare them."));

    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(m_chooseFolder);
    auto *valueRow = new QHBoxLayout;
    valueRow->addWidget(m_valueMin);
    valueRow->addWidget(new QLabel(tr("to"), this));
    valueRow->addWidget(m_valueMax);
    auto *form = new QFormLayout;
    form->addRow(tr("Target:"), m_target);
    form->addRow(tr("Scratch folder:"), folderRow);
    form->addRow(tr("Workload:"), m_workload);
    form->addRow(tr("Custom mix:"), m_mix);
    form->addRow(tr("Measured:"), m_seconds);
    form->addRow(tr("Warm-up:"), m_warmup);
    form->addRow(tr("Keys:"), m_keys);
    form->addRow(tr("Distribution:"), m_distribution);
    form->addRow(tr("Value size:"), valueRow);
    form->addRow(tr("Concurrency:"), m_concurrency);
    form->addRow(tr("Rate:"), m_rate);
    form->addRow(tr("Store:"), m_store);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    buttons->addStretch();
    form->addRow(buttons);
    form->addRow(m_status);
    auto *formBox = new QWidget(this);
    formBox->setLayout(form);

    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(formBox);
    top->addWidget(m_chart);
    top->setStretchFactor(1, 1);

    auto *exports = new QHBoxLayout;
    exports->addWidget(new QLabel(tr("Saved runs:"), this));
    exports->addStretch();
    for (QPushButton *button : {m_exportJson, m_exportCsv, m_exportPng, m_exportSvg})
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
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(all);

    m_statusTimer.setInterval(250);
    connect(&m_statusTimer, &QTimer::timeout, this, &BenchPane::updateStatus);
    connect(m_start, &QPushButton::clicked, this, &BenchPane::start);
    connect(m_stop, &QPushButton::clicked, this, &BenchPane::stop);
    connect(m_chooseFolder, &QPushButton::clicked, this, &BenchPane::chooseFolder);
    connect(m_target, &QComboBox::currentIndexChanged, this, &BenchPane::updateControls);
    connect(m_workload, &QComboBox::currentIndexChanged, this, &BenchPane::updateControls);
    connect(m_store, &QComboBox::currentIndexChanged, this, &BenchPane::updateControls);
    connect(m_controller, &BenchController::started, this, &BenchPane::onStarted);
    connect(m_controller, &BenchController::loaded, this, &BenchPane::onLoaded);
    connect(m_controller, &BenchController::second, m_chart, &BenchChart::addSecond);
    connect(m_controller, &BenchController::finished, this, &BenchPane::onFinished);
    connect(m_controller, &BenchController::historyLoaded, this, &BenchPane::onHistoryLoaded);
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
    // Users benchmark the disk their database is on, not a tmpfs.
    const QString folder = QFileInfo(path).absolutePath();
    if (QFileInfo(folder).isDir())
        m_folder->setText(folder);
    m_postgres.clear();
    setTarget(ScratchSqlite);
}

void BenchPane::setPostgresServer(const std::string &connection, const QString &displayName)
{
    m_postgres = connection;
    m_target->setItemText(
        PostgresServer,
        tr("The PostgreSQL server of %1 (scratch kvsbench_ tables)").arg(displayName));
    setTarget(PostgresServer);
}

void BenchPane::setTarget(Target target)
{
    m_target->setCurrentIndex(target);
    updateControls();
}

void BenchPane::setScratchFolder(const QString &folder)
{
    m_folder->setText(folder);
}

void BenchPane::setWorkload(const QString &name)
{
    m_workload->setCurrentText(name);
}

bench::WorkloadConfig BenchPane::config() const
{
    bench::WorkloadConfig config;
    if (m_target->currentIndex() == PostgresServer)
        config.db = m_postgres;
    else
        config.scratchFolder = m_folder->text().toStdString();
    config.workload = m_workload->currentText().toStdString();
    config.seconds = m_seconds->value();
    config.warmupSeconds = m_warmup->value();
    config.keys = static_cast<std::uint64_t>(m_keys->value());
    if (m_distribution->currentIndex() > 0) {
        config.distribution
            = static_cast<bench::KeyDistribution>(m_distribution->currentData().toInt());
        config.distributionSet = true;
    }
    config.valueMin = static_cast<std::uint32_t>(m_valueMin->value());
    config.valueMax = static_cast<std::uint32_t>(m_valueMax->value());
    config.concurrency = m_concurrency->value();
    config.rate = m_rate->value();
    config.store = static_cast<bench::StoreKind>(m_store->currentData().toInt());
    return config;
}

bool BenchPane::start()
{
    bench::WorkloadConfig run = config();
    if (m_target->currentIndex() == PostgresServer && m_postgres.empty()) {
        m_status->setText(tr("This database is not on a PostgreSQL server."));
        return false;
    }
    if (run.workload == "custom") {
        try {
            run.mix = bench::parseMix(m_mix->text().toStdString());
        } catch (const Error &error) {
            m_status->setText(QString::fromStdString(error.what()));
            return false;
        }
    }
    return m_controller->start(run);
}

void BenchPane::onStarted(const bench::WorkloadConfig &config)
{
    // The form shows the run in flight, also one started through the controller.
    m_workload->setCurrentText(QString::fromStdString(config.workload));
    m_seconds->setValue(config.seconds);
    m_warmup->setValue(config.warmupSeconds);
    m_keys->setValue(static_cast<int>(std::min<std::uint64_t>(config.keys, INT_MAX)));
    m_distribution->setCurrentIndex(
        config.distributionSet ? m_distribution->findData(static_cast<int>(config.distribution))
                               : 0);
    m_valueMin->setValue(static_cast<int>(config.valueMin));
    m_valueMax->setValue(static_cast<int>(config.valueMax));
    m_concurrency->setValue(config.concurrency);
    m_rate->setValue(config.rate);
    m_store->setCurrentIndex(m_store->findData(static_cast<int>(config.store)));
    m_loadedAtMs.reset();
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
    const QString ops = run.ops.empty() ? QStringLiteral("0")
                                        : QLocale().toString(run.ops.back().opsPerSecond, 'f', 0);
    QString text = run.partial ? tr("Stopped early after %1 s: %2 ops/s, a partial result.")
                                     .arg(QLocale().toString(run.seconds, 'f', 1), ops)
                               : tr("Finished: %1 ops/s.").arg(ops);
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
    const QSignalBlocker block(m_historyView->selectionModel());
    m_history->setRuns(runs);
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
}

void BenchPane::showRuns(const std::vector<bench::HistoryRun> &runs)
{
    std::vector<BenchResultModel::RunRows> rows;
    for (const bench::HistoryRun &run : runs) {
        QString label = BenchHistoryModel::label(run);
        if (run.partial)
            label += QLatin1Char(' ') + tr("(partial)");
        rows.push_back({label, run.ops});
    }
    m_results->setRuns(std::move(rows));
    m_chart->showRuns(runs);
    if (runs.size() == 1)
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
    const bool postgres = m_target->currentIndex() == PostgresServer;
    // A SQLite database's tab has no server to offer.
    if (auto *targets = qobject_cast<QStandardItemModel *>(m_target->model()))
        targets->item(PostgresServer)->setEnabled(!m_postgres.empty());
    for (QWidget *field : std::initializer_list<QWidget *>{m_target,
                                                           m_workload,
                                                           m_seconds,
                                                           m_warmup,
                                                           m_keys,
                                                           m_distribution,
                                                           m_valueMin,
                                                           m_valueMax,
                                                           m_concurrency,
                                                           m_rate,
                                                           m_store})
        field->setEnabled(!running);
    m_folder->setEnabled(!running && !postgres);
    m_chooseFolder->setEnabled(!running && !postgres);
    m_mix->setEnabled(!running && m_workload->currentText() == QStringLiteral("custom"));
    m_start->setEnabled(!running);
    m_stop->setEnabled(running);
    const bool one = !running && m_shown.has_value();
    m_exportJson->setEnabled(one);
    m_exportCsv->setEnabled(one);
    m_exportPng->setEnabled(!running);
    m_exportSvg->setEnabled(!running);
}

void BenchPane::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Folder of the scratch file"), m_folder->text());
    if (!folder.isEmpty())
        m_folder->setText(folder);
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

bool BenchPane::exportPng(const QString &path)
{
    if (m_chart->savePng(path))
        return true;
    m_status->setText(tr("Cannot write %1.").arg(path));
    return false;
}

bool BenchPane::exportSvg(const QString &path)
{
    if (m_chart->saveSvg(path))
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
}

} // namespace kvs::ui
