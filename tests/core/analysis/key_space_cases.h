#pragma once

// What tst_key_space_analysis (SQLite) and tst_key_space_analysis_postgres run alike: generated
// rows of every kind, expiry group and oddity written as stored bytes, and every figure of the
// analysis compared with a brute-force count over the rows the test wrote.

#include "search/value_search_fixture.h"

#include <kvs/condition.h>
#include <kvs/entry_transfer.h>
#include <kvs/errors.h>
#include <kvs/key_space_analysis.h>

#include <QByteArray>
#include <QTest>

#include <algorithm>
#include <map>

namespace kvs::test {

// A store whose table the test writes rows into as bytes, many in one statement.
class AnalysisBackend
{
public:
    virtual ~AnalysisBackend() = default;
    virtual AsyncKVStore &store() = 0;
    // Inserts every row in one statement (a SQL VALUES list of hex literals).
    virtual void insertRows(const std::string &valuesList) = 0;
    std::shared_ptr<ManualClock> clock = std::make_shared<ManualClock>(1'700'000'000'000);
};

inline std::string hexOf(const std::string &bytes)
{
    return QByteArray::fromStdString(bytes).toHex().toStdString();
}

// A row the test wrote, and what the test knows about it.
struct ModelRow
{
    enum Kind { Decoded, Undecodable, Outside };
    std::string key;
    std::string value;
    std::optional<std::int64_t> expiresAt;
    Kind kind = Decoded;
    Key decodedKey;     // Decoded
    Value::Type type{}; // Decoded
};

// Generated rows: top-level children of every key-part type (more than a small cap), two
// levels below, values of every kind, expiries in every group (and on their edges), keys and
// values that do not decode, and rows outside the key space.
class AnalysisCorpus
{
public:
    // generated: how many rows of random keys and values (besides the fixed ones).
    AnalysisCorpus(std::int64_t now, std::uint32_t seed, int generated = 260)
        : m_generator(seed)
        , m_random(seed)
        , m_now(now)
    {
        const std::vector<KeyPart> firsts = {KeyPart(std::string("users")),
                                             KeyPart(std::string("orders")),
                                             KeyPart(std::string("a")),
                                             KeyPart(std::string("a\x01z")),
                                             KeyPart(std::string("")),
                                             KeyPart(1.0),
                                             KeyPart(-2.5),
                                             KeyPart(*BigInt::fromDecimal("42")),
                                             KeyPart(true),
                                             KeyPart(false),
                                             KeyPart(Bytes{std::string("\x00\xff", 2)}),
                                             KeyPart(std::string("sessions"))};
        const std::vector<KeyPart> seconds = {KeyPart(std::string("x")),
                                              KeyPart(std::string("y")),
                                              KeyPart(7.0),
                                              KeyPart(std::string("profile")),
                                              KeyPart(false)};
        // Every kind at least once, at known keys.
        const std::vector<Value> kinds = everyKind();
        for (std::size_t i = 0; i < kinds.size(); ++i)
            add(Key{KeyPart(std::string("kinds")), KeyPart(double(i))}, kinds[i], expiry(int(i)));
        add(Key{}, Value(std::string("the root entry")), std::nullopt);
        for (int i = 0; i < generated; ++i) {
            Key key{firsts[pick(firsts.size())]};
            const int depth = pick(4);
            if (depth >= 1)
                key.push_back(seconds[pick(seconds.size())]);
            if (depth >= 2)
                key.emplace_back(double(pick(6)));
            if (depth >= 3)
                key.emplace_back(std::string(std::size_t(pick(40)), 'k'));
            add(key, m_generator.value(), expiry(pick(10)));
        }
        // Expiries on the groups' edges.
        const std::int64_t hour = 3'600'000;
        const std::int64_t edges[] = {m_now,
                                      m_now + 1,
                                      m_now + hour - 1,
                                      m_now + hour,
                                      m_now + 4 * hour,
                                      m_now + 12 * hour,
                                      m_now + 24 * hour,
                                      m_now + 7 * 24 * hour};
        for (std::size_t i = 0; i < std::size(edges); ++i)
            add(Key{KeyPart(std::string("edges")), KeyPart(double(i))}, Value(1.0), edges[i]);
        // Rows that do not decode: a string part without its end, a bad tag, a bad value.
        addRaw(std::string("\x02users", 6), "1", std::nullopt, ModelRow::Undecodable);
        addRaw(
            encodeKey(Key{KeyPart(std::string("users"))}) + "\x09", "1", {}, ModelRow::Undecodable);
        addRaw(encodeKey(Key{KeyPart(std::string("orders")), KeyPart(std::string("bad"))}),
               "\x03{not json",
               m_now - 5,
               ModelRow::Undecodable);
        // Rows outside the key space: first bytes 0x00, 0x07 and 0xff.
        addRaw(std::string("\x00raw", 4), "abc", std::nullopt, ModelRow::Outside);
        addRaw("\x07other", "defg", m_now + 5, ModelRow::Outside);
        addRaw("\xff\xfe", std::string(300, 'v'), std::nullopt, ModelRow::Outside);
    }

