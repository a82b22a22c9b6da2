#include "bench/queue/queue_dashboard_bench.h"

#include "bench/measure/bench_config.h"
#include "bench/queue/queue_bench_database.h"

#include <kvs/dead_letter_groups.h>
#include <kvs/dead_letter_sweep.h>
#include <kvs/json_line.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <ostream>
#include <vector>

namespace kvs::bench {

namespace {

using Clock = std::chrono::steady_clock;

std::string number(double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.3f", value);
    return text;
}

// The times in ms of runs calls of what, after warmup unmeasured ones, sorted.
std::vector<double> timed(int warmup, int runs, const std::function<void()> &what)
{
    for (int i = 0; i < warmup; ++i)
        what();
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto from = Clock::now();
        what();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - from).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms;
}

double median(const std::vector<double> &sorted)
{
    return sorted[sorted.size() / 2];
}

double loadAverage()
{
    double load[3] = {0, 0, 0};
    (void)getloadavg(load, 3);
    return load[0];
}

} // namespace

QueueBenchDatabase::Columns overviewRows()
{
    // Blocks of ten consecutive rows share a status, so every topic (i % 10) gets each one.
    QueueBenchDatabase::Columns rows;
    const std::string block = "((i / 10) % 100)";
    rows.topic = "'topic-' || (i % 10)";
    rows.status = "CASE WHEN " + block + " < 10 THEN 'dead' WHEN " + block
                  + " < 30 THEN 'done' WHEN " + block
                  + " < 32 THEN 'processing' ELSE 'pending' END";
    rows.enqueuedAt = "NOW - 2000000 + i";
    rows.deliverAt = "CASE WHEN " + block + " >= 32 AND " + block
                     + " < 50 THEN NOW + 3600000 + i ELSE NOW - 2000000 + i END";
    rows.attempts = "CASE WHEN " + block + " < 10 THEN 3 ELSE 1 END";
    rows.maxAttempts = "3";
    // Leases from 30 s ago to 30 s ahead: half expired, a sixth ending within 10 s.
    rows.lockedUntil
        = "CASE WHEN " + block + " >= 30 AND " + block + " < 32 THEN NOW - 30000 + (i % 60000) END";
    rows.leaseToken = "CASE WHEN " + block + " >= 30 AND " + block + " < 32 THEN 'bench' END";
    rows.lastError = "CASE WHEN " + block + " < 10 THEN 'boom' END";
    rows.finishedAt = "CASE WHEN " + block + " < 30 THEN NOW - 5000 END";
    return rows;
}

void runQueueOverviewBench(const BenchConfig &config, std::ostream &out)
{
    QueueBenchDatabase db(config);
    db.fill(kOverviewRows, overviewRows());
    db.analyze();

    QueueStatsOptions dashboard{ExpiredLeases::Project, 10000};
    std::vector<QueueStats> stats;
    const std::vector<double> read
        = timed(2, 11, [&] { stats = db.store().queueStats(std::nullopt, dashboard).result(); });
    const std::vector<double> bare = timed(2, 11, [&] {
        db.exec("SELECT topic, status, count(*) FROM " + db.table() + " GROUP BY topic, status");
    });
    std::int64_t due = 0, delayed = 0, processing = 0, dead = 0, done = 0, ending = 0;
    for (const QueueStats &topic : stats) {
        due += topic.pending;
        delayed += topic.delayed;
        processing += topic.processing;
        dead += topic.dead;
        done += topic.done;
        ending += topic.leasesEnding;
    }
    out << JsonLine()
               .string("op", "queue_overview")
               .string("backend", db.postgres() ? "postgres" : "sqlite")
               .raw("rows", std::to_string(kOverviewRows))
               .raw("topics", std::to_string(stats.size()))
               .raw("read_median_ms", number(median(read)))
               .raw("read_min_ms", number(read.front()))
               .raw("read_max_ms", number(read.back()))
               .raw("bare_count_median_ms", number(median(bare)))
               .raw("bare_count_min_ms", number(bare.front()))
               .raw("due", std::to_string(due))
               .raw("delayed", std::to_string(delayed))
               .raw("processing", std::to_string(processing))
               .raw("dead", std::to_string(dead))
               .raw("done", std::to_string(done))
               .raw("leases_ending", std::to_string(ending))
               .raw("load_avg_1m", number(loadAverage()))
               .text()
        << '\n';
}

