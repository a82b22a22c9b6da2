// The progress dialog the batched jobs share (ui/common/batch_progress.h): it shows the counts
// the job's worker publishes, its Cancel reaches the job, and it closes when the job ends.
#include "common/batch_progress.h"

#include <QProgressDialog>
#include <QPushButton>
#include <QTest>
#include <QWidget>

#include <atomic>
#include <climits>
#include <memory>

using namespace kvs::ui;

namespace {

constexpr int kTimeout = 5000;

// What a worker publishes and what its Cancel sets, as the jobs keep them.
struct Worker
{
    std::atomic<std::int64_t> done{0};
    std::atomic<std::int64_t> total{0};
    std::atomic<bool> cancel{false};
};

BatchProgress::Job jobOf(const std::shared_ptr<Worker> &worker, std::int64_t total)
{
    BatchProgress::Job job;
    job.total = total;
    job.read = [worker] {
        return BatchProgress::Counts{worker->done, worker->total};
    };
    job.cancel = [worker] {
        worker->cancel.store(true);
    };
    job.stopping = QStringLiteral("Stopping after the current batch…");
    return job;
}

} // namespace

class TestBatchProgress : public QObject
{
    Q_OBJECT

private slots:
    void showsTheCountsItIsGiven()
    {
        QWidget window;
        window.show();
        auto worker = std::make_shared<Worker>();
        BatchProgress progress(&window, QStringLiteral("testProgress"));
        progress.open(QStringLiteral("Deleting [\"users\"]…"), jobOf(worker, 5000));
        auto *dialog = window.findChild<QProgressDialog *>(QStringLiteral("testProgress"));
        QVERIFY(dialog);
        QCOMPARE(progress.dialog(), dialog);
        QVERIFY(dialog->isVisible()); // at once: no delay asked
        QCOMPARE(dialog->windowModality(), Qt::WindowModal);
        QCOMPARE(dialog->labelText(), QStringLiteral("Deleting [\"users\"]…"));
        QCOMPARE(dialog->maximum(), 5000);
        worker->done.store(2000);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->value(), 2000, kTimeout); // the timer reads it
        worker->done.store(3000);
        progress.update();
        QCOMPARE(dialog->value(), 3000);
        // A count past the total (an estimate) fills the bar, and the dialog stays open.
        worker->done.store(5200);
        progress.update();
        QCOMPARE(dialog->value(), 5000);
        QVERIFY(dialog->isVisible());
        QVERIFY(!worker->cancel.load());
    }

    void cancelReachesTheJob()
    {
        QWidget window;
        window.show();
        auto worker = std::make_shared<Worker>();
        BatchProgress progress(&window, QStringLiteral("testProgress"));
        progress.open(QStringLiteral("Copying…"), jobOf(worker, 3000));
        QPushButton *cancel = progress.dialog()->findChild<QPushButton *>();
        QVERIFY(cancel);
        QCOMPARE(cancel->text(), QStringLiteral("Cancel"));
        cancel->click();
        QVERIFY(worker->cancel.load());
        QCOMPARE(progress.dialog()->labelText(),
                 QStringLiteral("Stopping after the current batch…"));
    }

    void aJobWithoutAStoppingTextKeepsItsLabel()
    {
        QWidget window;
        window.show();
        auto worker = std::make_shared<Worker>();
        BatchProgress progress(&window, QStringLiteral("testProgress"));
        BatchProgress::Job job = jobOf(worker, 10);
        job.stopping.clear();
        progress.open(QStringLiteral("Backing up…"), std::move(job));
        progress.dialog()->findChild<QPushButton *>()->click();
        QVERIFY(worker->cancel.load());
        QCOMPARE(progress.dialog()->labelText(), QStringLiteral("Backing up…"));
    }

    void closesAtTheEnd()
    {
        QWidget window;
        window.show();
        auto worker = std::make_shared<Worker>();
        BatchProgress progress(&window, QStringLiteral("testProgress"));
        progress.open(QStringLiteral("Undoing…"), jobOf(worker, 3000));
        QVERIFY(progress.dialog());
        progress.close();
        QVERIFY(!progress.dialog());
        QVERIFY(!window.findChild<QProgressDialog *>(QStringLiteral("testProgress")));
        QVERIFY(!worker->cancel.load()); // closing is not cancelling
        progress.update();               // nothing open: nothing read, nothing fails
        progress.close();
    }

    void goingAwayClosesIt()
    {
        QWidget window;
        window.show();
        auto worker = std::make_shared<Worker>();
        {
            BatchProgress progress(&window, QStringLiteral("testProgress"));
            progress.open(QStringLiteral("Importing…"), jobOf(worker, 3000));
            QVERIFY(window.findChild<QProgressDialog *>(QStringLiteral("testProgress")));
        }
        QVERIFY(!window.findChild<QProgressDialog *>(QStringLiteral("testProgress")));
        QVERIFY(!worker->cancel.load());
    }

    void openingAgainReplacesTheDialog()
    {
        QWidget window;
        window.show();
        auto worker = std::make_shared<Worker>();
        BatchProgress progress(&window, QStringLiteral("testProgress"));
        progress.open(QStringLiteral("Counting…"), jobOf(worker, 0));
        progress.open(QStringLiteral("Deleting…"), jobOf(worker, 12));
        const QList<QProgressDialog *> dialogs
            = window.findChildren<QProgressDialog *>(QStringLiteral("testProgress"));
        QCOMPARE(dialogs.size(), 1);
        QCOMPARE(dialogs.first()->labelText(), QStringLiteral("Deleting…"));
        QCOMPARE(dialogs.first()->maximum(), 12);
    }

    // A job that learns its total as it goes (a backup's pages): a busy bar until it knows.
    void aTotalLearnedLateReplacesTheBusyBar()
    {
        QWidget window;
        window.show();
        auto worker = std::make_shared<Worker>();
        BatchProgress progress(&window, QStringLiteral("testProgress"));
        progress.open(QStringLiteral("Backing up…"), jobOf(worker, 0));
        QCOMPARE(progress.dialog()->maximum(), 0); // busy
        progress.update();
        QCOMPARE(progress.dialog()->maximum(), 0);
        worker->total.store(400);
        worker->done.store(100);
        progress.update();
        QCOMPARE(progress.dialog()->maximum(), 400);
        QCOMPARE(progress.dialog()->value(), 100);
    }

    // The bar holds an int: a larger total is scaled, the fraction kept.
    void countsBeyondTheBarsRangeAreScaled()
    {
        QWidget window;
        window.show();
        auto worker = std::make_shared<Worker>();
        BatchProgress progress(&window, QStringLiteral("testProgress"));
        const std::int64_t total = 6'000'000'000;
        progress.open(QStringLiteral("Exporting…"), jobOf(worker, total));
        worker->done.store(total / 4);
        progress.update();
        const QProgressDialog *dialog = progress.dialog();
        QVERIFY(dialog->maximum() > 0 && dialog->maximum() <= INT_MAX);
        QCOMPARE(dialog->value(), dialog->maximum() / 4);
    }

    // A delay (a backup's): the dialog appears only if the job lasts.
    void aDelayedDialogWaitsForAJobThatLasts()
    {
        QWidget window;
        window.show();
        auto worker = std::make_shared<Worker>();
        BatchProgress progress(&window, QStringLiteral("testProgress"));
        BatchProgress::Job job = jobOf(worker, 0);
        job.showAfterMs = 300;
        progress.open(QStringLiteral("Backing up…"), std::move(job));
        QVERIFY(!progress.dialog()->isVisible());
        QCOMPARE(progress.dialog()->minimumDuration(), 300);
        QTRY_VERIFY_WITH_TIMEOUT(progress.dialog()->isVisible(), kTimeout);
    }
};

QTEST_MAIN(TestBatchProgress)
#include "tst_batch_progress.moc"
