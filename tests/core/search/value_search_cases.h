#pragma once

// The value search's behaviour, the same on every backend (tst_value_search runs it on SQLite,
// tst_value_search_postgres on PostgreSQL). QVERIFY in these returns from them; the test slots
// call one each.

#include "support/kvs_vectors.h"
#include "value_search_fixture.h"

#include <kvs/errors.h>
#include <kvs/sql_adapter.h>

#include <QJsonObject>

#include <algorithm>
#include <set>

namespace kvs::test {

inline std::vector<std::string>
found(SearchBackend &b, ValueSearchQuery query, ValueSearchOptions options = {})
{
    return runSearch(b.store(), std::move(query), std::move(options), b.clock).keys;
}

inline std::vector<std::string> literals(std::initializer_list<const char *> keys)
{
    return {keys.begin(), keys.end()};
}

inline void searchCriteria(SearchBackend &b)
{
    b.insert(parseKeyLiteral(R"(["u", "alice"])"),
             parseLiteral(R"({name: "Alice", status: "failed", n: 3, since: new Date(0)})"));
    b.insert(parseKeyLiteral(R"(["u", "bob"])"),
             parseLiteral(R"({name: "Bob", status: "ok", n: 12n, tags: new Set(["failed"])})"));
    b.insert(parseKeyLiteral(R"(["u", "kelvin"])"), Value(std::string("\u212Aelvin, FAILED")));
    b.insert(parseKeyLiteral(R"(["v", "failed"])"), Value(true));

    // Text: case-insensitive by default (KELVIN SIGN folds to k), or exact.
    QCOMPARE(found(b, textQuery("failed", false)),
             literals({R"(["u", "alice"])", R"(["u", "bob"])", R"(["u", "kelvin"])"}));
    QCOMPARE(found(b, textQuery("FAILED", true)), literals({R"(["u", "kelvin"])"}));
    QCOMPARE(found(b, textQuery("kelvin", false)), literals({R"(["u", "kelvin"])"}));
    QCOMPARE(found(b, textQuery("kelvin", true)), literals({}));
    // The canonical literal, not the stored bytes: spaces after ':' and ',', words of types.
    QCOMPARE(found(b, textQuery("\"n\": 3,", true)), literals({R"(["u", "alice"])"}));
    QCOMPARE(found(b, textQuery("new Date(0)", true)), literals({R"(["u", "alice"])"}));
    QCOMPARE(found(b, textQuery("12n", true)), literals({R"(["u", "bob"])"}));
    QCOMPARE(found(b, textQuery("rue", true)), literals({R"(["v", "failed"])"}));
    QCOMPARE(found(b, textQuery("~", true)), literals({})); // typed JSON's marker is not printed

    // --in-keys: the key's literal too.
    ValueSearchQuery inKeys = textQuery("\"v\"", true);
    QCOMPARE(found(b, inKeys), literals({}));
    inKeys.inKeys = true;
    QCOMPARE(found(b, inKeys), literals({R"(["v", "failed"])"}));

    // A regular expression on the literal.
    ValueSearchQuery regex;
    regex.range = searchRange({});
    regex.regex = R"(^\{"name": "[AB])";
    QCOMPARE(found(b, regex), literals({R"(["u", "alice"])", R"(["u", "bob"])"}));
    QVERIFY(throwsWith<TypeError>(
        [&] {
            ValueSearchQuery bad;
            bad.regex = "(";
            ValueSearch(b.store(), bad);
        },
        "kvs: invalid regular expression: missing closing parenthesis at offset 1"));