    const std::vector<ModelRow> &rows() const { return m_rows; }

    // Writes the rows through backend, in statements of 100 rows.
    void writeTo(AnalysisBackend &backend) const
    {
        for (std::size_t from = 0; from < m_rows.size(); from += 100) {
            std::string values;
            for (std::size_t i = from; i < std::min(m_rows.size(), from + 100); ++i) {
                const ModelRow &row = m_rows[i];
                if (!values.empty())
                    values += ", ";
                values += "(" + literal(row.key) + ", " + literal(row.value) + ", 1, "
                          + (row.expiresAt ? std::to_string(*row.expiresAt) : "NULL") + ")";
            }
            backend.insertRows(values);
        }
    }

    static std::vector<Value> everyKind()
    {
        CollectionBuilder map;
        map.addEntry(Value(1.0), Value(std::string("one")));
        CollectionBuilder set;
        set.addItem(Value(true));
        ObjectBuilder object;
        object.add("a", Value(1.0));
        return {Value(),
                Value(nullptr),
                Value(true),
                Value(3.5),
                Value(std::string("text")),
                Value(*BigInt::fromDecimal("123456789012345678901234567890")),
                Value(Bytes{std::string("\x01\x02", 2)}),
                Value(Date(1.5e12)),
                Value::array({Value(1.0), Value(std::string("x"))}),
                std::move(object).build(),
                std::move(map).buildMap(),
                std::move(set).buildSet()};
    }

private:
    // The hex literal both SQLite and PostgreSQL read as bytes: x'..' and '\x..'::bytea differ,
    // so each backend's insertRows gets the PostgreSQL form rewritten when needed.
    static std::string literal(const std::string &bytes) { return "X'" + hexOf(bytes) + "'"; }

    std::optional<std::int64_t> expiry(int choice)
    {
        const std::int64_t hour = 3'600'000;
        switch (choice % 10) {
        case 0:
        case 1:
        case 2:
            return std::nullopt;
        case 3:
            return m_now - 1000 - pick(100000);
        case 4:
            return m_now + 1 + pick(int(hour - 1));
        case 5:
            return m_now + hour + pick(int(3 * hour));
        case 6:
            return m_now + 4 * hour + pick(int(8 * hour));
        case 7:
            return m_now + 12 * hour + pick(int(12 * hour));
        case 8:
            return m_now + 24 * hour + pick(int(6 * 24 * hour));
        default:
            return m_now + 7 * 24 * hour + pick(1000000);
        }
    }

    void add(const Key &key, const Value &value, std::optional<std::int64_t> expiresAt)
    {
        const std::string encoded = encodeKey(key);
        // A generated key repeats now and then: the table keeps the first row.
        for (const ModelRow &row : m_rows) {
            if (row.key == encoded)
                return;
        }
        ModelRow row;
        row.key = encoded;
        row.value = encodeValue(value);
        row.expiresAt = expiresAt;
        row.decodedKey = key;
        row.type = value.type();
        m_rows.push_back(std::move(row));
    }

