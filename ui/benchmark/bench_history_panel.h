#pragma once

#include "bench/history/run_history.h"

#include <QWidget>

#include <cstdint>
#include <functional>
#include <vector>

class QHBoxLayout;
class QLabel;
class QPushButton;
class QTableView;

namespace kvs::ui {

class BenchController;
class BenchHistoryModel;

// The Benchmark view's saved runs: the run history shared with `kvs bench --save` (with the
// reference's published figures below it), kept up to date by the controller; the runs
// selected there are the ones the view shows (runsSelected()), and stay selected when the list
// is read again. Deletes the selected saved runs after asking. Runs that cannot be read are
// named in a warning above the list. Thread rule: GUI thread only.
class BenchHistoryPanel : public QWidget
{
    Q_OBJECT

public:
    // Requires: controller outlives this.
    explicit BenchHistoryPanel(BenchController *controller, QWidget *parent = nullptr);

    // Puts buttons (the view's exports) in the row above the list, before Delete.
    void addButtons(const QList<QPushButton *> &buttons);

    BenchHistoryModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QPushButton *deleteButton() const { return m_delete; }
    // The warning about runs that cannot be read; hidden when every run reads.
    QLabel *unreadableLabel() const { return m_unreadable; }

    // The runs selected, in row order.
    std::vector<bench::HistoryRun> selectedRuns() const;
    // Selects the row of the run with id (it then shows); false when the list has none.
    bool selectRun(std::int64_t id);

    // Asks before saved runs are deleted: question -> yes. A message box unless set (tests).
    void setConfirm(std::function<bool(const QString &)> confirm)
    {
        m_confirm = std::move(confirm);
    }
    // Deletes the runs selected, after asking; nothing while a run is in flight.
    void deleteSelectedRuns();
    // Delete is off while a run is in flight.
    void setRunning(bool running);

signals:
    // The selection changed (by the user, or because a selected run is gone).
    void runsSelected();
    // What the view's status line says: runs deleted.
    void status(const QString &text);

private:
    void onHistoryLoaded(const std::vector<bench::HistoryRun> &runs);
    void showUnreadable(const std::vector<bench::UnreadableRun> &runs);
    // The ids of the selected rows, in row order; savedOnly: without the reference's.
    std::vector<std::int64_t> selectedRunIds(bool savedOnly) const;
    static QString runList(const std::vector<std::int64_t> &ids);
    void updateDelete();

    BenchController *m_controller;                  // Not owned.
    BenchHistoryModel *m_model;                     // Owned (child).
    QTableView *m_view;                             // Owned (child).
    QPushButton *m_delete;                          // Owned (child).
    QLabel *m_unreadable;                           // Owned (child).
    QHBoxLayout *m_buttons;                         // Owned by the layout.
    std::function<bool(const QString &)> m_confirm; // asks before deleting
    bool m_running = false;
};

} // namespace kvs::ui
