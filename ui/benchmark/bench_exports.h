#pragma once

#include "bench/history/run_history.h"

#include <QList>
#include <QObject>

#include <optional>

class QPushButton;
class QWidget;

namespace kvs::ui {

class BenchCharts;

// The Benchmark view's exports: the run shown as JSON lines or CSV, its latency histogram as
// HdrHistogram's .hgrm text, the chart shown as PNG or SVG; each through a button that asks for
// the file, or directly by path (tests, scripts). A file that cannot be written is said in
// status(). Thread rule: GUI thread only.
class BenchExports : public QObject
{
    Q_OBJECT

public:
    // Buttons and dialogs belong to view; the chart images come from charts.
    // Requires: charts outlives this.
    BenchExports(BenchCharts *charts, QWidget *view);

    // The run the exports write (the last finished, or the one selected in the history;
    // nullopt for none, e.g. several runs compared). A reference row is no run to export.
    void setShownRun(std::optional<bench::HistoryRun> run);
    const std::optional<bench::HistoryRun> &shownRun() const { return m_shown; }
    // While a run is in flight nothing is exported.
    void setRunning(bool running);

    // The buttons, in the order the view shows them.
    QList<QPushButton *> buttons() const;
    QPushButton *hgrmButton() const { return m_hgrm; }

    bool exportJson(const QString &path);
    bool exportCsv(const QString &path);
    // The shown run's latency histogram (all operations) as HdrHistogram's .hgrm text.
    bool exportHgrm(const QString &path);
    bool exportPng(const QString &path);
    bool exportSvg(const QString &path);

signals:
    // What the view's status line says: a file written, or why not.
    void status(const QString &text);

private:
    void exportWithDialog(const QString &title,
                          const QString &filter,
                          const QString &suffix,
                          bool (BenchExports::*write)(const QString &));
    void updateButtons();

    BenchCharts *m_charts; // Not owned.
    QWidget *m_view;       // Not owned: the dialogs' parent.
    QPushButton *m_json;   // Owned by m_view.
    QPushButton *m_csv;    // Owned by m_view.
    QPushButton *m_hgrm;   // Owned by m_view.
    QPushButton *m_png;    // Owned by m_view.
    QPushButton *m_svg;    // Owned by m_view.
    std::optional<bench::HistoryRun> m_shown;
    bool m_running = false;
};

} // namespace kvs::ui