    void addRaw(const std::string &key,
                const std::string &value,
                std::optional<std::int64_t> expiresAt,
                ModelRow::Kind kind)
    {
        ModelRow row;
        row.key = key;
        row.value = value;
        row.expiresAt = expiresAt;
        row.kind = kind;
        m_rows.push_back(std::move(row));
    }

    int pick(std::size_t n) { return int(m_random() % std::uint32_t(n)); }

    CorpusGenerator m_generator;
    std::mt19937 m_random;
    std::int64_t m_now;
    std::vector<ModelRow> m_rows;
};

// The brute-force count: every figure of a report, from the rows the test wrote.
class BruteForce
{
public:
    BruteForce(const std::vector<ModelRow> &rows, const KeySpaceRequest &request, std::int64_t now)
        : m_request(request)
        , m_now(now)
    {
        const KeyRange range = KeyRange::subtree(request.prefix);
        for (const ModelRow &row : rows) {
            if (row.key >= range.lower && row.key < range.upper)
                m_rows.push_back(row);
        }
        std::sort(m_rows.begin(), m_rows.end(), [](const ModelRow &a, const ModelRow &b) {
            return a.key < b.key;
        });
    }

    // Only the first n rows in key order (a partial report).
    void keepFirst(std::size_t n) { m_rows.resize(std::min(n, m_rows.size())); }
    const std::vector<ModelRow> &rows() const { return m_rows; }

    static KeySpaceFigures figuresOf(const ModelRow &row)
    {
        KeySpaceFigures f;
        f.add(std::int64_t(row.key.size()), std::int64_t(row.value.size()));
        return f;
    }

    // Brute-force group: the time left, in whole hours and days.
    std::string groupOf(const ModelRow &row) const
    {
        if (!row.expiresAt)
            return "none";
        const std::int64_t left = *row.expiresAt - m_now;
        if (left <= 0)
            return "expired";
        const double hours = double(left) / 3'600'000.0;
        if (hours < 1)
            return "under 1 h";
        if (hours < 4)
            return "1-4 h";
        if (hours < 12)
            return "4-12 h";
        if (hours < 24)
            return "12-24 h";
        if (hours < 24 * 7)
            return "1-7 d";
        return "later";
    }

    static int bucketOf(std::int64_t size)
    {
        int bucket = 0;
        while (size >= (std::int64_t(1) << bucket) && size > 0)
            ++bucket;
        return bucket;
    }

    void check(const KeySpaceReport &report) const
    {
        KeySpaceFigures total, outside, undecodable;
        std::map<std::string, KeySpaceFigures> kinds, expiry;
        std::vector<std::int64_t> keySizes, valueSizes;
        for (const ModelRow &row : m_rows) {
            const KeySpaceFigures f = figuresOf(row);
            if (row.kind == ModelRow::Outside) {
                outside.add(f);
                continue;
            }
            if (row.kind == ModelRow::Undecodable) {
                undecodable.add(f);
                continue;
            }
            total.add(f);
            kinds[conditionKindName(row.type)].add(f);
            expiry[groupOf(row)].add(f);
            count(keySizes, bucketOf(std::int64_t(row.key.size())));
            count(valueSizes, bucketOf(std::int64_t(row.value.size())));
        }
        QCOMPARE(report.rowsRead, std::int64_t(m_rows.size()));
        QVERIFY(report.root.totals == total);
        QVERIFY(report.odd.outside == outside);
        QVERIFY(report.odd.undecodable == undecodable);
        QCOMPARE(std::int64_t(report.odd.undecodableSamples.size()),
                 std::min<std::int64_t>(10, undecodable.entries));
        QCOMPARE(report.kinds.size(), kinds.size());
        for (std::size_t i = 0; i < report.kinds.size(); ++i) {
            QVERIFY2(report.kinds[i].second == kinds[report.kinds[i].first],
                     report.kinds[i].first.c_str());
            if (i > 0)
                QVERIFY(report.kinds[i - 1].second.bytes() >= report.kinds[i].second.bytes());
        }
        for (int g = 0; g < kExpiryGroupCount; ++g) {
            const char *name = expiryGroupName(static_cast<ExpiryGroup>(g));
            QVERIFY2(report.expiry[g] == expiry[name], name);
        }
        QVERIFY(report.keySizes.counts == keySizes);
        QVERIFY(report.valueSizes.counts == valueSizes);
        checkLargest(report);
        checkNode(report.root, m_request.prefix, 0);
    }

private:
    static void count(std::vector<std::int64_t> &buckets, int bucket)
    {
        if (buckets.size() <= std::size_t(bucket))
            buckets.resize(std::size_t(bucket) + 1, 0);
        ++buckets[std::size_t(bucket)];
    }

