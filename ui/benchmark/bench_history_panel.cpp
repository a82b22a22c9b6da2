#include "benchmark/bench_history_panel.h"

#include "benchmark/bench_controller.h"
#include "benchmark/bench_history_model.h"
#include "benchmark/reference_figures.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace kvs::ui {

BenchHistoryPanel::BenchHistoryPanel(BenchController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_model(new BenchHistoryModel(this))
    , m_view(new QTableView(this))
    , m_delete(new QPushButton(tr("Delete…"), this))
    , m_unreadable(new QLabel(this))
    , m_buttons(new QHBoxLayout)
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
    m_view->setObjectName(QStringLiteral("benchHistory"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setModel(m_model);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setToolTip(tr("Select two or more runs to compare them."));
    m_unreadable->setObjectName(QStringLiteral("benchHistoryUnreadable"));
    m_unreadable->setWordWrap(true);
    m_unreadable->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_unreadable->hide();

    m_buttons->addWidget(new QLabel(tr("Saved runs:"), this));
    m_buttons->addStretch();
    m_buttons->addWidget(m_delete);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_buttons);
    layout->addWidget(m_unreadable);
    layout->addWidget(m_view);

    connect(m_controller,
            &BenchController::historyUnreadable,
            this,
            &BenchHistoryPanel::showUnreadable);
    connect(
        m_controller, &BenchController::historyLoaded, this, &BenchHistoryPanel::onHistoryLoaded);
    connect(m_controller, &BenchController::runsDeleted, this, [this](const auto &ids) {
        emit status(ids.size() == 1
                        ? tr("Deleted saved run %1.").arg(runList(ids))
                        : tr("Deleted the %1 saved runs %2.").arg(ids.size()).arg(runList(ids)));
    });
    connect(m_delete, &QPushButton::clicked, this, &BenchHistoryPanel::deleteSelectedRuns);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateDelete();
        emit runsSelected();
    });
    updateDelete();
}

void BenchHistoryPanel::addButtons(const QList<QPushButton *> &buttons)
{
    // Before Delete, the row's last widget.
    for (QPushButton *button : buttons)
        m_buttons->insertWidget(m_buttons->count() - 1, button);
}

void BenchHistoryPanel::setRunning(bool running)
{
    m_running = running;
    updateDelete();
}

void BenchHistoryPanel::updateDelete()
{
    m_delete->setEnabled(!m_running && !selectedRunIds(true).empty());
}

void BenchHistoryPanel::onHistoryLoaded(const std::vector<bench::HistoryRun> &runs)
{
    // The runs selected stay selected (a run added by `kvs bench --save` must not drop a
    // comparison); when one of them is gone, the shown runs follow.
    const std::vector<std::int64_t> selected = selectedRunIds(false);
    {
        const QSignalBlocker block(m_view->selectionModel());
        m_model->setRuns(runs);
        for (const std::int64_t id : selected) {
            if (const int row = m_model->rowOf(id); row >= 0)
                m_view->selectionModel()->select(m_model->index(row, 0),
                                                 QItemSelectionModel::Select
                                                     | QItemSelectionModel::Rows);
        }
    }
    updateDelete();
    if (selectedRunIds(false) != selected)
        emit runsSelected();
}

void BenchHistoryPanel::showUnreadable(const std::vector<bench::UnreadableRun> &runs)
{
    // One line per run, in the view rather than a dialog per run: the other runs still list.
    QStringList lines;
    for (const bench::UnreadableRun &run : runs)
        lines << tr("Run #%1 of %2 cannot be read and is left out: %3")
                     .arg(run.id)
                     .arg(m_controller->historyPath(), QString::fromStdString(run.problem));
    m_unreadable->setText(lines.join(QLatin1Char('\n')));
    m_unreadable->setVisible(!lines.isEmpty());
}

std::vector<std::int64_t> BenchHistoryPanel::selectedRunIds(bool savedOnly) const
{
    std::vector<std::int64_t> ids;
    for (const bench::HistoryRun &run : selectedRuns()) {
        if (!savedOnly || !ReferenceFigures::isReference(run))
            ids.push_back(run.id);
    }
    return ids;
}

std::vector<bench::HistoryRun> BenchHistoryPanel::selectedRuns() const
{
    std::vector<bench::HistoryRun> runs;
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end());
    for (const QModelIndex &index : rows)
        runs.push_back(m_model->run(index.row()));
    return runs;
}

bool BenchHistoryPanel::selectRun(std::int64_t id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    m_view->selectRow(row);
    return true;
}

QString BenchHistoryPanel::runList(const std::vector<std::int64_t> &ids)
{
    QStringList names;
    for (const std::int64_t id : ids)
        names << QStringLiteral("#%1").arg(id);
    return QLocale().createSeparatedList(names);
}

void BenchHistoryPanel::deleteSelectedRuns()
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

} // namespace kvs::ui
