#include "bench/search/analyze_bench.h"

#include "bench/baselines/raw_key_order_read.h"
#include "bench/measure/bench_config.h"
#include "bench/output/json_line.h"
#include "bench/search/find_bench_database.h"

#include <kvs/key_space_analysis.h>
#include <kvs/key_space_json.h>

#include <QJsonDocument>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <ostream>
#include <vector>

namespace kvs::bench {

namespace {

constexpr std::int64_t kRows = 1000000;
constexpr int kRounds = 3;

std::string number(double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.3f", value);
    return text;
}

double seconds(const std::function<void()> &what)
{
    const auto from = std::chrono::steady_clock::now();
    what();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double loadAverage()
{
    double load[3] = {0, 0, 0};
    (void)getloadavg(load, 3);
    return load[0];
}

// The analysis as `kvs analyze --json` runs it: the report and its JSON text.
std::int64_t analyze(AsyncKVStore &store)
{
    const KeySpaceReport report = analyzeKeySpace(store, KeySpaceRequest{});
    (void)QJsonDocument(keySpaceReportJson(report)).toJson(QJsonDocument::Compact);
    return report.rowsRead;
}

} // namespace

void runAnalyzeBench(const BenchConfig &config, std::ostream &out)
{
    FindBenchDatabase db(config, kRows);
    std::vector<double> raw;
    std::vector<double> analysed;
    std::int64_t rows = 0;
    for (int round = 0; round < kRounds; ++round) {
        if (!db.postgres())
            raw.push_back(seconds([&] { (void)rawKeyOrderRead(db.connection(), db.table()); }));
        analysed.push_back(seconds([&] { rows = analyze(db.store()); }));
    }
    JsonLine line;
    line.string("op", db.postgres() ? "analyze_postgres" : "analyze_sqlite")
        .raw("rows", std::to_string(rows))
        .raw("analyze_s", number(median(analysed)));
    if (!db.postgres()) {
        line.raw("raw_read_s", number(median(raw)))
            .raw("ratio", number(median(analysed) / median(raw)))
            .raw("target", "2")
            .string("baseline", "raw-key-order-read");
    }
    out << line.raw("load_avg_1m", number(loadAverage())).text() << '\n';
}

} // namespace kvs::bench
