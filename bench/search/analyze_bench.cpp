#include "bench/search/analyze_bench.h"

#include "bench/baselines/delay_proxy.h"
#include "bench/baselines/pg_count_sum.h"
#include "bench/baselines/raw_key_order_read.h"
#include "bench/measure/bench_config.h"
#include "bench/measure/run_figures.h"
#include "bench/search/find_bench_database.h"

#include <kvs/json_line.h>
#include <kvs/key_space_analysis.h>
#include <kvs/key_space_json.h>

#include <QJsonDocument>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <ostream>
#include <vector>

namespace kvs::bench {

namespace {

constexpr std::int64_t kRows = 1000000;
constexpr int kRounds = 3;

// The analysis as `kvs analyze --json` runs it: the report and its JSON text.
std::int64_t analyze(AsyncKVStore &store)
{
    const KeySpaceReport report = analyzeKeySpace(store, KeySpaceRequest{});
    (void)QJsonDocument(keySpaceReportJson(report)).toJson(QJsonDocument::Compact);
    return report.rowsRead;
}

// The kv table as SQL names it: in the store's schema when it has one.
std::string tableSql(const FindBenchDatabase &db)
{
    const auto quoted = [](const std::string &name) {
        return '"' + name + '"';
    };
    const std::optional<std::string> &schema = db.settings().schema;
    return schema && !schema->empty() ? quoted(*schema) + "." + quoted(db.table())
                                      : quoted(db.table());
}

// On PostgreSQL both statements go through a proxy that delays every byte by 0.5 ms each way, as
// a server across a network: the analysis's round trips count, and are counted.
void runPostgres(FindBenchDatabase &db, std::ostream &out)
{
    DelayProxy proxy(db.connection(), std::chrono::microseconds(500));
    AsyncKVStore store(proxy.url(), db.settings());
    (void)store.get({"warm"}).result(); // opens a connection: its set-up is not the analysis's
    std::vector<double> raw;
    std::vector<double> analysed;
    std::int64_t rows = 0;
    std::int64_t roundTrips = 0;
    for (int round = 0; round < kRounds; ++round) {
        raw.push_back(secondsOf([&] { (void)pgCountSum(proxy.url(), tableSql(db)); }));
        const std::int64_t before = proxy.roundTrips();
        analysed.push_back(secondsOf([&] { rows = analyze(store); }));
        roundTrips = proxy.roundTrips() - before;
    }
    store.close().waitForFinished();
    out << JsonLine()
               .string("op", "analyze_postgres")
               .raw("rows", std::to_string(rows))
               .raw("analyze_s", threeDecimals(medianOf(analysed)))
               .raw("count_sum_s", threeDecimals(medianOf(raw)))
               .raw("ratio", threeDecimals(medianOf(analysed) / medianOf(raw)))
               .raw("target", "8")
               .string("baseline", "select-count-sum-octet-length")
               .raw("round_trips", std::to_string(roundTrips))
               .raw("round_trips_target", "50")
               .raw("delay_ms_each_way", "0.5")
               .raw("load_avg_1m", threeDecimals(loadAverage1m()))
               .text()
        << '\n';
}

} // namespace

void runAnalyzeBench(const BenchConfig &config, std::ostream &out)
{
    FindBenchDatabase db(config, kRows);
    if (db.postgres()) {
        runPostgres(db, out);
        return;
    }
    std::vector<double> raw;
    std::vector<double> analysed;
    std::int64_t rows = 0;
    for (int round = 0; round < kRounds; ++round) {
        raw.push_back(secondsOf([&] { (void)rawKeyOrderRead(db.connection(), db.table()); }));
        analysed.push_back(secondsOf([&] { rows = analyze(db.store()); }));
    }
    out << JsonLine()
               .string("op", "analyze_sqlite")
               .raw("rows", std::to_string(rows))
               .raw("analyze_s", threeDecimals(medianOf(analysed)))
               .raw("raw_read_s", threeDecimals(medianOf(raw)))
               .raw("ratio", threeDecimals(medianOf(analysed) / medianOf(raw)))
               .raw("target", "2")
               .string("baseline", "raw-key-order-read")
               .raw("load_avg_1m", threeDecimals(loadAverage1m()))
               .text()
        << '\n';
}

} // namespace kvs::bench
