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

// A shown window with a BatchProgress over it and the worker's state.
struct Fixture
{
    Fixture() { window.show(); }
    QWidget window;
    std::shared_ptr<Worker> worker = std::make_shared<Worker>();
    BatchProgress progress{&window, QStringLiteral("testProgress")};
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
        Fixture f;
        f.progress.open(QStringLiteral("Deleting [\"users\"]…"), jobOf(f.worker, 5000));
        auto *dialog = f.window.findChild<QProgressDialog *>(QStringLiteral("testProgress"));
        QVERIFY(dialog);
        QCOMPARE(f.progress.dialog(), dialog);
        QVERIFY(dialog->isVisible()); // at once: no delay asked
        QCOMPARE(dialog->windowModality(), Qt::WindowModal);
        QCOMPARE(dialog->labelText(), QStringLiteral("Deleting [\"users\"]…"));
        QCOMPARE(dialog->maximum(), 5000);
        f.worker->done.store(2000);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->value(), 2000, kTimeout); // the timer reads it
        f.worker->done.store(3000);
        f.progress.update();
        QCOMPARE(dialog->value(), 3000);
        // A count past the total (an estimate) fills the bar, and the dialog stays open.
        f.worker->done.store(5200);
        f.progress.update();
        QCOMPARE(dialog->value(), 5000);
        QVERIFY(dialog->isVisible());
        QVERIFY(!f.worker->cancel.load());
    }

    void cancelReachesTheJob()
    {
        Fixture f;
        f.progress.open(QStringLiteral("Copying…"), jobOf(f.worker, 3000));
        QPushButton *cancel = f.progress.dialog()->findChild<QPushButton *>();
        QVERIFY(cancel);
        QCOMPARE(cancel->text(), QStringLiteral("Cancel"));
        cancel->click();
        QVERIFY(f.worker->cancel.load());
        QCOMPARE(f.progress.dialog()->labelText(),
                 QStringLiteral("Stopping after the current batch…"));
    }

    void aJobWithoutAStoppingTextKeepsItsLabel()
    {
        Fixture f;
        BatchProgress::Job job = jobOf(f.worker, 10);
        job.stopping.clear();
        f.progress.open(QStringLiteral("Backing up…"), std::move(job));
        f.progress.dialog()->findChild<QPushButton *>()->click();
        QVERIFY(f.worker->cancel.load());
        QCOMPARE(f.progress.dialog()->labelText(), QStringLiteral("Backing up…"));
    }

    void closesAtTheEnd()
    {
        Fixture f;
        f.progress.open(QStringLiteral("Undoing…"), jobOf(f.worker, 3000));
        QVERIFY(f.progress.dialog());
        f.progress.close();
        QVERIFY(!f.progress.dialog());
        QVERIFY(!f.window.findChild<QProgressDialog *>(QStringLiteral("testProgress")));
        QVERIFY(!f.worker->cancel.load()); // closing is not cancelling
        f.progress.update();               // nothing open: nothing read, nothing fails
        f.progress.close();
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
        Fixture f;
        f.progress.open(QStringLiteral("Counting…"), jobOf(f.worker, 0));
        f.progress.open(QStringLiteral("Deleting…"), jobOf(f.worker, 12));
        const QList<QProgressDialog *> dialogs
            = f.window.findChildren<QProgressDialog *>(QStringLiteral("testProgress"));
        QCOMPARE(dialogs.size(), 1);
        QCOMPARE(dialogs.first()->labelText(), QStringLiteral("Deleting…"));
        QCOMPARE(dialogs.first()->maximum(), 12);
    }

    // A job that learns its total as it goes (a backup's pages): a busy bar until it knows.
    void aTotalLearnedLateReplacesTheBusyBar()
    {
        Fixture f;
        f.progress.open(QStringLiteral("Backing up…"), jobOf(f.worker, 0));
        QCOMPARE(f.progress.dialog()->maximum(), 0); // busy
        f.progress.update();
        QCOMPARE(f.progress.dialog()->maximum(), 0);
        f.worker->total.store(400);
        f.worker->done.store(100);
        f.progress.update();
        QCOMPARE(f.progress.dialog()->maximum(), 400);
        QCOMPARE(f.progress.dialog()->value(), 100);
    }

    // The bar holds an int: a larger total is scaled, the fraction kept.
    void countsBeyondTheBarsRangeAreScaled()
    {
        Fixture f;
        const std::int64_t total = 6'000'000'000;
        f.progress.open(QStringLiteral("Exporting…"), jobOf(f.worker, total));
        f.worker->done.store(total / 4);
        f.progress.update();
        const QProgressDialog *dialog = f.progress.dialog();
        QVERIFY(dialog->maximum() > 0 && dialog->maximum() <= INT_MAX);
        QCOMPARE(dialog->value(), dialog->maximum() / 4);
    }

    // A delay (a backup's): the dialog appears only if the job lasts.
    void aDelayedDialogWaitsForAJobThatLasts()
    {
        Fixture f;
        BatchProgress::Job job = jobOf(f.worker, 0);
        job.showAfterMs = 300;
        f.progress.open(QStringLiteral("Backing up…"), std::move(job));
        QVERIFY(!f.progress.dialog()->isVisible());
        QCOMPARE(f.progress.dialog()->minimumDuration(), 300);
        QTRY_VERIFY_WITH_TIMEOUT(f.progress.dialog()->isVisible(), kTimeout);
    }
};

QTEST_MAIN(TestBatchProgress)
#include "tst_batch_progress.moc"
