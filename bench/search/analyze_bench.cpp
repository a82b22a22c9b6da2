#include "bench/search/analyze_bench.h"

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

} // namespace

void runAnalyzeBench(const BenchConfig &config, std::ostream &out)
{
    FindBenchDatabase db(config, kRows);
    std::vector<double> raw;
    std::vector<double> analysed;
    std::int64_t rows = 0;
    for (int round = 0; round < kRounds; ++round) {
        if (db.postgres())
            raw.push_back(secondsOf([&] { (void)pgCountSum(db.connection(), tableSql(db)); }));
        else
            raw.push_back(secondsOf([&] { (void)rawKeyOrderRead(db.connection(), db.table()); }));
        analysed.push_back(secondsOf([&] { rows = analyze(db.store()); }));
    }
    JsonLine line;
    line.string("op", db.postgres() ? "analyze_postgres" : "analyze_sqlite")
        .raw("rows", std::to_string(rows))
        .raw("analyze_s", threeDecimals(medianOf(analysed)));
    if (db.postgres()) {
        line.raw("count_sum_s", threeDecimals(medianOf(raw)))
            .raw("ratio", threeDecimals(medianOf(analysed) / medianOf(raw)))
            .raw("target", "8")
            .string("baseline", "select-count-sum-octet-length");
    } else {
        line.raw("raw_read_s", threeDecimals(medianOf(raw)))
            .raw("ratio", threeDecimals(medianOf(analysed) / medianOf(raw)))
            .raw("target", "2")
            .string("baseline", "raw-key-order-read");
    }
    out << line.raw("load_avg_1m", threeDecimals(loadAverage1m())).text() << '\n';
}

} // namespace kvs::bench
