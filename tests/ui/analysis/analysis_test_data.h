#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>

#include <QString>
#include <QTest>

#include <string>
#include <utility>
#include <vector>

// The database the Analysis view's tests read: ["users", "uNNNN"] objects (more children than
// the analysis keeps per node), ["orders", n] strings, a value over 1 MiB at ["blobs", "big"]
// (most of the bytes), ["sessions", n] expiring after expireMs of the store's clock, ["config"].
// GUI thread only (QTest's checks).
namespace kvs::test {

inline constexpr int kAnalysisUsers = 1500;
inline constexpr int kAnalysisOrders = 20;
inline constexpr int kAnalysisSessions = 10;
inline constexpr int kAnalysisBigBytes = (1 << 20) + 1000;

inline void fillForAnalysis(AsyncKVStore &store, double expireMs = 1000)
{
    std::vector<std::pair<Key, Value>> rows;
    for (int i = 0; i < kAnalysisUsers; ++i) {
        const std::string name
            = QStringLiteral("u%1").arg(i, 4, 10, QLatin1Char('0')).toStdString();
        rows.emplace_back(
            Key{"users", name},
            parseLiteral("{name: \"" + name + "\", age: " + std::to_string(i % 90) + "}"));
    }
    for (int i = 0; i < kAnalysisOrders; ++i)
        rows.emplace_back(Key{"orders", i},
                          Value(std::string("order number ") + std::to_string(i)));
    rows.emplace_back(Key{"config"}, parseLiteral("{theme: \"dark\"}"));
    rows.emplace_back(Key{"blobs", "big"}, Value(std::string(kAnalysisBigBytes, 'x')));
    for (std::size_t first = 0; first < rows.size(); first += 500) {
        AsyncAtomicOperation atomic = store.atomic();
        for (std::size_t i = first; i < std::min(rows.size(), first + 500); ++i)
            atomic.set(rows[i].first, rows[i].second);
        QVERIFY(atomic.commit().result().ok);
    }
    AsyncAtomicOperation sessions = store.atomic();
    for (int i = 0; i < kAnalysisSessions; ++i)
        sessions.set(Key{"sessions", i}, Value(std::string("token")), SetOptions{expireMs});
    QVERIFY(sessions.commit().result().ok);
}

} // namespace kvs::test
