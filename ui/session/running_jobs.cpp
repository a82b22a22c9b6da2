#include "session/running_jobs.h"

#include "benchmark/bench_controller.h"
#include "benchmark/bench_pane.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "queues/sweep_job.h"
#include "session/database_view.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QPushButton>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(RunningJobs)
};

} // namespace

QStringList runningJobs(const DatabaseView &view)
{
    QStringList jobs;
    const QueuesController *queues = view.queues()->controller();
    if (queues->isJobRunning() && queues->job()) {
        const SweepJobSpec &spec = queues->job()->spec();
        const QString topic = QString::fromStdString(spec.topic);
        switch (spec.action) {
        case DeadLetterAction::Retry:
            jobs << Tr::tr("a retry of the dead letters of \"%1\"").arg(topic);
            break;
        case DeadLetterAction::Delete:
            jobs << Tr::tr("a delete of the dead letters of \"%1\"").arg(topic);
            break;
        case DeadLetterAction::Count:
            jobs << Tr::tr("a count of the dead letters of \"%1\"").arg(topic);
            break;
        }
    }
    if (view.bench()->controller()->isRunning())
        jobs << Tr::tr("a benchmark run");
    return jobs;
}

bool confirmCancellingJobs(QWidget *parent, const QString &database, const QStringList &jobs)
{
    if (jobs.isEmpty())
        return true;
    QMessageBox box(
        QMessageBox::Question,
        Tr::tr("Close %1?").arg(database),
        Tr::tr("Still running in %1: %2. Closing cancels what still runs; what is done stays done.")
            .arg(database, jobs.join(Tr::tr(", "))),
        QMessageBox::Yes | QMessageBox::Cancel,
        parent);
    box.setObjectName(QStringLiteral("confirmCancellingJobs"));
    box.button(QMessageBox::Yes)->setText(Tr::tr("Close and cancel"));
    box.setDefaultButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Yes;
}

} // namespace kvs::ui