    void checkLargest(const KeySpaceReport &report) const
    {
        std::vector<const ModelRow *> decoded;
        for (const ModelRow &row : m_rows) {
            if (row.kind == ModelRow::Decoded)
                decoded.push_back(&row);
        }
        std::stable_sort(decoded.begin(), decoded.end(), [](auto *a, auto *b) {
            return a->key.size() + a->value.size() > b->key.size() + b->value.size();
        });
        decoded.resize(std::min(decoded.size(), std::size_t(m_request.top)));
        QCOMPARE(report.largest.size(), decoded.size());
        for (std::size_t i = 0; i < decoded.size(); ++i) {
            QCOMPARE(hexOf(report.largest[i].key), hexOf(decoded[i]->key));
            QCOMPARE(report.largest[i].kind, std::string(conditionKindName(decoded[i]->type)));
            QVERIFY(report.largest[i].expiresAt == decoded[i]->expiresAt);
            QVERIFY(report.largest[i].decodedKey == decoded[i]->decodedKey);
        }
    }

    // node is the report's node at key (level levels below the prefix): its totals, children
    // (cap, others, order), top by entries and, at level 1, expiry groups.
    void checkNode(const KeySpaceNode &node, const Key &key, int level) const
    {
        QVERIFY(node.key == key);
        KeySpaceFigures totals;
        ExpiryFigures expiry{};
        std::map<std::string, KeySpaceFigures> children; // by encoded child key: key order
        for (const ModelRow &row : m_rows) {
            if (row.kind != ModelRow::Decoded || row.decodedKey.size() < key.size()
                || !std::equal(key.begin(), key.end(), row.decodedKey.begin()))
                continue;
            const KeySpaceFigures f = figuresOf(row);
            totals.add(f);
            for (int g = 0; g < kExpiryGroupCount; ++g) {
                if (groupOf(row) == expiryGroupName(static_cast<ExpiryGroup>(g)))
                    expiry[g].add(f);
            }
            if (row.decodedKey.size() > key.size() && level < m_request.depth) {
                const Key child(row.decodedKey.begin(), row.decodedKey.begin() + key.size() + 1);
                children[encodeKey(child)].add(f);
            }
        }
        QVERIFY2(node.totals == totals, printKeyLiteral(key).c_str());
        if (level == 1)
            QVERIFY(node.expiry == expiry);
        std::vector<std::pair<std::string, KeySpaceFigures>> byBytes(children.begin(),
                                                                     children.end());
        auto byEntries = byBytes;
        std::stable_sort(byBytes.begin(), byBytes.end(), [](auto &a, auto &b) {
            return a.second.bytes() > b.second.bytes();
        });
        std::stable_sort(byEntries.begin(), byEntries.end(), [](auto &a, auto &b) {
            return a.second.entries > b.second.entries;
        });
        const std::size_t kept = std::min(byBytes.size(), std::size_t(m_request.childCap));
        QCOMPARE(node.children.size(), kept);
        KeySpaceFigures others;
        for (std::size_t i = kept; i < byBytes.size(); ++i)
            others.add(byBytes[i].second);
        QVERIFY(node.others == others);
        QCOMPARE(node.othersChildren, std::int64_t(byBytes.size() - kept));
        for (std::size_t i = 0; i < kept; ++i) {
            QCOMPARE(hexOf(encodeKey(node.children[i].key)), hexOf(byBytes[i].first));
            checkNode(node.children[i], decodeKey(byBytes[i].first), level + 1);
        }
        byEntries.resize(std::min(byEntries.size(), std::size_t(m_request.top)));
        QCOMPARE(node.topByEntries.size(), byEntries.size());
        for (std::size_t i = 0; i < byEntries.size(); ++i) {
            QCOMPARE(hexOf(encodeKey(node.topByEntries[i].first)), hexOf(byEntries[i].first));
            QVERIFY(node.topByEntries[i].second == byEntries[i].second);
        }
    }