void runQueueDeadFilterBench(const BenchConfig &config, std::ostream &out)
{
    constexpr int kDead = 100000;
    constexpr std::size_t kPage = 100; // the Queues view's page of matches
    constexpr double kRead = 1000;     // and the listDead() page it reads them by
    const std::string topic = "bench-dead";
    QueueBenchDatabase db(config);
    QueueBenchDatabase::Columns rows = QueueBenchDatabase::Columns::deadLetters(topic);
    rows.enqueuedAt = "NOW - 2000000 + i";
    rows.deliverAt = "NOW - 1000000 + i";
    rows.attempts = "3";
    rows.maxAttempts = "3";
    rows.lastError = "CASE WHEN i % 10 = 0 THEN 'timeout after 30 s' ELSE 'connection refused' END";
    db.fill(kDead, rows);
    db.analyze();

    DeadLetterFilter filter;
    filter.setErrorContains("timeout");
    std::size_t firstPage = 0;
    const std::vector<double> page = timed(1, 5, [&] {
        firstPage = 0;
        double after = 0;
        while (firstPage < kPage) {
            const std::vector<QueueDeadMessage> read
                = db.store().listDead(topic, {kRead, after, ExpiredLeases::Project}).result();
            for (const QueueDeadMessage &message : read)
                firstPage += filter.matches(message) ? 1 : 0;
            if (read.size() < std::size_t(kRead))
                break;
            after = double(read.back().id);
        }
    });
    std::int64_t matched = 0;
    const std::vector<double> count = timed(1, 5, [&] {
        DeadLetterSweepOptions sweep;
        sweep.action = DeadLetterAction::Count;
        sweep.topic = topic;
        sweep.filter = filter;
        matched = sweepDeadLetters(db.store(), sweep).progress.matched;
    });
    out << JsonLine()
               .string("op", "queue_dead_filter")
               .string("backend", db.postgres() ? "postgres" : "sqlite")
               .raw("dead", std::to_string(kDead))
               .raw("first_page_matches", std::to_string(std::min(firstPage, kPage)))
               .raw("first_page_median_ms", number(median(page)))
               .raw("first_page_max_ms", number(page.back()))
               .raw("matched", std::to_string(matched))
               .raw("count_median_ms", number(median(count)))
               .raw("count_max_ms", number(count.back()))
               .raw("load_avg_1m", number(loadAverage()))
               .text()
        << '\n';
}

namespace {

QueueBenchDatabase::Columns deadGroupRows(const std::string &topic)
{
    // Message i: variant v = i % 30, shape v / 10, and a letter a-j naming the service (a digit
    // there would be a number, and the 10 variants one signature).
    QueueBenchDatabase::Columns rows = QueueBenchDatabase::Columns::deadLetters(topic);
    rows.enqueuedAt = "NOW - 2000000 + i";
    rows.deliverAt = "NOW - 1000000 + i";
    rows.attempts = "1 + i % 3";
    rows.maxAttempts = "3";
    const std::string letter = "substr('abcdefghij', 1 + i % 10, 1)";
    rows.lastError = "CASE (i % 30) / 10"
                     " WHEN 0 THEN 'timeout after ' || (i % 60) || 's calling 10.0.' || (i % 256)"
                     " || '.' || (i % 200) || ':443 in service-' || "
                     + letter + " WHEN 1 THEN 'HTTP ' || (500 + i % 4) || ' from billing-' || "
                     + letter
                     + " || ' for order 12345678-1234-4123-8123-' || (100000000000 + i)"
                       " ELSE 'cannot open \"/var/lib/jobs/' || i || '.json\" in worker-' || "
                     + letter + " || ' after ' || (i % 7) || ' tries' END";
    return rows;
}

} // namespace

void runQueueDeadGroupsBench(const BenchConfig &config, std::ostream &out)
{
    constexpr int kDead = 100000;
    const std::string topic = "bench-dead";
    QueueBenchDatabase db(config);
    db.fill(kDead, deadGroupRows(topic));
    db.analyze();

    DeadLetterSweepOptions sweep; // queue_dead_filter's exact count
    sweep.action = DeadLetterAction::Count;
    sweep.topic = topic;
    sweep.filter.setErrorContains("timeout");
    std::int64_t matched = 0;
    DeadLetterGroupsOptions grouping;
    grouping.topic = topic;
    DeadLetterGroups groups;
    // Alternated run by run, so that a burst of load elsewhere falls on both alike.
    std::vector<double> count, group;
    for (int run = 0; run < 6; ++run) {
        const std::vector<double> one
            = timed(0, 1, [&] { matched = sweepDeadLetters(db.store(), sweep).progress.matched; });
        const std::vector<double> other
            = timed(0, 1, [&] { groups = groupDeadLetters(db.store(), grouping); });
        if (run == 0)
            continue; // unmeasured: warms the caches
        count.push_back(one.front());
        group.push_back(other.front());
    }
    std::sort(count.begin(), count.end());
    std::sort(group.begin(), group.end());
    out << JsonLine()
               .string("op", "queue_dead_groups")
               .string("backend", db.postgres() ? "postgres" : "sqlite")
               .raw("dead", std::to_string(kDead))
               .raw("grouped", std::to_string(groups.total))
               .raw("groups", std::to_string(groups.groups.size()))
               .raw("largest_group",
                    std::to_string(groups.groups.empty() ? 0 : groups.groups.front().count))
               .raw("group_median_ms", number(median(group)))
               .raw("group_max_ms", number(group.back()))
               .raw("count_matched", std::to_string(matched))
               .raw("count_median_ms", number(median(count)))
               .raw("count_max_ms", number(count.back()))
               .raw("ratio", number(median(group) / median(count)))
               .raw("load_avg_1m", number(loadAverage()))
               .text()
        << '\n';
}

} // namespace kvs::bench
