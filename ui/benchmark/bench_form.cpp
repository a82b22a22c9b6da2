#include "benchmark/bench_form.h"

#include "bench/workload/workload_mix.h"
#include "common/file_chooser.h"

#include <kvs/errors.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>

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

bool runs(const bench::Mix &mix, std::initializer_list<bench::WorkOp> ops)
{
    return std::any_of(mix.shares.begin(), mix.shares.end(), [&](const bench::Mix::Share &share) {
        return std::find(ops.begin(), ops.end(), share.op) != ops.end();
    });
}

// The writes CallPlanner gives a TTL (bench/workload_calls.cpp).
bool writes(const bench::Mix &mix)
{
    return runs(mix,
                {bench::WorkOp::Update, bench::WorkOp::Insert, bench::WorkOp::ReadModifyWrite});
}

QWidget *rowOf(QWidget *parent, std::initializer_list<QWidget *> widgets, QWidget *stretched)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget *widget : widgets)
        layout->addWidget(widget, widget == stretched ? 1 : 0);
    return row;
}

} // namespace

BenchForm::BenchForm(QWidget *parent)
    : QWidget(parent)
    , m_form(new QFormLayout(this))
    , m_target(new QComboBox(this))
    , m_folder(new QLineEdit(QDir::tempPath(), this))
    , m_chooseFolder(new QPushButton(tr("Choose…"), this))
    , m_folderRow(rowOf(this, {m_folder, m_chooseFolder}, m_folder))
    , m_workload(new QComboBox(this))
    , m_mix(new QLineEdit(QStringLiteral("get=50,set=30,list=20"), this))
    , m_seconds(new QDoubleSpinBox(this))
    , m_warmup(new QDoubleSpinBox(this))
    , m_keys(new QSpinBox(this))
    , m_distribution(new QComboBox(this))
    , m_valueMin(new QSpinBox(this))
    , m_valueMax(new QSpinBox(this))
    , m_valueRow(rowOf(this, {m_valueMin, new QLabel(tr("to"), this), m_valueMax}, nullptr))
    , m_ttlShare(new QDoubleSpinBox(this))
    , m_scanLength(new QSpinBox(this))
    , m_concurrency(new QSpinBox(this))
    , m_concurrencyLabel(new QLabel(this))
    , m_listeners(new QSpinBox(this))
    , m_listenerConcurrency(new QSpinBox(this))
    , m_rate(new QDoubleSpinBox(this))
    , m_store(new QComboBox(this))
    , m_pool(new QSpinBox(this))
    , m_durability(new QComboBox(this))
    , m_slo(new QLineEdit(this))
    , m_like(new QCheckBox(tr("Keys and values shaped like this database"), this))
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
    m_seconds->setObjectName(QStringLiteral("benchSeconds"));
    m_seconds->setRange(0.1, 86400);
    m_seconds->setValue(10);
    m_seconds->setSuffix(tr(" s"));
    m_warmup->setObjectName(QStringLiteral("benchWarmup"));
    m_warmup->setRange(0, 3600);
    m_warmup->setValue(1);
    m_warmup->setSuffix(tr(" s"));
    m_keys->setObjectName(QStringLiteral("benchKeys"));
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
    m_valueRow->setObjectName(QStringLiteral("benchValueSize"));
    m_ttlShare->setObjectName(QStringLiteral("benchTtlShare"));
    m_ttlShare->setRange(0, 100);
    m_ttlShare->setDecimals(1);
    m_ttlShare->setSuffix(tr(" %"));
    m_ttlShare->setToolTip(tr("The share of writes given a TTL of an hour (none expires during "
                              "the run)."));
    m_scanLength->setObjectName(QStringLiteral("benchScanLength"));
    m_scanLength->setRange(1, 1000);
    m_scanLength->setValue(static_cast<int>(bench::WorkloadConfig{}.scanLength));
    m_scanLength->setSuffix(tr(" entries"));
    m_scanLength->setToolTip(tr("Entries per list() call of the scans (ycsb-e, list)."));
    m_concurrency->setObjectName(QStringLiteral("benchConcurrency"));
    m_concurrency->setRange(1, bench::kMaxConcurrency);
    m_listeners->setObjectName(QStringLiteral("benchListeners"));
    m_listeners->setRange(1, 64);
    m_listenerConcurrency->setObjectName(QStringLiteral("benchListenerConcurrency"));
    m_listenerConcurrency->setRange(1, 1000);
    m_listenerConcurrency->setToolTip(tr("Handlers running at once per listener."));
    m_rate->setRange(0, 100'000'000);
    m_rate->setDecimals(0);
    m_rate->setSpecialValueText(tr("closed loop"));
    m_rate->setSuffix(tr(" ops/s"));
    m_store->addItem(tr("AsyncKVStore (calls in flight)"),
                     static_cast<int>(bench::StoreKind::Async));
    m_store->addItem(tr("KVStore (one call at a time)"),
                     static_cast<int>(bench::StoreKind::KVStore));
    m_pool->setObjectName(QStringLiteral("benchPool"));
    m_pool->setRange(0, 1000);
    m_pool->setSpecialValueText(tr("the store's default"));
    m_pool->setSuffix(tr(" connections"));
    m_durability->setObjectName(QStringLiteral("benchDurability"));
    m_durability->addItem(tr("the store's default"));
    m_durability->addItem(tr("normal (synchronous = NORMAL)"), QStringLiteral("normal"));
    m_durability->addItem(tr("full (synchronous = FULL)"), QStringLiteral("full"));
    m_slo->setObjectName(QStringLiteral("benchSlo"));
    m_slo->setPlaceholderText(QStringLiteral("p99<5ms,errors<0.1%"));
    m_slo->setToolTip(tr("Thresholds the run must keep: p50, p90, p99, p999 or max below a time "
                         "(us, ms, s), errors or late below a share in %, separated by commas. "
                         "Find capacity searches the highest rate that keeps them."));

    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->addRow(tr("Target:"), m_target);
    m_form->addRow(tr("Scratch folder:"), m_folderRow);
    m_form->addRow(tr("Workload:"), m_workload);
    m_form->addRow(tr("Custom mix:"), m_mix);
    m_form->addRow(tr("Measured:"), m_seconds);
    m_form->addRow(tr("Warm-up:"), m_warmup);
    m_form->addRow(tr("Keys:"), m_keys);
    m_form->addRow(tr("Distribution:"), m_distribution);
    m_form->addRow(tr("Value size:"), m_valueRow);
    m_form->addRow(tr("TTL share:"), m_ttlShare);
    m_form->addRow(tr("Scan length:"), m_scanLength);
    m_form->addRow(m_concurrencyLabel, m_concurrency);
    m_form->addRow(tr("Listeners:"), m_listeners);
    m_form->addRow(tr("Per listener:"), m_listenerConcurrency);
    m_form->addRow(tr("Rate:"), m_rate);
    m_form->addRow(tr("Store:"), m_store);
    m_form->addRow(tr("Pool size:"), m_pool);
    m_form->addRow(tr("Durability:"), m_durability);
    m_form->addRow(tr("SLO:"), m_slo);
    m_like->setObjectName(QStringLiteral("benchLike"));
    m_like->setToolTip(tr("Sample up to 1,000 keys of this database (read-only) and give the "
                          "scratch keys their depth and part kinds and the values their sizes. "
                          "Which keys are picked stays the workload's distribution."));
    m_form->addRow(QString(), m_like);
    connect(m_like, &QCheckBox::toggled, this, &BenchForm::updateFields);

    connect(m_chooseFolder, &QPushButton::clicked, this, &BenchForm::chooseFolder);
    connect(m_target, &QComboBox::currentIndexChanged, this, &BenchForm::updateFields);
    connect(m_workload, &QComboBox::currentIndexChanged, this, &BenchForm::updateFields);
    connect(m_mix, &QLineEdit::textChanged, this, &BenchForm::updateFields);
    updateFields();
}

