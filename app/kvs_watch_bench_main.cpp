// kvs-watch-bench: the watch panes' benchmarks (bench/gui/watch_bench.h): commit-to-row latency
// of another process's writes, and the CPU used while watching 1,000 keys of an idle database.
// A thin main (STYLE.md 1).
#include "guibench/watch_bench.h"

#include <QCoreApplication>
#include <QStringList>

#include <exception>
#include <iostream>
#include <string>

namespace {

constexpr char kHelp[] = R"(kvs-watch-bench - latency and idle cost of KVS Admin's watch panes

Usage:
  kvs-watch-bench --db PATH|URL [--schema S] [--changes N] [--idle-seconds S] [--json]

Writes 1,000 keys under ["watch-bench"] (deleted again at the end), watches that prefix with
the watch pane's code, and has a second process commit N changes (default 200) 150-250 ms
apart: prints the p50, p99 and longest time from each commit to its history row; then watches
the idle database for S seconds (default 10) and prints the CPU this process used, in percent
of one core. Exit codes: 0 success, 1 an error, 2 a bad command line.
)";

} // namespace

int main(int argc, char *argv[])
{
    if (argc == 5 && std::string(argv[1]) == "--writer")
        return kvs::bench::runWatchBenchWriter(argv[2], argv[3], std::stoi(argv[4]));
    QCoreApplication app(argc, argv);
    kvs::bench::WatchBenchOptions options;
    options.writerProgram = QCoreApplication::applicationFilePath().toStdString();
    bool json = false;
    const QStringList args = app.arguments();
    for (int i = 1; i < args.size(); ++i) {
        const QString arg = args[i];
        const bool hasValue = i + 1 < args.size();
        if (arg == QStringLiteral("--json")) {
            json = true;
        } else if (arg == QStringLiteral("--help") || arg == QStringLiteral("-h")) {
            std::cout << kHelp;
            return 0;
        } else if (arg == QStringLiteral("--db") && hasValue) {
            options.database = args[++i].toStdString();
        } else if (arg == QStringLiteral("--schema") && hasValue) {
            options.schema = args[++i].toStdString();
        } else if (arg == QStringLiteral("--changes") && hasValue) {
            options.changes = args[++i].toInt();
        } else if (arg == QStringLiteral("--idle-seconds") && hasValue) {
            options.idleSeconds = args[++i].toDouble();
        } else {
            std::cerr << "kvs-watch-bench: unknown or incomplete option " << arg.toStdString()
                      << " (see --help)\n";
            return 2;
        }
    }
    if (options.database.empty() || options.changes < 1 || options.idleSeconds <= 0) {
        std::cerr << "kvs-watch-bench: --db is required; --changes and --idle-seconds must be "
                     "positive\n";
        return 2;
    }
    try {
        kvs::bench::runWatchBench(options, json);
    } catch (const std::exception &e) {
        std::cerr << e.what() << '\n';
        return 1;
    }
    return 0;
}