    // A condition, alone and with a text (AND); a prefix.
    ValueSearchQuery where;
    where.range = searchRange({});
    where.where = Condition::parse(R"(value.n > 5 || key[-1] == "alice")");
    QCOMPARE(found(b, where), literals({R"(["u", "alice"])", R"(["u", "bob"])"}));
    where.text = "bob";
    QCOMPARE(found(b, where), literals({R"(["u", "bob"])"}));
    ValueSearchQuery below = textQuery("failed", false);
    below.range = searchRange({parseKeyLiteral(R"(["v"])"), {}, {}});
    QCOMPARE(found(b, below), literals({}));
    below.text = "true";
    QCOMPARE(found(b, below), literals({R"(["v", "failed"])"}));
    ValueSearchQuery between = textQuery("a", false);
    between.range
        = searchRange({{}, parseKeyLiteral(R"(["u", "b"])"), parseKeyLiteral(R"(["u", "l"])")});
    QCOMPARE(found(b, between), literals({R"(["u", "bob"])", R"(["u", "kelvin"])"}));
    QVERIFY(throwsWith<TypeError>(
        [] {
            (void)searchRange({parseKeyLiteral(R"(["u"])"), parseKeyLiteral(R"(["v"])"), {}});
        },
        "kvs: list() start must be a key inside the prefix"));
}

