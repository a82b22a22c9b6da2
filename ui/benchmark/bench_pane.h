#pragma once

#include "bench/history/run_history.h"
#include "bench/workload/slo.h"
#include "bench/workload/workload_config.h"

#include <QTimer>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;
class QStackedWidget;
class QTableView;

namespace kvs::ui {

class BenchChart;
class CapacityChart;
class BenchForm;
class BenchController;
class BenchHistoryModel;
class BenchResultModel;

// The Benchmark tab of a database: a workload run against a scratch SQLite file in a chosen
// folder, or against scratch kvsbench_ tables on the PostgreSQL server of the database (never
// the database's own data), with a live chart of ops/s and p50 / p99 per second, Start and Stop
// (a stopped run keeps its partial result, marked as such), the result table per operation, and
// the run history shared with `kvs bench --save`: select runs to compare them side by side, and
// export a run as JSON or CSV, its latency histogram as .hgrm, the chart as PNG or SVG. "Find
// capacity" searches the highest fixed rate that keeps the form's SLO, charting each step
// (CapacityChart). Thread rule: GUI thread only.
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
    // Starts a capacity search of the form's workload against its SLO (each step runs the
    // form's warm-up and measured seconds); false when it is refused (the status says why).
    bool findCapacity();
    void stop();

    // The run shown (the last finished, or the one selected in the history); nullopt for none.
    const std::optional<bench::HistoryRun> &shownRun() const { return m_shown; }
    bool exportJson(const QString &path);
    bool exportCsv(const QString &path);
    bool exportPng(const QString &path);
    bool exportSvg(const QString &path);
    // The shown run's latency histogram (all operations) as HdrHistogram's .hgrm text.
    bool exportHgrm(const QString &path);

    BenchController *controller() const { return m_controller; }
    BenchForm *form() const { return m_form; }
    BenchChart *chart() const { return m_chart; }
    CapacityChart *capacityChart() const { return m_capacityChart; }
    // Whether the capacity chart is the one shown (a search, or a saved search selected).
    bool showsCapacity() const;
    BenchResultModel *resultModel() const { return m_results; }
    BenchHistoryModel *historyModel() const { return m_history; }
    QTableView *historyView() const { return m_historyView; }
    QTableView *resultView() const { return m_resultView; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *stopButton() const { return m_stop; }
    QPushButton *findCapacityButton() const { return m_findCapacity; }
    QPushButton *exportHgrmButton() const { return m_exportHgrm; }
    QPushButton *deleteButton() const { return m_delete; }
    // Asks before saved runs are deleted: question -> yes. A message box unless set (tests).
    void setConfirm(std::function<bool(const QString &)> confirm)
    {
        m_confirm = std::move(confirm);
    }
    // Deletes the runs selected in the history, after asking.
    void deleteSelectedRuns();
    QLabel *statusLabel() const { return m_status; }

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void onStarted(const bench::WorkloadConfig &config);
    void onLoaded(const bench::LoadPhase &load);
    void onFinished(const bench::HistoryRun &run);
    void onStepStarted(int index, double rate, bool repeat);
    // The form's SLO; nullopt (and the status says why) when it does not parse.
    std::optional<std::vector<bench::SloThreshold>> formSlo();
    void showCapacity(bool on);
    void onHistoryLoaded(const std::vector<bench::HistoryRun> &runs);
    void showSelectedRuns();
    // The ids of the selected history rows, in row order; savedOnly: without the reference's.
    std::vector<std::int64_t> selectedRunIds(bool savedOnly) const;
    static QString runList(const std::vector<std::int64_t> &ids);
    void showRuns(const std::vector<bench::HistoryRun> &runs);
    void updateStatus();
    void updateControls();
    void exportWithDialog(const QString &title,
                          const QString &filter,
                          const QString &suffix,
                          bool (BenchPane::*write)(const QString &));

    BenchController *m_controller;                  // Owned (child).
    BenchResultModel *m_results;                    // Owned (child).
    BenchHistoryModel *m_history;                   // Owned (child).
    BenchForm *m_form;                              // Owned (child).
    QPushButton *m_start;                           // Owned.
    QPushButton *m_stop;                            // Owned.
    QLabel *m_status;                               // Owned.
    BenchChart *m_chart;                            // Owned.
    CapacityChart *m_capacityChart;                 // Owned.
    QStackedWidget *m_charts;                       // Owned.
    QPushButton *m_findCapacity;                    // Owned.
    QPushButton *m_exportHgrm;                      // Owned.
    QTableView *m_resultView;                       // Owned.
    QTableView *m_historyView;                      // Owned.
    QPushButton *m_exportJson;                      // Owned.
    QPushButton *m_exportCsv;                       // Owned.
    QPushButton *m_exportPng;                       // Owned.
    QPushButton *m_exportSvg;                       // Owned.
    QPushButton *m_delete;                          // Owned.
    std::function<bool(const QString &)> m_confirm; // asks before deleting
    QTimer m_statusTimer;
    std::optional<qint64> m_loadedAtMs; // controller time when the load phase ended
    QString m_stepText;                 // a capacity search: the step under way
    qint64 m_stepStartedMs = 0;         // controller time when that step started
    std::optional<bench::HistoryRun> m_shown;
    bool m_historyRead = false;
};

} // namespace kvs::ui
