// kvs-transfer-bench [--entries N,N...] [--dir DIR]: for each N, on a new SQLite file in DIR,
// times in order, each phase in a process of its own (so that its peak RSS is its own):
//   atomic  writing N entries with atomic() batches of 1,000 sets (the write baseline)
//   list    reading them with list() pages of 1,000 (the read baseline)
//   export  exportEntries() of all of them to a file (kvs export)
//   import  importEntries() of that file into a new file (kvs import, skip existing)
// and prints one JSON line per phase: entries, seconds, entries_per_s, peak_rss_mb (VmHWM),
// peak_anon_mb (see AnonPeakSampler), and for export and import their ratio to the baseline
// (target >= 0.5). The files are deleted at the end.
#include "bench/measure/anon_peak.h"

#include <kvs/async_kvstore.h>
#include <kvs/entry_transfer.h>
#include <kvs/literal.h>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStringList>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <thread>

namespace {

using kvs::bench::AnonPeakSampler;
using kvs::bench::statusMb;

constexpr int kBatch = 1000;

// A value of the size and kinds an application stores: an object with a Date, a Set and text.
kvs::Value valueOf(long long i)
{
    static const std::string tail(40, 'x');
    return kvs::parseLiteral("{id: " + std::to_string(i) + ", name: \"user " + std::to_string(i)
                             + "\", since: new Date(" + std::to_string(1700000000000LL + i)
                             + "), tags: new Set([\"a\", \"b\"]), note: \"" + tail + "\"}");
}

kvs::Key keyOf(long long i)
{
    return kvs::Key{kvs::KeyPart(std::string("users")), kvs::KeyPart(static_cast<double>(i))};
}

long long runPhase(const std::string &phase,
                   const std::string &db,
                   const std::string &file,
                   long long entries)
{
    long long done = 0;
    if (phase == "atomic") {
        kvs::AsyncKVStore store(db);
        for (long long i = 0; i < entries; i += kBatch) {
            kvs::AsyncAtomicOperation op = store.atomic();
            for (long long j = i; j < std::min(entries, i + kBatch); ++j)
                op.set(keyOf(j), valueOf(j));
            (void)op.commit().result();
            done = std::min(entries, i + kBatch);
        }
    } else if (phase == "list") {
        kvs::AsyncKVStoreSettings settings;
        settings.readOnly = true;
        kvs::AsyncKVStore store(db, settings);
        kvs::ListOptions options;
        options.limit = kBatch;
        for (;;) {
            const kvs::ListResult page = store.list({kvs::Key{}, {}, {}}, options).result();
            done += static_cast<long long>(page.entries.size());
            if (!page.cursor)
                break;
            options.cursor = page.cursor;
        }
    } else if (phase == "export") {
        kvs::AsyncKVStoreSettings settings;
        settings.readOnly = true;
        kvs::AsyncKVStore store(db, settings);
        QFile out(QString::fromStdString(file));
        if (!out.open(QIODevice::WriteOnly))
            return -1;
        done = kvs::exportEntries(store,
                                  kvs::KeyRange::everything(),
                                  [&out](std::string_view lines) {
                                      out.write(lines.data(), static_cast<qint64>(lines.size()));
                                  })
                   .done;
    } else if (phase == "import") {
        kvs::AsyncKVStore store(db + "-import.db");
        std::ifstream in(file, std::ios::binary);
        done = kvs::importEntries(store, in, kvs::ImportMode::SkipExisting).done;
    }
    return done;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const auto option = [&args](const char *name, const char *fallback) {
        const qsizetype at = args.indexOf(QString::fromLatin1(name));
        return at >= 0 && at + 1 < args.size() ? args[at + 1] : QString::fromLatin1(fallback);
    };
    const QString phase = option("--phase", "");
    if (!phase.isEmpty()) {
        // A child: one phase, then "entries seconds peak_rss_mb".
        AnonPeakSampler sampler;
        QElapsedTimer timer;
        timer.start();
        const long long done = runPhase(phase.toStdString(),
                                        option("--db", "").toStdString(),
                                        option("--file", "").toStdString(),
                                        option("--entries", "0").toLongLong());
        const double seconds = timer.nsecsElapsed() / 1e9;
        const double anonPeak = sampler.stop();
        std::printf("%lld %.3f %.1f %.1f\n", done, seconds, statusMb("VmHWM"), anonPeak);
        return done < 0 ? 1 : 0;
    }
    const QDir dir(option("--dir", "."));
    for (const QString &count : option("--entries", "10000,1000000").split(u',')) {
        const long long entries = count.toLongLong();
        const QString db = dir.filePath(QStringLiteral("transfer-bench-%1.db").arg(entries));
        const QString file = dir.filePath(QStringLiteral("transfer-bench-%1.jsonl").arg(entries));
        std::map<std::string, double> rate;
        for (const char *name : {"atomic", "list", "export", "import"}) {
            QProcess child;
            child.start(app.applicationFilePath(),
                        {QStringLiteral("--phase"),
                         QString::fromLatin1(name),
                         QStringLiteral("--db"),
                         db,
                         QStringLiteral("--file"),
                         file,
                         QStringLiteral("--entries"),
                         count});
            child.waitForFinished(-1);
            const QStringList parts
                = QString::fromLatin1(child.readAllStandardOutput()).trimmed().split(u' ');
            if (child.exitCode() != 0 || parts.size() != 4) {
                std::cerr << "phase " << name
                          << " failed: " << child.readAllStandardError().toStdString() << '\n';
                return 1;
            }
            const double seconds = parts[1].toDouble();
            rate[name] = parts[0].toDouble() / seconds;
            std::printf("{\"entries\": %lld, \"phase\": \"%s\", \"done\": %s, \"seconds\": %.3f, "
                        "\"entries_per_s\": %.0f, \"peak_rss_mb\": %s, \"peak_anon_mb\": %s",
                        entries,
                        name,
                        qPrintable(parts[0]),
                        seconds,
                        rate[name],
                        qPrintable(parts[2]),
                        qPrintable(parts[3]));
            if (std::string(name) == "export")
                std::printf(", \"ratio_to_list\": %.2f", rate["export"] / rate["list"]);
            if (std::string(name) == "import")
                std::printf(", \"ratio_to_atomic\": %.2f", rate["import"] / rate["atomic"]);
            std::printf("}\n");
            std::fflush(stdout);
        }
        for (const QString &path : {db, db + QStringLiteral("-import.db"), file}) {
            for (const char *suffix : {"", "-wal", "-shm"})
                QFile::remove(path + QString::fromLatin1(suffix));
        }
    }
    return 0;
}