inline void expiredAndUndecodableRows(SearchBackend &b)
{
    b.insertRaw(encodeKey(parseKeyLiteral(R"(["e", 1])")), encodeValue(Value("match me")), 999'999);
    b.insertRaw(
        encodeKey(parseKeyLiteral(R"(["e", 2])")), encodeValue(Value("match me")), 2'000'000);
    b.insertRaw(encodeKey(parseKeyLiteral(R"(["e", 3])")), std::string("\x03{\"match me", 11));
    b.insertRaw(encodeKey(parseKeyLiteral(R"(["e", 4])")), std::string("\"match \xff me\"", 13));
    b.insertRaw(std::string("\x02"
                            "e\x00\x02"
                            "x",
                            5) /* a key cut short */,
                encodeValue(Value("match me")));
    for (const bool matchCase : {true, false}) {
        const SearchRun run = runSearch(b.store(), textQuery("match", matchCase), {}, b.clock);
        // The expired entry never matches; the undecodable ones are counted, not matched.
        QCOMPARE(run.keys, literals({R"(["e", 2])"}));
        QCOMPARE(run.counts.matched, std::int64_t(1));
        QVERIFY2(run.counts.undecodable >= 2, std::to_string(run.counts.undecodable).c_str());
        QCOMPARE(run.counts.scanned, std::int64_t(5)); // the expired row too
    }
    // Once the clock passes the second expiry, nothing matches.
    b.clock->advance(1'500'000);
    QCOMPARE(found(b, textQuery("match", true)), literals({}));
}

inline void pagesLimitAndCancel(SearchBackend &b)
{
    for (int i = 0; i < 50; ++i)
        b.insert({"p", i}, Value(i % 5 == 0 ? std::string("hit") : std::string("miss")));
    ValueSearchOptions small;
    small.pageSize = 3;
    SearchRun run = runSearch(b.store(), textQuery("hit", true), small, b.clock);
    QCOMPARE(run.keys.size(), std::size_t(10));
    QCOMPARE(run.counts.scanned, std::int64_t(50));
    QVERIFY(run.prefiltered);
    QVERIFY2(run.pages >= 4, std::to_string(run.pages).c_str());
    // Every row a candidate: pages of pageSize.
    ValueSearchQuery every;
    every.range = searchRange({});
    every.where = Condition::parse("exists(value)");
    run = runSearch(b.store(), every, small, b.clock);
    QCOMPARE(run.keys.size(), std::size_t(50));
    QVERIFY(!run.prefiltered);
    QVERIFY2(run.pages >= 17, std::to_string(run.pages).c_str());

    ValueSearchOptions limited;
    limited.limit = 4;
    limited.pageSize = 3;
    limited.clock = b.clock;
    ValueSearch search(b.store(), textQuery("hit", true), limited);
    std::int64_t matches = 0;
    ValueSearchPage page;
    while (!search.done()) {
        page = search.next();
        matches += std::int64_t(page.matches.size());
    }
    QCOMPARE(matches, std::int64_t(4));
    QVERIFY(page.limitReached);
    QVERIFY(!page.cancelled);

    ValueSearch cancelled(b.store(), textQuery("hit", true), limited);
    page = cancelled.next();
    QVERIFY(!page.done);
    cancelled.cancel();
    page = cancelled.next();
    QVERIFY(page.done);
    QVERIFY(page.cancelled);
    QVERIFY(page.matches.empty());
    QVERIFY(cancelled.done());

    QVERIFY(throwsWith<RangeError>(
        [&] {
            ValueSearchOptions bad;
            bad.pageSize = 0;
            ValueSearch(b.store(), textQuery("x", true), bad);
        },
        "kvs: page size must be an integer >= 1, got 0"));
}

// The rows of the corpus: the vectors' values, then generated ones, each at ["c", i]. Returns
// the printed literals of the rows that decode, to take needles from.
inline std::vector<std::string> fillCorpus(SearchBackend &b, int generated)
{
    std::vector<std::string> printed;
    int i = 0;
    for (const QJsonValue &vector : vectorArray("values")) {
        const std::string bytes = fromHex(vector.toObject().value(QLatin1String("hex")).toString());
        b.insertRaw(encodeKey({"c", i++}), bytes);
        printed.push_back(printLiteral(decodeValue(bytes)));
    }
    CorpusGenerator corpus(37);
    for (int n = 0; n < generated; ++n) {
        const Value value = corpus.value();
        b.insertRaw(encodeKey({"c", i++}), encodeValue(value));
        printed.push_back(printLiteral(value));
    }
    // Another writer's JSON: escapes JSON.stringify does not use, spaces, a TEXT-like row.
    for (const char *json : {R"({"a":"\u0041BC","b":"x\/y"})",
                             "{ \"spaced\" : [ 1 , 2 ] }",
                             R"("caf\u00e9 \ud83d\ude00")",
                             R"({"big":1e21,"small":1.5e-07,"E":1E2})",
                             R"([1.50, -0.0, 0.29999999999999999, 12345678901234567890])"}) {
        b.insertRaw(encodeKey({"c", i++}), json);
        printed.push_back(printLiteral(decodeValue(json)));
    }
    return printed;
}

inline std::vector<std::pair<std::string, bool>> needles(const std::vector<std::string> &printed)
{
    std::vector<std::pair<std::string, bool>> out;
    for (const char *fixed : {"rue",
                              "null",
                              "als",
                              "Date",
                              "date(",
                              "2n",
                              "n",
                              "-",
                              "0",
                              "1, 2",
                              "new Map",
                              "Set(",
                              "NaN",
                              "nfin",
                              "undefined",
                              "u0041",
                              "ABC",
                              "x/y",
                              "café",
                              "😀",
                              "K",
                              "k",
                              "S",
                              "ſ",
                              "é",
                              "\"",
                              ": ",
                              "e+21",
                              "1.5e-7",
                              "100",
                              "1.5",
                              "-0",
                              "0.3",
                              "67000",
                              "spaced",
                              "[1, 2]",
                              "\\n",
                              "\\u0001",
                              "\\ud800",
                              "~",
                              "\xef\xbf\xbd",
                              "failed",
                              "a"}) {
        out.emplace_back(fixed, true);
        out.emplace_back(fixed, false);
    }
    CorpusGenerator pick(99);
    for (int n = 0; n < 150; ++n) {
        const std::string &literal = printed[std::size_t(pick.pick(int(printed.size())))];
        const std::string piece = pick.pieceOf(literal);
        out.emplace_back(piece, true);
        out.emplace_back(pick.flipCase(piece), false);
    }
    return out;
}

// The prefilter never drops a match: every needle finds the same keys with and without it.
inline void prefilteredEqualsFull(SearchBackend &b, int generated)
{
    const std::vector<std::string> printed = fillCorpus(b, generated);
    int prefiltered = 0;
    int found = 0;
    for (const auto &[needle, matchCase] : needles(printed)) {
        ValueSearchOptions off;
        off.prefilter = false;
        const SearchRun full = runSearch(b.store(), textQuery(needle, matchCase), off, b.clock);
        const SearchRun fast = runSearch(b.store(), textQuery(needle, matchCase), {}, b.clock);
        QVERIFY2(
            fast.keys == full.keys,
            ("needle " + printLiteral(Value(needle)) + (matchCase ? " (match case)" : "")).c_str());
        QCOMPARE(fast.counts.scanned, full.counts.scanned);
        prefiltered += fast.prefiltered ? 1 : 0;
        found += full.keys.empty() ? 0 : 1;
    }
    // The comparison means something: most needles were prefiltered, and most found rows.
    QVERIFY2(prefiltered > 200, std::to_string(prefiltered).c_str());
    QVERIFY2(found > 200, std::to_string(found).c_str());
}

// The database's rule is ValuePrefilter::admits: scanValues returns exactly the live rows it
// admits, and says how far it read.
inline void scanValuesFollowsTheRule(SearchBackend &b)
{
    fillCorpus(b, 60);
    b.insertRaw(encodeKey({"c", "expired"}), encodeValue(Value("rue")), 1);
    b.insertRaw(encodeKey({"c", "invalid"}), std::string("\xff\xfe\x80 rue", 7));
    b.insertRaw(encodeKey({"c", "empty"}), std::string());
    SqlAdapter &adapter = b.store().adapter();
    std::vector<ValuePrefilter> filters;
    for (const char *needle : {"rue", "a", "é", "2n", "k", "ABC", "NEW", "1.5"}) {
        for (const bool matchCase : {true, false}) {
            // Ignoring case, the needle is lower-case ASCII (ValuePrefilter).
            if (!matchCase && static_cast<unsigned char>(needle[0]) >= 0x80)
                continue;
            ValuePrefilter filter;
            filter.needle = matchCase ? needle : QString::fromUtf8(needle).toLower().toStdString();
            filter.asciiCaseInsensitive = !matchCase;
            filters.push_back(filter);
            filter.alsoTyped = true;
            filters.push_back(filter);
            filter.alsoTyped = false;
            filter.alsoSentinels = true;
            filters.push_back(filter);
            filter.alsoSentinels = false;
            filter.alsoNumbers = true;
            filters.push_back(filter);
        }
    }
    filters.push_back({});
    const KeyRange all = searchRange({});
    const std::vector<KvRow> rows
        = adapter.listAsc(all.lower, all.upper, b.clock->now(), 100000).result();
    for (const ValuePrefilter &filter : filters) {
        std::vector<std::string> expected;
        for (const KvRow &row : rows) {
            if (filter.admits(row.value))
                expected.push_back(row.key);
        }
        // In one statement, and in pieces of 7 rows read or 2 candidates.
        for (const auto &[limit, scan] :
             std::vector<std::pair<std::int64_t, std::int64_t>>{{100000, 100000}, {2, 7}}) {
            std::vector<std::string> got;
            std::int64_t scanned = 0;
            std::optional<std::string> lower = all.lower;
            int statements = 0;
            while (lower && ++statements < 10000) {
                const ValueScanPage page
                    = adapter.scanValues(*lower, all.upper, b.clock->now(), filter, limit, scan)
                          .result();
                QVERIFY(std::int64_t(page.rows.size()) <= limit);
                QVERIFY(page.scanned <= scan);
                scanned += page.scanned;
                for (const KvRow &row : page.rows) {
                    QVERIFY(!row.value.empty() || filter.admits(row.value));
                    got.push_back(row.key);
                }
                lower = page.resumeAt;
            }
            QVERIFY2(got == expected, printLiteral(Value(filter.needle)).c_str());
            QCOMPARE(scanned, std::int64_t(rows.size() + 1)); // the expired row is read past
        }
    }
}

} // namespace kvs::test
