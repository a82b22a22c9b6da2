#include "bench/stores/async_bench_line.h"

#include "bench/output/format.h"

#include <kvs/connection_string.h>
#include <kvs/js_number.h>
#include <kvs/json_line.h>

#include <cmath>
#include <cstdio>

namespace kvs::bench {

std::string asyncJsonLine(const std::string &db, const AsyncBenchLine &line)
{
    return JsonLine()
        .string("backend", line.backend)
        .string("db", redactedConnection(db)) // the help promises a password is never printed
        .string("op", line.op)
        .raw("ops_per_s", integerText(line.measured.opsPerSecond()))
        .raw("p50_us", twoDecimals(line.measured.p50Us))
        .raw("p99_us", twoDecimals(line.measured.p99Us))
        .string("baseline", line.baseline)
        .raw("baseline_ops_per_s", integerText(line.baselineMeasured.opsPerSecond()))
        .raw("ratio",
             formatJsNumber(std::round(ratioOf(line.measured, line.baselineMeasured) * 1e4) / 1e4))
        .text();
}

std::string asyncTableRow(const AsyncBenchLine &line)
{
    char row[220];
    std::snprintf(row,
                  sizeof row,
                  "%-15s %-22s %12s %9.2f %9.2f %12s %8.3f  (baseline: %s)",
                  line.backend.c_str(),
                  line.op.c_str(),
                  integerText(line.measured.opsPerSecond()).c_str(),
                  line.measured.p50Us,
                  line.measured.p99Us,
                  integerText(line.baselineMeasured.opsPerSecond()).c_str(),
                  ratioOf(line.measured, line.baselineMeasured),
                  line.baseline.c_str());
    return row;
}

} // namespace kvs::bench