    KeySpaceRequest m_request;
    std::int64_t m_now;
    std::vector<ModelRow> m_rows;
};

// --- The cases ---

// Pages of pageSize rows each, unless pageBytes says otherwise.
inline KeySpaceOptions
optionsFor(AnalysisBackend &b, int pageSize = 1000, std::int64_t pageBytes = 0)
{
    KeySpaceOptions options;
    options.clock = b.clock;
    options.pageSize = pageSize;
    options.pageBytes = pageBytes;
    return options;
}

// Every figure equals the brute-force count: the whole table at depths 0 to 3, with a cap
// smaller than the top level's children, in pages smaller and larger than the table.
inline void exactWholeTable(AnalysisBackend &b)
{
    const AnalysisCorpus corpus(b.clock->now(), 7);
    corpus.writeTo(b);
    for (const int depth : {0, 1, 2, 3}) {
        for (const int pageSize : {7, 1000}) {
            KeySpaceRequest request;
            request.depth = depth;
            request.top = 3;
            request.childCap = 5;
            const KeySpaceReport report
                = analyzeKeySpace(b.store(), request, optionsFor(b, pageSize));
            QVERIFY(!report.partial);
            QCOMPARE(report.now, b.clock->now());
            BruteForce(corpus.rows(), request, b.clock->now()).check(report);
            if (QTest::currentTestFailed())
                return;
        }
    }
    // The cap is really passed: the corpus has more top-level children than 5.
    KeySpaceRequest request;
    request.top = 3;
    request.childCap = 5;
    const KeySpaceReport report = analyzeKeySpace(b.store(), request, optionsFor(b));
    QVERIFY(report.root.othersChildren > 0);
    QVERIFY(report.odd.outside.entries == 3);
    QVERIFY(report.odd.undecodable.entries == 3);
}

// After the first page, pages grow to hold about pageBytes, from pageSize to 64 times pageSize
// rows; the figures stay exact across the larger pages.
inline void pagesGrowToPageBytes(AnalysisBackend &b)
{
    const AnalysisCorpus corpus(b.clock->now(), 5);
    corpus.writeTo(b);
    const auto pagesOf = [&](std::int64_t pageBytes) {
        std::vector<std::int64_t> pages;
        KeySpaceOptions options = optionsFor(b, 2, pageBytes);
        options.onProgress = [&](const KeySpaceProgress &progress) {
            pages.push_back(progress.rows);
            return true;
        };
        KeySpaceRequest request;
        request.top = 3;
        request.childCap = 5;
        const KeySpaceReport report = analyzeKeySpace(b.store(), request, options);
        BruteForce(corpus.rows(), request, b.clock->now()).check(report);
        return pages;
    };
    // Progress follows every full page, with the rows read so far.
    const auto rows = static_cast<std::int64_t>(corpus.rows().size());
    const auto expected = [&](std::int64_t later) {
        std::vector<std::int64_t> pages;
        for (std::int64_t read = 2; read <= rows; read += later)
            pages.push_back(read);
        return pages;
    };
    // pageBytes far beyond 64 times 2 rows: 2 rows, then 128 at a time.
    QVERIFY(rows > 130);
    QCOMPARE(pagesOf(1'000'000'000), expected(128));
    // No pageBytes: 2 rows a page throughout.
    QCOMPARE(pagesOf(0), expected(2));
    // pageBytes of about 10 rows: pages between the two.
    std::int64_t bytes = 0;
    for (const auto &row : corpus.rows())
        bytes += static_cast<std::int64_t>(row.key.size() + row.value.size());
    const std::int64_t tenRows = 10 * bytes / rows;
    const std::vector<std::int64_t> middle = pagesOf(tenRows);
    QVERIFY(middle.size() >= 3);
    for (std::size_t i = 1; i + 1 < middle.size(); ++i) {
        const std::int64_t page = middle[i] - middle[i - 1];
        QVERIFY2(page > 2 && page < 128, qPrintable(QString::number(page)));
    }
}

// A slow cycle keeps pages small: a page asked for after a cycle (the read, or the caller's work
// on the page before) of twice RowPages::kPageMs (500 ms) holds half the rows of the last, never
// fewer than pageSize, so Cancel on a slow link waits for about 500 ms of rows, not 4 MB. The clock
// moves in the progress callback, as the caller's work on a page would take the time; a cycle that
// takes no time leaves the pages to the bytes again.
inline void slowPagesStaySmall(AnalysisBackend &b)
{
    const AnalysisCorpus corpus(b.clock->now(), 5, 1500);
    corpus.writeTo(b);
    const std::int64_t now = b.clock->now();
    const auto rows = static_cast<std::int64_t>(corpus.rows().size());
    QVERIFY(rows > 560);
    std::vector<std::int64_t> sizes;
    std::int64_t before = 0;
    KeySpaceOptions options = optionsFor(b, 2, 1'000'000'000);
    options.onProgress = [&](const KeySpaceProgress &progress) {
        sizes.push_back(progress.rows - before);
        before = progress.rows;
        // A second a cycle for the first 12 pages, then none.
        b.clock->advance(sizes.size() <= 12 ? 1000 : 0);
        return true;
    };
    KeySpaceRequest request;
    request.top = 3;
    request.childCap = 5;
    const KeySpaceReport report = analyzeKeySpace(b.store(), request, options);
    BruteForce(corpus.rows(), request, now).check(report);
    // The first page's cycle took no time: the second is sized by bytes (128 rows, the most).
    // Then each slow cycle halves the page down to pageSize; the page asked for after the first
    // cycle that took no time holds 128 again.
    const std::vector<std::int64_t> expected = {2, 128, 64, 32, 16, 8, 4, 2, 2, 2, 2, 2, 2, 2, 128};
    QVERIFY(sizes.size() > expected.size());
    QCOMPARE(std::vector<std::int64_t>(sizes.begin(), sizes.begin() + expected.size()), expected);
}

// Pages of thousands of rows, three levels, many more children than the cap (most of them summed
// without entering a heap): the figures stay exact.
inline void exactInLargePages(AnalysisBackend &b)
{
    const AnalysisCorpus corpus(b.clock->now(), 13, 9000);
    corpus.writeTo(b);
    KeySpaceRequest request;
    request.depth = 3;
    request.top = 10;
    request.childCap = 10;
    const KeySpaceReport report = analyzeKeySpace(b.store(), request, optionsFor(b, 4000));
    QCOMPARE(report.rowsRead, std::int64_t(corpus.rows().size()));
    BruteForce(corpus.rows(), request, b.clock->now()).check(report);
}

// A subtree: the prefix's own entry and what is below it; no row outside it counts.
inline void exactSubtree(AnalysisBackend &b)
{
    const AnalysisCorpus corpus(b.clock->now(), 11);
    corpus.writeTo(b);
    for (const Key &prefix : {Key{KeyPart(std::string("users"))},
                              Key{KeyPart(std::string("a"))},
                              Key{KeyPart(1.0), KeyPart(std::string("x"))},
                              Key{KeyPart(std::string("nothing here"))}}) {
        KeySpaceRequest request;
        request.prefix = prefix;
        request.depth = 2;
        request.top = 4;
        request.childCap = 4;
        const KeySpaceReport report = analyzeKeySpace(b.store(), request, optionsFor(b, 5));
        QCOMPARE(report.odd.outside.entries, std::int64_t(0));
        BruteForce(corpus.rows(), request, b.clock->now()).check(report);
        if (QTest::currentTestFailed())
            return;
    }
}

// The budget ends the analysis after the page that passes it, with a partial report of exactly
// the rows read; onProgress returning false ends it as cancelled.
inline void budgetAndCancel(AnalysisBackend &b)
{
    const AnalysisCorpus corpus(b.clock->now(), 3);
    corpus.writeTo(b);
    KeySpaceRequest request;
    request.top = 5;
    request.childCap = 5;
    KeySpaceOptions options = optionsFor(b, 10);
    options.budgetMs = 2500;
    const std::int64_t now = b.clock->now();
    int pages = 0;
    options.onProgress = [&](const KeySpaceProgress &) {
        ++pages;
        b.clock->advance(1000); // a page takes a second
        return true;
    };
    KeySpaceReport report = analyzeKeySpace(b.store(), request, options);
    QVERIFY(report.partial);
    QVERIFY(!report.cancelled);
    QCOMPARE(pages, 3);
    QCOMPARE(report.rowsRead, std::int64_t(30));
    QCOMPARE(report.elapsedMs, std::int64_t(3000));
    BruteForce partial(corpus.rows(), request, now);
    partial.keepFirst(30);
    QCOMPARE(hexOf(report.resumeAfter), hexOf(partial.rows().back().key));
    partial.check(report);

    options.budgetMs.reset();
    options.onProgress = [&](const KeySpaceProgress &progress) {
        return progress.rows < 20;
    };
    report = analyzeKeySpace(b.store(), request, options);
    QVERIFY(report.partial);
    QVERIFY(report.cancelled);
    QCOMPARE(report.rowsRead, std::int64_t(20));

    // A budget the whole table fits in: complete.
    options.onProgress = {};
    options.budgetMs = 1'000'000;
    options.pageSize = 1000;
    report = analyzeKeySpace(b.store(), request, options);
    QVERIFY(!report.partial);
    QCOMPARE(report.rowsRead, std::int64_t(corpus.rows().size()));
}

// Bad requests are refused before anything is read, with the messages the header names.
inline void badRequests(AnalysisBackend &b)
{
    const auto refused = [&](KeySpaceRequest request, int pageSize, const char *message) {
        try {
            (void)analyzeKeySpace(b.store(), request, optionsFor(b, pageSize));
            QFAIL("no error");
        } catch (const RangeError &error) {
            QCOMPARE(std::string(error.what()), std::string(message));
        }
    };
    KeySpaceRequest request;
    request.depth = 9;
    refused(request, 1000, "kvs: analysis depth must be an integer from 0 to 8, got 9");
    request.depth = -1;
    refused(request, 1000, "kvs: analysis depth must be an integer from 0 to 8, got -1");
    request = {};
    request.top = 0;
    refused(request, 1000, "kvs: analysis top must be an integer from 1 to 1000, got 0");
    request.top = 1001;
    refused(request, 1000, "kvs: analysis top must be an integer from 1 to 1000, got 1001");
    request = {};
    request.childCap = 19;
    refused(request, 1000, "kvs: analysis child cap must be at least top (20), got 19");
    refused({}, 0, "kvs: page size must be an integer >= 1, got 0");
}

// An empty table: zero everywhere, nothing partial.
inline void emptyTable(AnalysisBackend &b)
{
    const KeySpaceReport report = analyzeKeySpace(b.store(), {}, optionsFor(b));
    QCOMPARE(report.rowsRead, std::int64_t(0));
    QCOMPARE(report.root.totals.entries, std::int64_t(0));
    QVERIFY(report.root.children.empty());
    QVERIFY(report.kinds.empty());
    QVERIFY(report.largest.empty());
    QVERIFY(!report.partial);
}

} // namespace kvs::test
