#include "guibench/tree_bench.h"

#include "bench/measure/measure.h"
#include "bench/output/format.h"
#include "guibench/analysis_view_stall.h"
#include "guibench/bench_view_stall.h"
#include "guibench/inspector_gap_probe.h"
#include "guibench/queues_overview_stall.h"
#include "guibench/sqlite_key_fill.h"
#include "guibench/tables_bench.h"
#include "guibench/tree_expansion.h"
#include "guibench/tree_goto_bench.h"
#include "guibench/tree_postgres_bench.h"
#include "tree/key_tree_model.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/js_number.h>
#include <kvs/json_line.h>
#include <kvs/kvstore.h>
#include <kvs/value_codec.h>

#include <QApplication>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace kvs::bench {

namespace {

constexpr int kP = kTreeP;
constexpr int kG = kTreeG;
constexpr std::size_t kLargeValueBytes = 20'000'000;
constexpr int kInspectorRuns = 3;

// Keys ["p<n>", g, i] with perGroup values of i under each of the kP x kG groups, in key order.
Key treeKey(std::int64_t i, int perGroup)
{
    const std::int64_t group = i / perGroup;
    return {"p" + std::to_string(group / kG),
            static_cast<double>(group % kG),
            static_cast<double>(i % perGroup)};
}

void buildTreeDatabase(const std::string &path, int perGroup)
{
    fillSqliteKeys(path, std::int64_t(kP) * kG * perGroup, [perGroup](std::int64_t i) {
        return treeKey(i, perGroup);
    });
}

Measurement measureSqliteExpansion(const std::string &path, double seconds)
{
    auto store = std::make_shared<AsyncKVStore>("sqlite://" + path, inspectorSettings());
    const Measurement measured = measureExpansion(store, seconds);
    store->close().waitForFinished();
    return measured;
}

// The Qt application object for the bench's widgets, when the process has none; it goes when the
// bench ends. (A function-static one was destroyed after Qt's own globals at exit: a crash.)
std::unique_ptr<QApplication> ensureApplication()
{
    if (QCoreApplication::instance())
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen"); // no window appears; works without a display
    static int argc = 1;
    static char name[] = "kvs-gui-bench";
    static char *argv[] = {name, nullptr};
    return std::make_unique<QApplication>(argc, argv);
}

bool wants(const TreeBenchConfig &config, std::string_view op)
{
    return config.ops.empty()
           || std::find(config.ops.begin(), config.ops.end(), op) != config.ops.end();
}

void printExpansion(const TreeBenchConfig &config,
                    std::ostream &out,
                    std::string_view op,
                    const std::string &path,
                    const Measurement &measured,
                    const Measurement *baseline)
{
    if (config.json) {
        JsonLine line;
        line.string("backend", "tree")
            .string("db", path)
            .string("op", op)
            .raw("ops_per_s", integerText(measured.opsPerSecond()))
            .raw("p50_us", twoDecimals(measured.p50Us))
            .raw("p99_us", twoDecimals(measured.p99Us));
        if (baseline) {
            line.string("baseline", "tree_expand_10k")
                .raw("baseline_ops_per_s", integerText(baseline->opsPerSecond()))
                .raw("ratio", fourDigits(ratioOf(measured, *baseline)));
        } else {
            line.raw("baseline", "null").raw("baseline_ops_per_s", "null").raw("ratio", "null");
        }
        out << line.text() << std::endl;
        return;
    }
    char row[200];
    std::snprintf(
        row,
        sizeof row,
        "%-25s %12s expansions/s  p50 %9.1f us  p99 %9.1f us%s",
        std::string(op).c_str(),
        integerText(measured.opsPerSecond()).c_str(),
        measured.p50Us,
        measured.p99Us,
        baseline
            ? ("  ratio to tree_expand_10k " + fourDigits(ratioOf(measured, *baseline))).c_str()
            : "");
    out << row << std::endl;
}

// Creates a kvs database at path with one key, ["large"], holding a 20 MB string of text lines.
std::string buildLargeValueDatabase(const std::string &path)
{
    std::string text;
    text.reserve(kLargeValueBytes);
    for (int line = 0; text.size() < kLargeValueBytes; ++line)
        text += "line " + std::to_string(line) + ": the quick brown fox jumps over the lazy dog\n";
    text.resize(kLargeValueBytes);
    const Key key{"large"};
    KVStore store(path);
    store.set(key, Value(std::move(text)));
    store.close();
    return encodeKey(key);
}

struct InspectorOpen
{
    qint64 longestGapMs = 0; // the worst of the runs
    qint64 openMs = 0;       // the median of the runs
};

// Opens the value kInspectorRuns times in a fresh inspector each, through the GUI's own code.
InspectorOpen measureInspectorOpen(const std::string &path, const std::string &encodedKey)
{
    AsyncKVStore store("sqlite://" + path, inspectorSettings());
    InspectorOpen result;
    std::vector<qint64> opens;
    for (int run = 0; run < kInspectorRuns; ++run) {
        const GapMeasurement measured = measureGapWhileOpening(store, encodedKey);
        if (!measured.loaded)
            throw Error("kvs: bench: the inspector did not open the 20 MB value within 60 s");
        result.longestGapMs = std::max(result.longestGapMs, measured.longestGapMs);
        opens.push_back(measured.loadMs);
    }
    store.close().waitForFinished();
    std::sort(opens.begin(), opens.end());
    result.openMs = opens[opens.size() / 2];
    return result;
}

void printInspectorOpen(const TreeBenchConfig &config,
                        std::ostream &out,
                        const std::string &path,
                        const InspectorOpen &measured)
{
    if (config.json) {
        JsonLine line;
        line.string("backend", "tree")
            .string("db", path)
            .string("op", "inspector_open_20mb")
            .raw("value_bytes", std::to_string(kLargeValueBytes))
            .raw("runs", std::to_string(kInspectorRuns))
            .raw("longest_gap_ms", std::to_string(measured.longestGapMs))
            .raw("open_ms", std::to_string(measured.openMs));
        out << line.text() << std::endl;
        return;
    }
    out << "inspector_open_20mb        longest GUI gap " << measured.longestGapMs
        << " ms (worst of " << kInspectorRuns << ")  open " << measured.openMs << " ms (median)"
        << std::endl;
}

void printTablesScroll(const TreeBenchConfig &config,
                       std::ostream &out,
                       const std::string &path,
                       const TablesScroll &measured)
{
    if (config.json) {
        JsonLine line;
        line.string("backend", "tree")
            .string("db", path)
            .string("op", "tables_scroll_1m")
            .raw("rows", "1000000")
            .raw("first_page_ms", std::to_string(measured.firstPageMs))
            .raw("show_gap_ms", std::to_string(measured.showGapMs))
            .raw("longest_gap_ms", std::to_string(measured.longestGapMs))
            .raw("to_end_ms", std::to_string(measured.toEndMs))
            .raw("pages_read", std::to_string(measured.pagesRead));
        out << line.text() << std::endl;
        return;
    }
    out << "tables_scroll_1m           first page " << measured.firstPageMs << " ms (GUI gap "
        << measured.showGapMs << " ms)  longest GUI gap while dragging " << measured.longestGapMs
        << " ms  drag to end " << measured.toEndMs << " ms  pages read " << measured.pagesRead
        << " of 5000" << std::endl;
}

constexpr int kGoToRuns = 3;

// Go to ["big", 7/9 of children] kGoToRuns times on store: the median time to the selected row
// and the longest GUI gap of all runs.
void runGoTo(const TreeBenchConfig &config,
             std::ostream &out,
             std::string_view op,
             const std::shared_ptr<AsyncKVStore> &store,
             int children)
{
    const Key key{"big", static_cast<double>(children / 9 * 7)};
    std::vector<qint64> selected;
    GoToMeasurement worst;
    for (int run = 0; run < kGoToRuns; ++run) {
        const GoToMeasurement measured = measureGoTo(store, key);
        selected.push_back(measured.selectedMs);
        worst.longestGapMs = std::max(worst.longestGapMs, measured.longestGapMs);
        worst.rowsLoaded = measured.rowsLoaded;
    }
    std::sort(selected.begin(), selected.end());
    const qint64 median = selected[selected.size() / 2];
    if (config.json) {
        JsonLine line;
        line.string("backend", "tree")
            .string("op", op)
            .raw("children", std::to_string(children))
            .raw("runs", std::to_string(kGoToRuns))
            .raw("selected_ms", std::to_string(median))
            .raw("longest_gap_ms", std::to_string(worst.longestGapMs))
            .raw("rows_loaded", std::to_string(worst.rowsLoaded));
        out << line.text() << std::endl;
        return;
    }
    char row[200];
    std::snprintf(row,
                  sizeof row,
                  "%-25s selected in %lld ms (median of %d)  longest GUI gap %lld ms  rows "
                  "loaded %d of %d",
                  std::string(op).c_str(),
                  static_cast<long long>(median),
                  kGoToRuns,
                  static_cast<long long>(worst.longestGapMs),
                  worst.rowsLoaded,
                  children);
    out << row << std::endl;
}

void printRemoteExpansion(const TreeBenchConfig &config,
                          std::ostream &out,
                          const RemoteExpansion &measured)
{
    if (config.json) {
        JsonLine line;
        line.string("backend", "tree")
            .string("op", "tree_expand_1000_pg_1ms")
            .raw("children", "1000")
            .raw("runs", std::to_string(measured.runs))
            .raw("median_ms", twoDecimals(measured.medianMs))
            .raw("round_trips", std::to_string(measured.roundTrips));
        out << line.text() << std::endl;
        return;
    }
    char row[200];
    std::snprintf(row,
                  sizeof row,
                  "%-25s 1,000 children through a 1 ms round trip: %.1f ms (median of %d), %lld "
                  "round trips",
                  "tree_expand_1000_pg_1ms",
                  measured.medianMs,
                  measured.runs,
                  static_cast<long long>(measured.roundTrips));
    out << row << std::endl;
}

void runPostgresOps(const TreeBenchConfig &config, std::ostream &out)
{
    const std::string &url = config.postgresUrl;
    if (wants(config, "tree_expand_1000_pg_1ms"))
        printRemoteExpansion(config, out, measureRemoteExpansion(url));
    std::optional<Measurement> smallRun;
    if (wants(config, "tree_expand_10k_pg") || wants(config, "tree_expand_1m_pg")) {
        PostgresTreeSchema schema(url, "t10k");
        schema.copyKeys(10'000, [](std::int64_t i) { return treeKey(i, 10'000 / (kP * kG)); });
        const auto store = schema.open(url);
        smallRun = measureExpansion(store, config.seconds);
        store->close().waitForFinished();
        if (wants(config, "tree_expand_10k_pg"))
            printExpansion(config, out, "tree_expand_10k_pg", url, *smallRun, nullptr);
    }
    if (wants(config, "tree_expand_1m_pg")) {
        PostgresTreeSchema schema(url, "t1m");
        schema.copyKeys(1'000'000,
                        [](std::int64_t i) { return treeKey(i, 1'000'000 / (kP * kG)); });
        const auto store = schema.open(url);
        const Measurement largeRun = measureExpansion(store, config.seconds);
        store->close().waitForFinished();
        printExpansion(config, out, "tree_expand_1m_pg", url, largeRun, &*smallRun);
    }
    for (const auto &[op, children] :
         {std::pair{"tree_goto_10k_pg", 10'000}, std::pair{"tree_goto_1m_pg", 1'000'000}}) {
        if (!wants(config, op))
            continue;
        PostgresTreeSchema schema(url, children == 10'000 ? "g10k" : "g1m");
        schema.copyKeys(children, [](std::int64_t i) { return Key{"big", double(i)}; });
        const auto store = schema.open(url);
        runGoTo(config, out, op, store, children);
        store->close().waitForFinished();
    }
}

} // namespace

bool isPostgresTreeOperation(std::string_view name) noexcept
{
    return name.find("_pg") != std::string_view::npos;
}

bool isTreeBenchOperation(std::string_view name) noexcept
{
    return std::find(std::begin(kTreeOps), std::end(kTreeOps), name) != std::end(kTreeOps);
}

std::string treeBenchOperationList()
{
    std::string list;
    for (const std::string_view op : kTreeOps) {
        list += list.empty() ? "" : ", ";
        list += op;
    }
    return list;
}

void runTreeBench(const TreeBenchConfig &config, std::ostream &out)
{
    const std::unique_ptr<QApplication> application = ensureApplication();
    QTemporaryDir dir;
    if (!dir.isValid())
        throw Error("kvs: bench: cannot create a temporary folder for the tree databases");
    const std::string small = dir.filePath(QStringLiteral("tree-10k.db")).toStdString();
    const std::string large = dir.filePath(QStringLiteral("tree-1m.db")).toStdString();
    if (!config.json) {
        out << "kvs bench: the key tree (KeyTreeModel over AsyncKVStore, SQLite), "
            << formatJsNumber(config.seconds) << " s per operation" << std::endl;
    }
    std::optional<Measurement> smallRun;
    if (wants(config, "tree_expand_10k") || wants(config, "tree_expand_1m")) {
        buildTreeDatabase(small, 10'000 / (kP * kG));
        smallRun = measureSqliteExpansion(small, config.seconds);
        if (wants(config, "tree_expand_10k"))
            printExpansion(config, out, "tree_expand_10k", small, *smallRun, nullptr);
    }
    if (wants(config, "tree_expand_1m") || wants(config, "tables_scroll_1m")
        || wants(config, "analysis_view_1m"))
        buildTreeDatabase(large, 1'000'000 / (kP * kG));
    if (wants(config, "tree_expand_1m")) {
        const Measurement largeRun = measureSqliteExpansion(large, config.seconds);
        printExpansion(config, out, "tree_expand_1m", large, largeRun, &*smallRun);
    }
    if (wants(config, "inspector_open_20mb")) {
        const std::string path = dir.filePath(QStringLiteral("large-value.db")).toStdString();
        const std::string encodedKey = buildLargeValueDatabase(path);
        printInspectorOpen(config, out, path, measureInspectorOpen(path, encodedKey));
    }
    if (wants(config, "tables_scroll_1m"))
        printTablesScroll(config, out, large, measureTablesScroll(large));
    if (wants(config, "bench_view_30s"))
        printBenchViewStall(config.json, out);
    if (wants(config, "analysis_view_1m"))
        printAnalysisViewStall(large, config.json, out);
    if (wants(config, "queues_overview_1m"))
        runQueuesOverviewStall(std::max(config.seconds, 10.0), config.json, out);
    for (const auto &[op, children] :
         {std::pair{"tree_goto_10k", 10'000}, std::pair{"tree_goto_1m", 1'000'000}}) {
        if (!wants(config, op))
            continue;
        const std::string path
            = dir.filePath(QString::fromLatin1(op) + QStringLiteral(".db")).toStdString();
        fillSqliteKeys(path, children, [](std::int64_t i) { return Key{"big", double(i)}; });
        auto store = std::make_shared<AsyncKVStore>("sqlite://" + path, inspectorSettings());
        runGoTo(config, out, op, store, children);
        store->close().waitForFinished();
    }
    if (!config.postgresUrl.empty())
        runPostgresOps(config, out);
}

} // namespace kvs::bench
