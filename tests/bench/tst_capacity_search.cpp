// The capacity search (bench/workload/capacity_search.h, issue 44): the plan's doubling,
// bisection and repeats, how a step is judged, the refusals, and the search on a real SQLite
// store that stalls past a known rate (tests/support/stalling_adapter.h): it must find where the
// store breaks. Nothing here asserts a duration; the steps run in real time because they measure.

#include "bench/workload/capacity_search.h"
#include "support/stalling_adapter.h"

#include <kvs/errors.h>

#include <QTest>

#include <atomic>
#include <functional>

using namespace kvs::bench;
using kvs::test::StallingAdapter;

namespace {

// The rates a plan asks for when a run holds exactly when holds(rate, run) says so.
std::vector<double> planRates(CapacityPlan &plan, const std::function<bool(double, int)> &holds)
{
    std::vector<double> rates;
    for (int run = 0; plan.next() && run < 100; ++run) {
        rates.push_back(*plan.next());
        plan.record(holds(*plan.next(), run));
    }
    return rates;
}

CapacityOptions planOptions()
{
    CapacityOptions options;
    options.startRate = 100;
    options.maxRate = 1'000'000;
    options.precision = 0.05;
    options.repeats = 0;
    return options;
}

// A store of SQLite :memory: that stalls 1 s per call past 400 calls/s (bursts of 100 pass).
constexpr double kStallRate = 400;
constexpr double kStallBurst = 100;

WorkloadConfig stepConfig()
{
    WorkloadConfig config;
    config.db = ":memory:";
    config.workload = "ycsb-a";
    config.keys = 200;
    config.seconds = 0.5;
    config.warmupSeconds = 0.2;
    config.concurrency = 16;
    return config;
}

RunSeams stallingPast(double rate, std::shared_ptr<StallingAdapter> *made)
{
    RunSeams seams;
    seams.wrapAdapter = [rate, made](std::shared_ptr<kvs::SqlAdapter> inner) {
        auto adapter = std::make_shared<StallingAdapter>(
            std::move(inner), rate, kStallBurst, std::chrono::milliseconds(1000));
        *made = adapter;
        return adapter;
    };
    return seams;
}

} // namespace

class TestCapacitySearch : public QObject
{
    Q_OBJECT

private slots:
    void planDoublesThenBisects()
    {
        CapacityPlan plan(planOptions());
        const std::vector<double> rates
            = planRates(plan, [](double rate, int) { return rate <= 1000; });
        QCOMPARE(rates, (std::vector<double>{100, 200, 400, 800, 1600, 1200, 1000, 1100, 1050}));
        QCOMPARE(plan.end(), std::optional(CapacityEnd::Bisected));
        QCOMPARE(plan.highestHeld(), 1000.0);
        QCOMPARE(plan.lowestBroken(), 1050.0);
    }

    void planRepeatsABrokenStep()
    {
        // The first run at 400 breaks (noise), its repeat holds: 400 held.
        CapacityOptions options = planOptions();
        options.repeats = 1;
        CapacityPlan plan(options);
        std::vector<bool> repeats;
        std::vector<double> rates;
        while (plan.next() && rates.size() < 100) {
            const double rate = *plan.next();
            repeats.push_back(plan.nextIsRepeat());
            rates.push_back(rate);
            plan.record(rate <= 500 && !(rate == 400 && rates.size() == 3));
        }
        QCOMPARE(
            rates,
            (std::vector<double>{100, 200, 400, 400, 800, 800, 600, 600, 500, 550, 550, 525, 525}));
        QCOMPARE(repeats,
                 (std::vector<bool>{false,
                                    false,
                                    false,
                                    true,
                                    false,
                                    true,
                                    false,
                                    true,
                                    false,
                                    false,
                                    true,
                                    false,
                                    true}));
        QCOMPARE(plan.highestHeld(), 500.0);
        QCOMPARE(plan.lowestBroken(), 525.0);
    }

    void planEndsWhenTheFirstStepBreaks()
    {
        CapacityOptions options = planOptions();
        options.repeats = 2;
        CapacityPlan plan(options);
        QCOMPARE(planRates(plan, [](double, int) { return false; }),
                 (std::vector<double>{100, 100, 100}));
        QCOMPARE(plan.end(), std::optional(CapacityEnd::FirstStepBroke));
        QCOMPARE(plan.highestHeld(), 0.0);
        QCOMPARE(plan.lowestBroken(), 100.0);
    }