void BenchForm::setSqliteDatabase(const QString &path)
{
    // Users benchmark the disk their database is on, not a tmpfs.
    const QString folder = QFileInfo(path).absolutePath();
    if (QFileInfo(folder).isDir())
        m_folder->setText(folder);
    m_postgres.clear();
    m_database = path.toStdString();
    setTarget(ScratchSqlite);
}

void BenchForm::setPostgresServer(const std::string &connection, const QString &displayName)
{
    m_postgres = connection;
    m_database = connection;
    m_target->setItemText(
        PostgresServer,
        tr("The PostgreSQL server of %1 (scratch kvsbench_ tables)").arg(displayName));
    setTarget(PostgresServer);
}

void BenchForm::setTarget(Target target)
{
    m_target->setCurrentIndex(target);
    updateFields();
}

BenchForm::Target BenchForm::target() const
{
    return m_target->currentIndex() == PostgresServer ? PostgresServer : ScratchSqlite;
}

void BenchForm::setScratchFolder(const QString &folder)
{
    m_folder->setText(folder);
}

void BenchForm::setWorkload(const QString &name)
{
    m_workload->setCurrentText(name);
}

QString BenchForm::mixText() const
{
    return m_mix->text();
}

QString BenchForm::sloText() const
{
    return m_slo->text().trimmed();
}

void BenchForm::setSloText(const QString &text)
{
    m_slo->setText(text);
}

bool BenchForm::isQueue() const
{
    return m_workload->currentText() == QStringLiteral("queue");
}

bench::Mix BenchForm::workloadMix() const
{
    const std::string workload = m_workload->currentText().toStdString();
    if (workload == "queue")
        return bench::Mix{{{bench::WorkOp::Enqueue, 1}}};
    if (workload != "custom")
        return bench::workloadMix(workload).value_or(bench::Mix{});
    try {
        return bench::parseMix(m_mix->text().toStdString());
    } catch (const Error &) {
        return {}; // being typed: start() says what is wrong with it
    }
}

