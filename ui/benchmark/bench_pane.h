#pragma once

#include "bench/history/run_history.h"
#include "bench/workload/workload_config.h"

#include <QWidget>

#include <string>
#include <vector>

class QLabel;
class QPushButton;
class QTableView;

namespace kvs::ui {

class BenchChart;
class BenchCharts;
class BenchController;
class BenchExports;
class BenchForm;
class BenchHistoryModel;
class BenchHistoryPanel;
class BenchResultModel;
class BenchRunStarter;
class CapacityChart;

// The Benchmark tab of a database: a workload run against a scratch SQLite file in a chosen
// folder, or against scratch kvsbench_ tables on the PostgreSQL server of the database (never
// the database's own data), with a live chart of ops/s and p50 / p99 per second, Start and Stop
// (a stopped run keeps its partial result, marked as such), the result table per operation, and
// the run history shared with `kvs bench --save`: select runs to compare them side by side, and
// export a run as JSON or CSV, its latency histogram as .hgrm, the chart as PNG or SVG. "Find
// capacity" searches the highest fixed rate that keeps the form's SLO, charting each step
// (CapacityChart). The view lays out its parts and shows what they report: the form
// (BenchForm) and its start (BenchRunStarter), the charts (BenchCharts), the saved runs
// (BenchHistoryPanel), the exports (BenchExports), the status line (BenchRunProgress while a
// run is in flight); the controller (BenchController) does the work. Start, Find capacity and
// Stop sit below the scrolling form, always in sight. Thread rule: GUI thread only.
class BenchPane : public QWidget
{
    Q_OBJECT

public:
    enum Target { ScratchSqlite, PostgresServer };

    explicit BenchPane(QWidget *parent = nullptr);

    // The database of the tab: a SQLite file (its folder is the default scratch folder) or a
    // PostgreSQL connection string with its password, which offers that server as a target.
    void setSqliteDatabase(const QString &path);
    void setPostgresServer(const std::string &connection, const QString &displayName);

    // The run the form describes.
    bench::WorkloadConfig config() const;
    void setTarget(Target target);
    void setScratchFolder(const QString &folder);
    void setWorkload(const QString &name);
    // Starts the form's run; false when it is refused (the status says why).
    bool start();
    // Starts a capacity search of the form's workload against its SLO; false when it is
    // refused (the status says why).
    bool findCapacity();
    void stop();

    BenchController *controller() const { return m_controller; }
    BenchForm *form() const { return m_form; }
    BenchCharts *charts() const { return m_charts; }
    BenchChart *chart() const;
    CapacityChart *capacityChart() const;
    BenchResultModel *resultModel() const { return m_results; }
    QTableView *resultView() const { return m_resultView; }
    BenchHistoryPanel *history() const { return m_history; }
    BenchHistoryModel *historyModel() const;
    QTableView *historyView() const;
    BenchExports *exports() const { return m_exports; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *stopButton() const { return m_stop; }
    QPushButton *findCapacityButton() const { return m_findCapacity; }
    QLabel *statusLabel() const { return m_status; }

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    QWidget *formColumn();
    void onStarted(const bench::WorkloadConfig &config);
    void onFinished(const bench::HistoryRun &run);
    void showSelectedRuns();
    void showRuns(const std::vector<bench::HistoryRun> &runs);
    void updateControls();

    BenchController *m_controller; // Owned (child).
    BenchResultModel *m_results;   // Owned (child).
    BenchForm *m_form;             // Owned (child).
    BenchRunStarter *m_starter;    // Owned (child).
    BenchCharts *m_charts;         // Owned (child).
    BenchHistoryPanel *m_history;  // Owned (child).
    BenchExports *m_exports;       // Owned (child).
    QTableView *m_resultView;      // Owned (child).
    QPushButton *m_start;          // Owned (child).
    QPushButton *m_findCapacity;   // Owned (child).
    QPushButton *m_stop;           // Owned (child).
    QLabel *m_status;              // Owned (child).
    bool m_historyRead = false;
};

} // namespace kvs::ui