    void planEndsAtTheMaximumRate()
    {
        CapacityOptions options = planOptions();
        options.maxRate = 500;
        CapacityPlan plan(options);
        QCOMPARE(planRates(plan, [](double, int) { return true; }),
                 (std::vector<double>{100, 200, 400, 500}));
        QCOMPARE(plan.end(), std::optional(CapacityEnd::ReachedMax));
        QCOMPARE(plan.highestHeld(), 500.0);
    }

    void aStepBreaksOnItsSloOrItsLateCalls()
    {
        CapacityOptions options;
        options.slo = parseSlo("p99<5ms,errors<1%");
        options.lateShare = 0.05;
        RunResult run;
        run.seconds = 2;
        for (int i = 0; i < 1000; ++i)
            run.all.latency->record(1'000'000); // 1 ms
        run.all.ops = 1000;
        CapacityStep step;
        QVERIFY(judgeStep(options, 500, run, 2, &step));
        QCOMPARE(step.achieved, 500.0);
        QCOMPARE(step.calls, 1000U);
        QCOMPARE(step.rate, 500.0);
        QVERIFY(step.broken.empty());

        run.all.late = 100; // 10 % of the calls late
        QVERIFY(!judgeStep(options, 500, run, 2, &step));
        QCOMPARE(QString::fromStdString(step.broken),
                 QStringLiteral("late were 10% of the calls (at most 5%)"));
        QCOMPARE(step.lateShare, 0.1);

        // 5 slow calls of 1005: the 995th is 1 ms, p99 holds; 15 of 1015: it breaks.
        run.all.late = 0;
        for (int i = 0; i < 5; ++i)
            run.all.latency->record(50'000'000);
        run.all.ops = 1005;
        QVERIFY(judgeStep(options, 500, run, 2, &step));
        for (int i = 0; i < 10; ++i)
            run.all.latency->record(50'000'000);
        run.all.ops = 1015;
        QVERIFY(!judgeStep(options, 500, run, 2, &step));
        QVERIFY2(step.broken.rfind("p99 was ", 0) == 0, step.broken.c_str());
        QVERIFY2(step.broken.find("(SLO p99<5ms)") != std::string::npos, step.broken.c_str());
    }

