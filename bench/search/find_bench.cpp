#include "bench/search/find_bench.h"

#include "bench/baselines/delay_proxy.h"
#include "bench/baselines/raw_key_order_read.h"
#include "bench/measure/anon_peak.h"
#include "bench/measure/bench_config.h"
#include "bench/measure/run_figures.h"
#include "bench/search/find_bench_database.h"

#include <kvs/async_kvstore.h>
#include <kvs/entry_transfer.h>
#include <kvs/json_line.h>
#include <kvs/literal.h>
#include <kvs/value_search.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <ostream>
#include <thread>
#include <vector>

namespace kvs::bench {

namespace {

constexpr std::int64_t kRows = 1000000;
constexpr int kRounds = 3;

struct SearchOutcome
{
    std::int64_t scanned = 0;
    std::int64_t matched = 0;
    std::int64_t printed = 0; // bytes of the lines kvs find would print
};

// A search as `kvs find` runs it: every page's matches printed as KEY = VALUE lines (to a
// buffer that is thrown away).
SearchOutcome search(AsyncKVStore &store, ValueSearchQuery query)
{
    ValueSearch search(store, std::move(query));
    SearchOutcome outcome;
    std::string lines;
    while (!search.done()) {
        const ValueSearchPage page = search.next();
        lines.clear();
        for (const ValueMatch &match : page.matches) {
            lines += printKeyLiteral(match.entry.key);
            lines += " = ";
            printLiteral(match.entry.value, lines);
            lines += '\n';
        }
        outcome.printed += std::int64_t(lines.size());
    }
    outcome.scanned = search.counts().scanned;
    outcome.matched = search.counts().matched;
    return outcome;
}

ValueSearchQuery needleQuery()
{
    ValueSearchQuery query;
    query.range = searchRange({});
    query.text = "needle";
    query.matchCase = true;
    return query;
}

ValueSearchQuery failedQuery(const KeyRange &range)
{
    ValueSearchQuery query;
    query.range = range;
    query.where = Condition::parse(R"(value.status == "failed")");
    return query;
}

void findText(FindBenchDatabase &db, std::ostream &out)
{
    std::vector<double> raw;
    std::vector<double> found;
    SearchOutcome outcome;
    RawReadResult read;
    for (int round = 0; round < kRounds; ++round) {
        raw.push_back(secondsOf([&] { read = rawKeyOrderRead(db.connection(), db.table()); }));
        found.push_back(secondsOf([&] { outcome = search(db.store(), needleQuery()); }));
    }
    out << JsonLine()
               .string("op", "find_text")
               .string("backend", "sqlite")
               .raw("rows", std::to_string(read.rows))
               .raw("matched", std::to_string(outcome.matched))
               .raw("search_s", threeDecimals(medianOf(found)))
               .raw("raw_read_s", threeDecimals(medianOf(raw)))
               .raw("ratio", threeDecimals(medianOf(found) / medianOf(raw)))
               .raw("target", "1.5")
               .string("baseline", "raw-key-order-read")
               .raw("load_avg_1m", threeDecimals(loadAverage1m()))
               .text()
        << '\n';
}

void findCondition(FindBenchDatabase &db, std::ostream &out)
{
    std::vector<double> exported;
    std::vector<double> found;
    SearchOutcome outcome;
    TransferResult written;
    for (int round = 0; round < kRounds; ++round) {
        exported.push_back(secondsOf([&] {
            written = exportEntries(db.store(), searchRange({}), [](std::string_view) {});
        }));
        found.push_back(
            secondsOf([&] { outcome = search(db.store(), failedQuery(searchRange({}))); }));
    }
    const double exportRate = double(written.done) / medianOf(exported);
    const double searchRate = double(outcome.scanned) / medianOf(found);
    out << JsonLine()
               .string("op", "find_condition")
               .string("backend", db.postgres() ? "postgres" : "sqlite")
               .raw("rows", std::to_string(outcome.scanned))
               .raw("matched", std::to_string(outcome.matched))
               .raw("search_rows_per_s", threeDecimals(searchRate))
               .raw("export_rows_per_s", threeDecimals(exportRate))
               .raw("ratio", threeDecimals(searchRate / exportRate))
               .raw("target", "1.5")
               .string("baseline", "kvs-export")
               .raw("load_avg_1m", threeDecimals(loadAverage1m()))
               .text()
        << '\n';
}

void findMemory(FindBenchDatabase &db, std::ostream &out)
{
    const auto peakOf = [&](const KeyRange &range, std::int64_t &scanned) {
        AnonPeakSampler peak;
        scanned = search(db.store(), failedQuery(range)).scanned;
        return peak.stop();
    };
    std::int64_t smallRows = 0;
    std::int64_t allRows = 0;
    const KeyRange first{FindBenchDatabase::key(0), FindBenchDatabase::key(10000)};
    const double small = peakOf(first, smallRows);
    const double all = peakOf(searchRange({}), allRows);
    out << JsonLine()
               .string("op", "find_memory")
               .string("backend", db.postgres() ? "postgres" : "sqlite")
               .raw("rows_small", std::to_string(smallRows))
               .raw("rss_anon_peak_small_mb", threeDecimals(small))
               .raw("rows_all", std::to_string(allRows))
               .raw("rss_anon_peak_all_mb", threeDecimals(all))
               .raw("growth_mb", threeDecimals(all - small))
               .raw("load_avg_1m", threeDecimals(loadAverage1m()))
               .text()
        << '\n';
}

void findRoundTrips(FindBenchDatabase &db, std::ostream &out)
{
    DelayProxy proxy(db.connection(), std::chrono::microseconds(500));
    // One connection: the pool's other workers connect on first use, and whether the search's
    // read-ahead reaches one of them first varies from run to run (a connection's set-up costs
    // about four round trips). The count is then the search's own, the same in every run.
    const std::string &url = proxy.url();
    AsyncKVStore store(url + (url.find('?') == std::string::npos ? "?" : "&") + "pool_max=1",
                       db.settings());
    (void)store.get({"warm"}).result(); // opens the pool's connection
    {
        ValueSearchQuery prepare = needleQuery();
        prepare.range = {FindBenchDatabase::key(0), FindBenchDatabase::key(10)};
        (void)search(store, prepare); // prepares the statement on the connection
    }
    const std::int64_t before = proxy.roundTrips();
    SearchOutcome outcome;
    const double took = secondsOf([&] { outcome = search(store, needleQuery()); });
    const std::int64_t roundTrips = proxy.roundTrips() - before;
    store.close().waitForFinished();
    const std::int64_t bound = outcome.matched / 1000 + 10;
    out << JsonLine()
               .string("op", "find_round_trips")
               .string("backend", "postgres")
               .raw("rows", std::to_string(outcome.scanned))
               .raw("candidates", std::to_string(outcome.matched))
               .raw("round_trips", std::to_string(roundTrips))
               .raw("bound", std::to_string(bound))
               .raw("search_s", threeDecimals(took))
               .raw("delay_ms_each_way", "0.5")
               .raw("pool_max", "1")
               .raw("load_avg_1m", threeDecimals(loadAverage1m()))
               .text()
        << '\n';
}

} // namespace

void runFindBench(const BenchConfig &config, std::ostream &out)
{
    FindBenchDatabase db(config, kRows);
    if (db.postgres()) {
        findRoundTrips(db, out);
    } else {
        findText(db, out);
    }
    findCondition(db, out);
    findMemory(db, out);
}

} // namespace kvs::bench
