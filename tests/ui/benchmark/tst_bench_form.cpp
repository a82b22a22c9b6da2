// The Benchmark form: each engine parameter shows only where it applies, goes into the run's
// configuration only then, and is saved with the run.
#include "bench/history/run_history.h"
#include "bench/workload/workload_engine.h"
#include "benchmark/bench_controller.h"
#include "benchmark/bench_form.h"
#include "benchmark/bench_pane.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;
using namespace kvs::ui;

namespace {

constexpr int kRunTimeoutMs = 60000;

template <typename Field>
Field *field(const BenchForm &form, const char *name)
{
    auto *found = form.findChild<Field *>(QString::fromLatin1(name));
    if (!found)
        qFatal("no field %s", name);
    return found;
}

QString concurrencyLabel(const BenchForm &form)
{
    auto *layout = qobject_cast<QFormLayout *>(form.layout());
    const auto *label
        = qobject_cast<QLabel *>(layout->labelForField(field<QSpinBox>(form, "benchConcurrency")));
    return label ? label->text() : QString();
}

} // namespace

class TestBenchForm : public QObject
{
    Q_OBJECT

private slots:
    void showsEachParameterOnlyWhereItApplies()
    {
        BenchForm form;
        form.setPostgresServer("postgresql://u:secret@127.0.0.1/db", QStringLiteral("db"));
        form.setTarget(BenchForm::ScratchSqlite);
        form.show();
        auto *ttl = field<QDoubleSpinBox>(form, "benchTtlShare");
        auto *scan = field<QSpinBox>(form, "benchScanLength");
        auto *listeners = field<QSpinBox>(form, "benchListeners");
        auto *perListener = field<QSpinBox>(form, "benchListenerConcurrency");
        auto *pool = field<QSpinBox>(form, "benchPool");
        auto *durability = field<QComboBox>(form, "benchDurability");
        auto *keys = field<QSpinBox>(form, "benchKeys");

        form.setWorkload(QStringLiteral("ycsb-a")); // reads and updates
        QVERIFY(form.isFieldShown(ttl));
        QVERIFY(!form.isFieldShown(scan));
        QVERIFY(!form.isFieldShown(listeners));
        QVERIFY(!form.isFieldShown(perListener));
        QVERIFY(form.isFieldShown(durability)); // SQLite
        QVERIFY(!form.isFieldShown(pool));
        QVERIFY(form.isFieldShown(keys));
        QCOMPARE(concurrencyLabel(form), QStringLiteral("Concurrency:"));

        form.setWorkload(QStringLiteral("ycsb-c")); // reads only: no TTL to give
        QVERIFY(!form.isFieldShown(ttl));
        form.setWorkload(QStringLiteral("ycsb-e")); // scans and inserts
        QVERIFY(form.isFieldShown(scan));
        QVERIFY(form.isFieldShown(ttl));

        form.setWorkload(QStringLiteral("queue"));
        QVERIFY(form.isFieldShown(listeners));
        QVERIFY(form.isFieldShown(perListener));
        QVERIFY(!form.isFieldShown(keys)); // the queue workload loads no keys
        QVERIFY(!form.isFieldShown(ttl));
        QVERIFY(!form.isFieldShown(scan));
        QCOMPARE(concurrencyLabel(form), QStringLiteral("Producers:"));

        form.setTarget(BenchForm::PostgresServer);
        QVERIFY(form.isFieldShown(pool));
        QVERIFY(!form.isFieldShown(durability));

        // The custom mix decides as it is typed.
        form.setWorkload(QStringLiteral("custom"));
        auto *mix = form.findChild<QLineEdit *>(QStringLiteral("benchMix"));
        mix->setText(QStringLiteral("get=90,list=10"));
        QVERIFY(form.isFieldShown(scan));
        QVERIFY(!form.isFieldShown(ttl));
        mix->setText(QStringLiteral("get=90,set=10"));
        QVERIFY(!form.isFieldShown(scan));
        QVERIFY(form.isFieldShown(ttl));
    }

    void parametersGoIntoTheRunOnlyWhereTheyApply()
    {
        BenchForm form;
        form.setPostgresServer("postgresql://u:secret@127.0.0.1/db", QStringLiteral("db"));
        field<QDoubleSpinBox>(form, "benchTtlShare")->setValue(25);
        field<QSpinBox>(form, "benchScanLength")->setValue(7);
        field<QSpinBox>(form, "benchListeners")->setValue(3);
        field<QSpinBox>(form, "benchListenerConcurrency")->setValue(4);
        field<QSpinBox>(form, "benchPool")->setValue(6);
        auto *durability = field<QComboBox>(form, "benchDurability");
        durability->setCurrentIndex(durability->findData(QStringLiteral("full")));

        form.setWorkload(QStringLiteral("ycsb-e"));
        bench::WorkloadConfig config = form.config();
        QCOMPARE(config.ttlShare, 0.25);
        QCOMPARE(config.scanLength, 7u);
        QCOMPARE(config.poolSize, 6);
        QVERIFY(config.durability.empty()); // PostgreSQL: synchronous_commit decides
        QCOMPARE(config.listeners, 1);
        QCOMPARE(config.listenerConcurrency, 1);

        form.setTarget(BenchForm::ScratchSqlite);
        form.setWorkload(QStringLiteral("queue"));
        config = form.config();
        QCOMPARE(config.durability, std::string("full"));
        QCOMPARE(config.poolSize, 0);
        QCOMPARE(config.listeners, 3);
        QCOMPARE(config.listenerConcurrency, 4);
        QCOMPARE(config.ttlShare, 0.0);
        QCOMPARE(config.scanLength, bench::WorkloadConfig{}.scanLength);
        // Each is a parameter the engine takes.
        bench::validateWorkloadConfig(config);

        // A run shown in the form shows its parameters.
        bench::WorkloadConfig shown;
        shown.workload = "queue";
        shown.listeners = 5;
        shown.listenerConcurrency = 2;
        shown.concurrency = 8;
        shown.durability = "normal";
        form.showConfig(shown);
        config = form.config();
        QCOMPARE(config.listeners, 5);
        QCOMPARE(config.listenerConcurrency, 2);
        QCOMPARE(config.concurrency, 8);
        QCOMPARE(config.durability, std::string("normal"));
    }

