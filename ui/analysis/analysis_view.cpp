#include "analysis/analysis_view.h"

#include "analysis/analysis_charts.h"
#include "analysis/analysis_tables.h"
#include "analysis/analysis_texts.h"
#include "analysis/findings_panel.h"
#include "analysis/saved_reports_panel.h"
#include "analysis/treemap_breadcrumb.h"
#include "analysis/treemap_widget.h"
#include "analysis/widget_image.h"
#include "common/file_chooser.h"
#include "preferences/preference_keys.h"

#include <kvs/literal.h>

#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <exception>

namespace kvs::ui {

namespace {

constexpr int kDepthDefault = 2;
constexpr int kDepthMax = 4; // each level keeps up to 1,000 children per node

} // namespace

AnalysisView::AnalysisView(QWidget *parent)
    : QWidget(parent)
    , m_controller(new AnalysisController(this))
    , m_prefix(new QLineEdit(this))
    , m_depth(new QSpinBox(this))
    , m_analyze(new QPushButton(tr("Analyze"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_exportImage(new QPushButton(tr("Export image…"), this))
    , m_exportJson(new QPushButton(tr("Export JSON…"), this))
    , m_results(new QTabWidget(this))
    , m_treemap(new TreemapWidget)
    , m_breadcrumb(new TreemapBreadcrumb(m_treemap))
    , m_tables(new AnalysisTables)
    , m_charts(new AnalysisCharts)
    , m_findings(new FindingsPanel)
    , m_saved(new SavedReportsPanel(m_controller))
{
    m_prefix->setObjectName(QStringLiteral("analysisPrefix"));
    m_prefix->setPlaceholderText(tr("all keys, or a prefix such as [\"users\"]"));
    m_prefix->setToolTip(
        tr("The subtree to analyse, as a key literal; empty: the whole database."));
    m_depth->setObjectName(QStringLiteral("analysisDepth"));
    m_depth->setRange(1, kDepthMax);
    m_depth->setValue(kDepthDefault);
    m_depth->setToolTip(tr("Tree levels below the prefix with figures per prefix."));
    m_analyze->setObjectName(QStringLiteral("analyze"));
    m_analyze->setToolTip(tr("Read every row once (only reading) and report where the entries, "
                             "the bytes and the expiries are."));
    m_cancel->setObjectName(QStringLiteral("cancelAnalysis"));
    m_cancel->setEnabled(false);
    m_progress->setObjectName(QStringLiteral("analysisProgress"));
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_status->setObjectName(QStringLiteral("analysisStatus"));
    m_status->setWordWrap(true);
    m_status->setText(tr("Not analysed yet."));
    m_exportImage->setObjectName(QStringLiteral("exportAnalysisImage"));
    m_exportImage->setToolTip(tr("The treemap, or the charts when they are shown, as PNG or SVG"));
    m_exportJson->setObjectName(QStringLiteral("exportAnalysisJson"));
    m_exportJson->setToolTip(tr("The report as JSON, as `kvs analyze --json` writes it"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Prefix:"), this));
    bar->addWidget(m_prefix, 2);
    bar->addWidget(new QLabel(tr("Depth:"), this));
    bar->addWidget(m_depth);
    bar->addWidget(m_analyze);
    bar->addWidget(m_cancel);
    bar->addWidget(m_progress);
    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_exportImage);
    statusRow->addWidget(m_exportJson);

    auto *treemapPage = new QWidget;
    auto *treemapLayout = new QVBoxLayout(treemapPage);
    treemapLayout->setContentsMargins(0, 0, 0, 0);
    treemapLayout->addWidget(m_breadcrumb);
    auto *splitter = new QSplitter(Qt::Horizontal, treemapPage);
    splitter->addWidget(m_treemap);
    splitter->addWidget(m_tables);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    // Three fifths for the treemap from the start (the tables' size hints alone leave them
    // too narrow for a key); setSizes scales these to the splitter's width.
    splitter->setSizes({3000, 2000});
    splitter->setChildrenCollapsible(false);
    treemapLayout->addWidget(splitter, 1);
    m_results->setDocumentMode(true);
    m_results->addTab(treemapPage, tr("Treemap"));
    m_results->addTab(m_charts, tr("Charts"));
    m_results->addTab(m_findings, tr("Findings"));
    m_results->addTab(m_saved, tr("Saved reports"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addLayout(statusRow);
    layout->addWidget(m_results, 1);

    connect(m_analyze, &QPushButton::clicked, this, &AnalysisView::analyze);
    connect(m_prefix, &QLineEdit::returnPressed, this, &AnalysisView::analyze);
    connect(m_cancel, &QPushButton::clicked, this, &AnalysisView::cancel);
    connect(m_exportImage, &QPushButton::clicked, this, [this] { askExport(false); });
    connect(m_exportJson, &QPushButton::clicked, this, [this] { askExport(true); });
    connect(m_controller, &AnalysisController::progress, this, &AnalysisView::onProgress);
    connect(m_controller, &AnalysisController::cancelling, this, [this] {
        m_status->setText(
            tr("Cancelling: waiting for the database to answer the page being read…"));
        updateButtons();
    });
    connect(m_controller, &AnalysisController::finished, this, &AnalysisView::onFinished);
    connect(m_treemap, &TreemapWidget::nodeChanged, this, [this] {
        m_tables->setNode(m_treemap->shownNode());
    });
    connect(m_treemap, &TreemapWidget::treeRequested, this, &AnalysisView::requestTree);
    connect(m_tables, &AnalysisTables::treeRequested, this, &AnalysisView::requestTree);
    connect(m_saved, &SavedReportsPanel::treeRequested, this, &AnalysisView::requestTree);
    connect(m_saved, &SavedReportsPanel::reportChosen, this, [this](const QJsonObject &report) {
        showReport(report);
        m_results->setCurrentIndex(0);
    });
    connect(m_findings, &FindingsPanel::treeRequested, this, &AnalysisView::requestTree);
    connect(m_findings,
            &FindingsPanel::valueSearchRequested,
            this,
            [this](const QString &prefix, const QString &condition) {
                try {
                    emit valueSearchRequested(parseKeyLiteral(prefix.toStdString()), condition);
                } catch (const std::exception &) {
                    emit valueSearchRequested(Key{}, condition);
                }
            });
    connect(m_findings,
            &FindingsPanel::maintenanceRequested,
            this,
            &AnalysisView::maintenanceRequested);
    updateButtons();
}

void AnalysisView::setStore(std::shared_ptr<AsyncKVStore> store, const QString &database)
{
    const bool another = database != m_controller->database();
    m_controller->setStore(std::move(store));
    m_controller->setDatabase(database);
    if (another && !database.isEmpty())
        m_controller->listSaved();
    updateButtons();
}

QString AnalysisView::statusText() const
{
    return m_status->text();
}

bool AnalysisView::analyze()
{
    if (!m_controller->hasStore()) {
        m_status->setText(tr("The database is not open."));
        return false;
    }
    Key prefix;
    const QString text = m_prefix->text().trimmed();
    if (!text.isEmpty()) {
        try {
            prefix = parseKeyLiteral(text.toStdString());
        } catch (const std::exception &error) {
            m_status->setText(
                tr("The prefix is not a key literal: %1").arg(QString::fromUtf8(error.what())));
            return false;
        }
    }
    const std::int64_t budgetMs = std::int64_t(prefs::analysisBudgetSeconds(QSettings())) * 1000;
    const std::optional<std::int64_t> expected
        = m_saved->lastRowsRead(QString::fromStdString(printKeyLiteral(prefix)));
    if (!m_controller->start(prefix, m_depth->value(), budgetMs, expected))
        return false;
    m_progress->setRange(0, expected && *expected > 0 ? 1000 : 0); // 0, 0: busy
    m_progress->setValue(0);
    m_progress->show();
    m_status->setText(tr("Reading the rows…"));
    updateButtons();
    return true;
}

void AnalysisView::onProgress(std::int64_t rows, std::int64_t elapsedMs)
{
    const QLocale locale;
    const std::optional<std::int64_t> expected = m_controller->expectedRows();
    if (!expected || *expected <= 0 || rows <= 0) {
        m_status->setText(tr("%1 rows read in %2 s…")
                              .arg(locale.toString(qint64(rows)),
                                   locale.toString(double(elapsedMs) / 1000, 'f', 1)));
        return;
    }
    // The last report of this prefix read that many rows: the rate so far says how long the
    // rest takes (a database that grew meanwhile takes longer than said).
    const double done = std::min(1.0, double(rows) / double(*expected));
    m_progress->setValue(int(done * 1000));
    const double leftSeconds
        = double(elapsedMs) / 1000 * (double(*expected) - double(rows)) / double(rows);
    m_status->setText(tr("%1 of about %2 rows read; about %3 s left…")
                          .arg(locale.toString(qint64(rows)),
                               locale.toString(qint64(*expected)),
                               locale.toString(std::max(0.0, leftSeconds), 'f', 0)));
}

void AnalysisView::onFinished(const AnalysisOutcome &outcome)
{
    m_progress->hide();
    updateButtons();
    if (!outcome.error.isEmpty()) {
        m_status->setText(tr("The analysis failed: %1").arg(outcome.error));
        return;
    }
    if (outcome.abandoned) {
        m_status->setText(tr("Cancelled after %1 rows. The database did not answer the page being "
                             "read, so no figures are shown. Not saved.")
                              .arg(QLocale().toString(qint64(m_controller->rowsRead()))));
        return;
    }
    if (outcome.report.isEmpty()) {
        m_status->setText(tr("Cancelled: the database was opened again."));
        return;
    }
    showReport(outcome.report);
    const QLocale locale;
    const QString rows
        = locale.toString(qint64(outcome.report.value(QStringLiteral("rowsRead")).toDouble()));
    if (outcome.cancelled) {
        m_status->setText(
            tr("Cancelled after %1 rows: the figures cover the rows read. Not saved.").arg(rows));
    } else if (outcome.partial) {
        m_status->setText(tr("The budget of %1 s (Preferences) ran out after %2 rows: the figures "
                             "cover the rows read. Not saved.")
                              .arg(prefs::analysisBudgetSeconds(QSettings()))
                              .arg(rows));
    } else {
        m_status->setText(
            outcome.savedId > 0
                ? tr("%1 rows read; saved as report %2.").arg(rows).arg(outcome.savedId)
                : tr("%1 rows read.").arg(rows));
        m_controller->listSaved();
    }
}

void AnalysisView::showReport(const QJsonObject &report)
{
    m_report = report;
    m_treemap->setTree(report.value(QStringLiteral("tree")).toObject());
    m_tables->setReport(report);
    m_charts->setReport(report);
    m_findings->setReport(report);
    const int findings = int(report.value(QStringLiteral("findings")).toArray().size());
    m_results->setTabText(m_results->indexOf(m_findings),
                          findings > 0 ? tr("Findings (%1)").arg(findings) : tr("Findings"));
    updateButtons();
}

void AnalysisView::requestTree(const QString &keyLiteral)
{
    try {
        emit treeRequested(parseKeyLiteral(keyLiteral.toStdString()));
    } catch (const std::exception &) {
        // Not a key of the key space (a row outside it): nothing to open.
    }
}

bool AnalysisView::exportImage(const QString &path)
{
    const bool charts = m_results->currentWidget() == m_charts;
    QWidget &widget = charts ? static_cast<QWidget &>(*m_charts) : *m_treemap;
    const bool svg
        = QFileInfo(path).suffix().compare(QStringLiteral("svg"), Qt::CaseInsensitive) == 0;
    const bool ok = svg ? saveWidgetSvg(widget,
                                        path,
                                        charts ? tr("Key-space analysis: charts")
                                               : tr("Key-space analysis: treemap"))
                        : saveWidgetPng(widget, path);
    m_status->setText(ok ? tr("Saved %1.").arg(path) : tr("Cannot write %1.").arg(path));
    return ok;
}

bool AnalysisView::exportJson(const QString &path)
{
    QSaveFile file(path);
    const bool ok = file.open(QIODevice::WriteOnly)
                    && file.write(QJsonDocument(m_report).toJson(QJsonDocument::Indented)) >= 0
                    && file.commit();
    m_status->setText(ok ? tr("Saved %1.").arg(path)
                         : tr("Cannot write %1: %2").arg(path, file.errorString()));
    return ok;
}

void AnalysisView::askExport(bool json)
{
    if (json) {
        const QString path = FileChooser::getSaveFileName(
            this, tr("Export the report"), QStringLiteral("analysis.json"), tr("JSON (*.json)"));
        if (!path.isEmpty())
            exportJson(path);
        return;
    }
    const QString path = FileChooser::getSaveFileName(this,
                                                      tr("Export the image"),
                                                      QStringLiteral("analysis.png"),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (!path.isEmpty())
        exportImage(path);
}

void AnalysisView::updateButtons()
{
    const bool running = m_controller->isRunning();
    m_analyze->setEnabled(m_controller->hasStore() && !running);
    m_analyze->setToolTip(m_controller->hasStore()
                              ? tr("Read every row once (only reading) and report where the "
                                   "entries, the bytes and the expiries are.")
                              : tr("The database is not open."));
    m_cancel->setEnabled(running && !m_controller->isCancelling());
    m_exportImage->setEnabled(!m_report.isEmpty());
    m_exportJson->setEnabled(!m_report.isEmpty());
}

} // namespace kvs::ui