bench::WorkloadConfig BenchForm::config() const
{
    bench::WorkloadConfig config;
    const bool postgres = target() == PostgresServer;
    if (postgres)
        config.db = m_postgres;
    else
        config.scratchFolder = m_folder->text().toStdString();
    config.workload = m_workload->currentText().toStdString();
    const bench::Mix mix = workloadMix();
    if (config.workload == "custom")
        config.mix = mix;
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
    if (m_like->isChecked() && !m_database.empty() && config.workload != "queue")
        config.like = m_database;
    if (writes(mix))
        config.ttlShare = m_ttlShare->value() / 100;
    if (runs(mix, {bench::WorkOp::Scan}))
        config.scanLength = static_cast<std::uint32_t>(m_scanLength->value());
    config.concurrency = m_concurrency->value();
    if (isQueue()) {
        config.listeners = m_listeners->value();
        config.listenerConcurrency = m_listenerConcurrency->value();
    }
    config.rate = m_rate->value();
    config.store = static_cast<bench::StoreKind>(m_store->currentData().toInt());
    if (postgres)
        config.poolSize = m_pool->value();
    else
        config.durability = m_durability->currentData().toString().toStdString();
    return config;
}

void BenchForm::showConfig(const bench::WorkloadConfig &config)
{
    m_workload->setCurrentText(QString::fromStdString(config.workload));
    m_seconds->setValue(config.seconds);
    m_warmup->setValue(config.warmupSeconds);
    m_keys->setValue(static_cast<int>(std::min<std::uint64_t>(config.keys, INT_MAX)));
    m_distribution->setCurrentIndex(
        config.distributionSet ? m_distribution->findData(static_cast<int>(config.distribution))
                               : 0);
    m_valueMin->setValue(static_cast<int>(config.valueMin));
    m_valueMax->setValue(static_cast<int>(config.valueMax));
    m_ttlShare->setValue(config.ttlShare * 100);
    m_scanLength->setValue(static_cast<int>(config.scanLength));
    m_concurrency->setValue(config.concurrency);
    m_listeners->setValue(config.listeners);
    m_listenerConcurrency->setValue(config.listenerConcurrency);
    m_rate->setValue(config.rate);
    m_store->setCurrentIndex(m_store->findData(static_cast<int>(config.store)));
    m_pool->setValue(config.poolSize);
    m_durability->setCurrentIndex(
        std::max(0, m_durability->findData(QString::fromStdString(config.durability))));
    m_like->setChecked(!config.like.empty());
    updateFields();
}

void BenchForm::setShapedLikeDatabase(bool on)
{
    m_like->setChecked(on);
}

void BenchForm::setRunning(bool running)
{
    m_running = running;
    updateFields();
}

bool BenchForm::isFieldShown(const QWidget *field) const
{
    for (int row = 0; row < m_form->rowCount(); ++row) {
        const QLayoutItem *item = m_form->itemAt(row, QFormLayout::FieldRole);
        if (item && item->widget() == field)
            return m_form->isRowVisible(row);
    }
    return false;
}

void BenchForm::updateFields()
{
    const bool postgres = target() == PostgresServer;
    const bool queue = isQueue();
    const bench::Mix mix = workloadMix();
    // A SQLite database's tab has no server to offer.
    if (auto *targets = qobject_cast<QStandardItemModel *>(m_target->model()))
        targets->item(PostgresServer)->setEnabled(!m_postgres.empty());
    m_form->setRowVisible(m_folderRow, !postgres);
    m_form->setRowVisible(m_mix, m_workload->currentText() == QStringLiteral("custom"));
    // The queue workload loads no keys: its producers enqueue, its listeners consume.
    m_form->setRowVisible(m_keys, !queue);
    m_form->setRowVisible(m_distribution, !queue);
    m_form->setRowVisible(m_like, !queue && !m_database.empty());
    // The sample gives the value sizes.
    m_form->setRowVisible(m_valueRow, !(m_like->isChecked() && !queue && !m_database.empty()));
    m_form->setRowVisible(m_ttlShare, writes(mix));
    m_form->setRowVisible(m_scanLength, runs(mix, {bench::WorkOp::Scan}));
    m_concurrencyLabel->setText(queue ? tr("Producers:") : tr("Concurrency:"));
    m_concurrency->setToolTip(queue ? tr("Enqueue calls in flight.")
                                    : tr("Calls in flight on the async store."));
    m_form->setRowVisible(m_listeners, queue);
    m_form->setRowVisible(m_listenerConcurrency, queue);
    m_form->setRowVisible(m_pool, postgres);
    m_form->setRowVisible(m_durability, !postgres);
    for (QWidget *field : findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
        field->setEnabled(!m_running);
}

void BenchForm::chooseFolder()
{
    const QString folder = FileChooser::getExistingDirectory(
        this, tr("Folder of the scratch file"), m_folder->text());
    if (!folder.isEmpty())
        m_folder->setText(folder);
}

} // namespace kvs::ui
