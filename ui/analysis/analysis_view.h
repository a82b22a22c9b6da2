#pragma once

#include "analysis/analysis_controller.h"

#include <kvs/key.h>

#include <QJsonObject>
#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;

namespace kvs {
class AsyncKVStore;
class Clock;
} // namespace kvs

namespace kvs::ui {

class AnalysisCharts;
class AnalysisTables;
class FindingsPanel;
class SavedReportsPanel;
class TreemapBreadcrumb;
class TreemapWidget;

// The Analysis view of a database tab: "Analyze" reads every row of the database (or of a
// prefix's subtree) once, off the GUI thread (AnalysisController), with the rows read, an
// estimate of what is left (from the last saved report of the same prefix), Cancel and the
// budget of Preferences. The report shows as a treemap of bytes by prefix with the tables beside
// it, bar charts, findings with links, and the saved reports, two of which compare. The treemap
// or the charts export as PNG or SVG, the report as JSON. It only reads the database, on a
// read-only tab too; a complete report is saved in the data folder. Thread rule: GUI thread only.
class AnalysisView : public QWidget
{
    Q_OBJECT

public:
    explicit AnalysisView(QWidget *parent = nullptr);

    // The tab's store (null: not open) and the database's name for its saved reports.
    void setStore(std::shared_ptr<AsyncKVStore> store, const QString &database);
    void setClock(std::shared_ptr<Clock> clock) { m_controller->setClock(std::move(clock)); }

    // Starts an analysis with the fields' prefix and depth; false when it cannot start (no
    // store, a bad prefix literal: statusText() says why).
    bool analyze();
    void cancel() { m_controller->cancel(); }
    // Shows report (a report's JSON) in the treemap, tables, charts and findings.
    void showReport(const QJsonObject &report);
    const QJsonObject &report() const { return m_report; }

    // Writes the treemap (or the charts, when their tab is shown) as a PNG or SVG file, the
    // report as JSON; false (statusText() says why) when it cannot.
    bool exportImage(const QString &path);
    bool exportJson(const QString &path);

    AnalysisController *controller() const { return m_controller; }
    TreemapWidget *treemap() const { return m_treemap; }
    TreemapBreadcrumb *breadcrumb() const { return m_breadcrumb; }
    AnalysisTables *tables() const { return m_tables; }
    AnalysisCharts *charts() const { return m_charts; }
    FindingsPanel *findings() const { return m_findings; }
    SavedReportsPanel *saved() const { return m_saved; }
    QTabWidget *results() const { return m_results; }
    QLineEdit *prefixEdit() const { return m_prefix; }
    QSpinBox *depthBox() const { return m_depth; }
    QPushButton *analyzeButton() const { return m_analyze; }
    QPushButton *cancelButton() const { return m_cancel; }
    QProgressBar *progressBar() const { return m_progress; }
    QString statusText() const;

signals:
    // Open the key tree at key.
    void treeRequested(const kvs::Key &key);
    // A value search under prefix for condition (the Search view's values mode).
    void valueSearchRequested(const kvs::Key &prefix, const QString &condition);
    // A finding about storage, the queue or expired entries: what a Maintenance view does
    // (FindingsPanel::maintenanceRequested).
    void maintenanceRequested(const QString &rule, const QString &topic);

private:
    void onProgress(std::int64_t rows, std::int64_t elapsedMs);
    void onFinished(const AnalysisOutcome &outcome);
    void askExport(bool json);
    void requestTree(const QString &keyLiteral);
    void updateButtons();

    AnalysisController *m_controller; // Owned (child).
    QLineEdit *m_prefix;              // Owned.
    QSpinBox *m_depth;                // Owned.
    QPushButton *m_analyze;           // Owned.
    QPushButton *m_cancel;            // Owned.
    QProgressBar *m_progress;         // Owned.
    QLabel *m_status;                 // Owned.
    QPushButton *m_exportImage;       // Owned.
    QPushButton *m_exportJson;        // Owned.
    QTabWidget *m_results;            // Owned.
    TreemapWidget *m_treemap;         // Owned (in m_results).
    TreemapBreadcrumb *m_breadcrumb;  // Owned (in m_results).
    AnalysisTables *m_tables;         // Owned (in m_results).
    AnalysisCharts *m_charts;         // Owned (in m_results).
    FindingsPanel *m_findings;        // Owned (in m_results).
    SavedReportsPanel *m_saved;       // Owned (in m_results).
    QJsonObject m_report;
};

} // namespace kvs::ui
