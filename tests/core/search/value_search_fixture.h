#pragma once

// What tst_value_search (SQLite) and tst_value_search_postgres run alike: a store with rows
// written as stored bytes, a generated corpus of values, and the search's results as key lists.

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>
#include <kvs/value_search.h>

#include <QTest>

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace kvs::test {

// A store, and a way to write rows into its table as bytes (another writer's rows too).
class SearchBackend
{
public:
    virtual ~SearchBackend() = default;
    virtual AsyncKVStore &store() = 0;
    void insertRaw(const std::string &key,
                   const std::string &value,
                   std::optional<std::int64_t> expiresAt = std::nullopt)
    {
        writeRow(key, value, expiresAt);
    }
    std::shared_ptr<ManualClock> clock = std::make_shared<ManualClock>(1'000'000);

    void insert(const Key &key, const Value &value)
    {
        insertRaw(encodeKey(key), encodeValue(value));
    }

protected:
    // Writes the row with plain SQL, behind the store's back.
    virtual void writeRow(const std::string &key,
                          const std::string &value,
                          std::optional<std::int64_t> expiresAt)
        = 0;
};

// Every page of a search, and what it found as key literals in order.
struct SearchRun
{
    std::vector<std::string> keys;
    ValueSearchCounts counts;
    int pages = 0;
    bool prefiltered = false;
};

inline SearchRun runSearch(AsyncKVStore &store,
                           ValueSearchQuery query,
                           ValueSearchOptions options,
                           const std::shared_ptr<Clock> &clock)
{
    options.clock = clock;
    ValueSearch search(store, std::move(query), std::move(options));
    SearchRun run;
    run.prefiltered = search.prefiltered();
    while (!search.done()) {
        const ValueSearchPage page = search.next();
        ++run.pages;
        for (const ValueMatch &match : page.matches)
            run.keys.push_back(printKeyLiteral(match.entry.key));
        run.counts = page.counts;
    }
    return run;
}

inline ValueSearchQuery textQuery(const std::string &text, bool matchCase)
{
    ValueSearchQuery query;
    query.range = searchRange({});
    query.text = text;
    query.matchCase = matchCase;
    return query;
}

// Values of every kind, nested, with the strings a prefilter could get wrong: non-ASCII,
// characters that fold to ASCII (KELVIN SIGN, LONG S), escapes, lone surrogates, words of the
// literal syntax inside strings.
class CorpusGenerator
{
public:
    explicit CorpusGenerator(std::uint32_t seed)
        : m_random(seed)
    {}

    Value value(int depth = 0)
    {
        const int kind = pick(depth >= 3 ? 9 : 14);
        switch (kind) {
        case 0:
            return Value(nullptr);
        case 1:
            return Value(pick(2) == 0);
        case 2:
            return Value(number());
        case 3:
        case 4:
        case 5:
            return Value(text());
        case 6:
            return Value(*BigInt::fromDecimal(std::to_string(int(m_random() % 200000) - 100000)));
        case 7:
            return Value(Date(double(std::int64_t(m_random() % 4000000000000ULL)) - 1e12));
        case 8: {
            Bytes bytes;
            for (int i = pick(5); i > 0; --i)
                bytes.data += char(m_random() % 256);
            return Value(bytes);
        }
        case 9: {
            Value::Items items;
            for (int i = pick(4); i > 0; --i)
                items.push_back(value(depth + 1));
            return Value::array(std::move(items));
        }
        case 10:
        case 11: {
            ObjectBuilder object;
            for (int i = pick(4); i > 0; --i)
                object.add(text(), value(depth + 1));
            return std::move(object).build();
        }
        case 12: {
            CollectionBuilder map;
            for (int i = pick(3); i > 0; --i)
                map.addEntry(value(depth + 1), value(depth + 1));
            return std::move(map).buildMap();
        }
        default: {
            CollectionBuilder set;
            for (int i = pick(3); i > 0; --i)
                set.addItem(value(depth + 1));
            return std::move(set).buildSet();
        }
        }
    }

    // A substring of text (whole UTF-8 characters not guaranteed: a needle may be any bytes).
    std::string pieceOf(const std::string &text)
    {
        if (text.empty())
            return text;
        const std::size_t start = m_random() % text.size();
        const std::size_t length = 1 + m_random() % 10;
        return text.substr(start, length);
    }

    // text with some ASCII letters' case flipped.
    std::string flipCase(std::string text)
    {
        for (char &c : text) {
            if (pick(2) == 0 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
                c = char(c ^ 0x20);
        }
        return text;
    }

    int pick(int n) { return int(m_random() % std::uint32_t(n)); }

private:
    double number()
    {
        static const double special[] = {0.0,
                                         -0.0,
                                         1.5,
                                         -2.25,
                                         1e21,
                                         1e-7,
                                         123456789.0,
                                         std::numeric_limits<double>::quiet_NaN(),
                                         std::numeric_limits<double>::infinity(),
                                         -std::numeric_limits<double>::infinity()};
        if (pick(3) == 0)
            return special[pick(10)];
        return double(int(m_random() % 100000) - 50000) / (pick(2) == 0 ? 1 : 100);
    }

    std::string text()
    {
        static const char *pieces[] = {"a",        "Zoë",
                                       "K",        "k",
                                       "\u212A",   "s",
                                       "\u017F",   "S",
                                       "ß",        "😀",
                                       "\"",       "\\",
                                       "\n",       "\t",
                                       "\x01",     "/",
                                       ": ",       ", ",
                                       "[",        "}",
                                       "true",     "null",
                                       "NaN",      "new Date(",
                                       "12n",      "\xed\xa0\x80",
                                       "Infinity", "Map",
                                       "u0041",    "~",
                                       "failed",   "ok",
                                       " ",        "é",
                                       "\u2028",   "x"};
        std::string out;
        for (int i = pick(5); i > 0; --i)
            out += pieces[pick(int(std::size(pieces)))];
        return out;
    }

    std::mt19937 m_random;
};

} // namespace kvs::test