    void theParametersAreSavedWithTheRun()
    {
        QTemporaryDir dir;
        const QString historyPath = dir.filePath(QStringLiteral("history.sqlite"));
        BenchPane pane;
        pane.controller()->setHistoryPath(historyPath);
        pane.setScratchFolder(dir.path());
        const BenchForm &form = *pane.form();
        pane.setWorkload(QStringLiteral("ycsb-e"));
        field<QDoubleSpinBox>(form, "benchTtlShare")->setValue(50);
        field<QSpinBox>(form, "benchScanLength")->setValue(5);
        auto *durability = field<QComboBox>(form, "benchDurability");
        durability->setCurrentIndex(durability->findData(QStringLiteral("full")));
        field<QDoubleSpinBox>(form, "benchSeconds")->setValue(1.1);
        field<QDoubleSpinBox>(form, "benchWarmup")->setValue(0);
        field<QSpinBox>(form, "benchKeys")->setValue(500);
        QSignalSpy finished(pane.controller(), &BenchController::finished);
        QVERIFY(pane.start());
        QVERIFY(finished.wait(kRunTimeoutMs));

        pane.setWorkload(QStringLiteral("queue"));
        field<QSpinBox>(form, "benchConcurrency")->setValue(2);
        field<QSpinBox>(form, "benchListeners")->setValue(2);
        field<QSpinBox>(form, "benchListenerConcurrency")->setValue(3);
        QVERIFY(pane.start());
        QVERIFY(finished.wait(kRunTimeoutMs));

        const std::vector<bench::HistoryRun> runs
            = bench::RunHistory(historyPath.toStdString()).list();
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[0].config.workload, std::string("ycsb-e"));
        QCOMPARE(runs[0].config.ttlShare, 0.5);
        QCOMPARE(runs[0].config.scanLength, 5u);
        QCOMPARE(runs[0].config.durability, std::string("full"));
        QCOMPARE(runs[1].config.workload, std::string("queue"));
        QCOMPARE(runs[1].config.concurrency, 2);
        QCOMPARE(runs[1].config.listeners, 2);
        QCOMPARE(runs[1].config.listenerConcurrency, 3);
        QCOMPARE(runs[1].config.durability, std::string("full"));
        // The queue's handler op ran: the listeners were there.
        bool handled = false;
        for (const bench::SavedOp &op : runs[1].ops)
            handled = handled || (op.op == "handler" && op.ops > 0);
        QVERIFY(handled);
    }

    // Issue 44: "Keys and values shaped like this database" samples the tab's database.
    void shapeLikeTheDatabaseOnlyWhereThereIsOne()
    {
        BenchForm form;
        form.show();
        auto *like = field<QCheckBox>(form, "benchLike");
        QVERIFY(!form.isFieldShown(like)); // no database yet
        form.setSqliteDatabase(QStringLiteral("/data/shop.db"));
        QVERIFY(form.isFieldShown(like));
        QVERIFY(form.config().like.empty());
        form.setShapedLikeDatabase(true);
        QCOMPARE(form.config().like, std::string("/data/shop.db"));
        // The sample gives the value sizes; the queue workload has no keyspace to shape.
        auto *valueSize = field<QWidget>(form, "benchValueSize");
        QVERIFY(!form.isFieldShown(valueSize));
        form.setWorkload(QStringLiteral("queue"));
        QVERIFY(!form.isFieldShown(like));
        QVERIFY(form.config().like.empty());
        form.setWorkload(QStringLiteral("ycsb-a"));
        form.setPostgresServer("postgresql://u:secret@127.0.0.1/db", QStringLiteral("db"));
        QCOMPARE(form.config().like, std::string("postgresql://u:secret@127.0.0.1/db"));
        form.setShapedLikeDatabase(false);
        QVERIFY(form.config().like.empty());
        QVERIFY(form.isFieldShown(valueSize));
    }

    void theSloIsTheFormsText()
    {
        BenchForm form;
        auto *slo = field<QLineEdit>(form, "benchSlo");
        slo->setText(QStringLiteral("  p99<5ms,errors<0.1% "));
        QCOMPARE(form.sloText(), QStringLiteral("p99<5ms,errors<0.1%"));
        form.setSloText(QStringLiteral("max<1s"));
        QCOMPARE(slo->text(), QStringLiteral("max<1s"));
    }
};

QTEST_MAIN(TestBenchForm)
#include "tst_bench_form.moc"