    void refusesBadOptions_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("start") << "start"
                               << "kvs: bench: --start-rate must be calls per second >= 1";
        QTest::newRow("max") << "max"
                             << "kvs: bench: --max-rate must be at least --start-rate";
        QTest::newRow("precision") << "precision"
                                   << "kvs: bench: --precision must be > 0 and <= 1";
        QTest::newRow("late") << "late"
                              << "kvs: bench: --late-share must be 0 .. 1";
        QTest::newRow("repeat") << "repeat"
                                << "kvs: bench: --repeat must be 0 .. 10";
    }

    void refusesBadOptions()
    {
        QFETCH(QString, field);
        QFETCH(QString, message);
        CapacityOptions options;
        if (field == QLatin1String("start"))
            options.startRate = 0;
        if (field == QLatin1String("max"))
            options.maxRate = 50;
        if (field == QLatin1String("precision"))
            options.precision = 0;
        if (field == QLatin1String("late"))
            options.lateShare = 2;
        if (field == QLatin1String("repeat"))
            options.repeats = 11;
        try {
            validateCapacityOptions(options);
            QFAIL("no error");
        } catch (const kvs::Error &error) {
            QCOMPARE(QString::fromUtf8(error.what()), message);
        }
    }

    void findsWhereAStalledStoreBreaks()
    {
        // Past 400 calls/s (with bursts of 100) the store stalls a call for a second. p99 < 400 ms
        // holds where it does not stall (a busy machine's hiccups included) and breaks where it
        // does (a stall takes a second, and the calls due meanwhile wait for it). Where exactly
        // above 400 calls/s the bucket runs dry depends on how late the machine dispatches, so
        // each step's stalls are counted: the search must break exactly where the store stalled.
        CapacityOptions options;
        options.startRate = 50;
        options.maxRate = 3200;
        options.precision = 0.1;
        options.lateShare = 1; // the SLO alone decides
        options.repeats = 1;
        options.slo = parseSlo("p99<400ms");
        std::shared_ptr<StallingAdapter> adapter;
        std::vector<CapacityStep> reported;
        std::vector<std::uint64_t> stalls; // per run
        std::uint64_t before = 0;
        CapacityCallbacks callbacks;
        callbacks.onStepStarted = [&](int, double, bool) {
            before = adapter->stalledCalls();
        };
        callbacks.onStep = [&](const CapacityStep &step) {
            reported.push_back(step);
            stalls.push_back(adapter->stalledCalls() - before);
        };
        const std::atomic<bool> cancel{false};
        const CapacityResult result = findCapacity(
            stepConfig(), options, {}, callbacks, cancel, stallingPast(kStallRate, &adapter));
        QVERIFY(adapter);
        QCOMPARE(reported.size(), result.steps.size());
        QString steps;
        for (std::size_t i = 0; i < result.steps.size(); ++i) {
            const CapacityStep &step = result.steps[i];
            steps += QStringLiteral("%1%2: %3, %4 stalls (p99 %5 us); ")
                         .arg(step.rate)
                         .arg(step.repeat ? QStringLiteral(" again") : QString())
                         .arg(step.held ? QStringLiteral("held")
                                        : QString::fromStdString(step.broken))
                         .arg(stalls[i])
                         .arg(step.p99Us);
        }
        QCOMPARE(result.end, CapacityEnd::Bisected);
        // Every run that broke, broke on a stall of the store; a run without stalls held.
        for (std::size_t i = 0; i < result.steps.size(); ++i)
            QVERIFY2(result.steps[i].held || stalls[i] > 0, qPrintable(steps));
        // The store holds up to its rate and breaks below twice it; the search ends within its
        // precision between the two.
        QVERIFY2(result.highestHeld >= kStallRate, qPrintable(steps));
        QVERIFY2(result.lowestBroken > result.highestHeld && result.lowestBroken <= 2 * kStallRate,
                 qPrintable(steps));
        QVERIFY2(result.lowestBroken <= result.highestHeld * (1 + options.precision),
                 qPrintable(steps));
        QCOMPARE(result.steps.front().rate, 50.0);
        QVERIFY(result.steps.front().achieved > 0);
        // The held run kept is the highest rate's, with its histogram.
        QVERIFY(result.heldRun);
        QCOMPARE(result.heldRun->all.latency->count(),
                 result.heldRun->all.ops + result.heldRun->all.unstarted);
        QVERIFY(result.heldRun->all.ops > 0);
        QCOMPARE(result.loaded.backend, std::string("sqlite"));
        QCOMPARE(result.loaded.load.keys, 200U);
    }

    void endsWhenEvenTheFirstStepBreaks()
    {
        CapacityOptions options;
        options.startRate = 200;
        options.lateShare = 1;
        options.repeats = 0;
        options.slo = parseSlo("p99<400ms");
        std::shared_ptr<StallingAdapter> adapter;
        const std::atomic<bool> cancel{false};
        const CapacityResult result
            = findCapacity(stepConfig(), options, {}, {}, cancel, stallingPast(20, &adapter));
        QCOMPARE(result.end, CapacityEnd::FirstStepBroke);
        QCOMPARE(result.steps.size(), std::size_t(1));
        QVERIFY(!result.steps.front().held);
        QCOMPARE(result.highestHeld, 0.0);
        QVERIFY(!result.heldRun);
    }

    void stopsOnCancel()
    {
        CapacityOptions options;
        options.startRate = 100;
        options.lateShare = 1;
        std::atomic<bool> cancel{false};
        CapacityCallbacks callbacks;
        callbacks.onStep = [&](const CapacityStep &) {
            cancel = true;
        };
        const CapacityResult result = findCapacity(stepConfig(), options, {}, callbacks, cancel);
        QCOMPARE(result.end, CapacityEnd::Stopped);
        QCOMPARE(result.steps.size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestCapacitySearch)
#include "tst_capacity_search.moc"
