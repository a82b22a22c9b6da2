#include "bench/workload/data_shape.h"

#include <kvs/async_kvstore.h>
#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/value_codec.h>

#include <algorithm>
#include <chrono>

namespace kvs::bench {

namespace {

// Top-level parts the sample spreads over, and the most of them read.
constexpr std::size_t kSpread = 32;
constexpr double kRootChildren = 10000;

PartShape shapeOf(const KeyPart &part)
{
    PartShape shape;
    shape.kind = part.type();
    if (shape.kind == KeyPart::Type::String)
        shape.length = static_cast<std::uint32_t>(part.asString().size());
    else if (shape.kind == KeyPart::Type::Bytes)
        shape.length = static_cast<std::uint32_t>(part.asBytes().data.size());
    return shape;
}

std::string kindName(KeyPart::Type kind)
{
    switch (kind) {
    case KeyPart::Type::Bytes:
        return "bytes";
    case KeyPart::Type::String:
        return "string";
    case KeyPart::Type::Number:
        return "number";
    case KeyPart::Type::BigInt:
        return "bigint";
    case KeyPart::Type::Boolean:
        return "boolean";
    }
    return "string";
}

// The part of a layout that carries the index: the last one that is no boolean, or -1.
int carrierOf(const std::vector<PartShape> &parts)
{
    for (int i = static_cast<int>(parts.size()) - 1; i >= 0; --i) {
        if (parts[static_cast<std::size_t>(i)].kind != KeyPart::Type::Boolean)
            return i;
    }
    return -1;
}

// index in base 36, zero-padded to length (longer when it needs more digits).
std::string base36(std::uint64_t index, std::uint32_t length)
{
    std::string digits;
    do {
        const auto digit = static_cast<int>(index % 36);
        digits.insert(digits.begin(),
                      static_cast<char>(digit < 10 ? '0' + digit : 'a' + digit - 10));
        index /= 36;
    } while (index > 0);
    if (digits.size() < length)
        digits.insert(0, length - digits.size(), '0');
    return digits;
}

// index big-endian in length bytes (more when it needs them).
Bytes bigEndian(std::uint64_t index, std::uint32_t length)
{
    const std::uint32_t needed = index >> 32 ? 8 : (index >> 16 ? 4 : 2);
    std::string bytes(std::max(length, needed), '\0');
    for (std::size_t i = 0; i < bytes.size() && i < 8; ++i)
        bytes[bytes.size() - 1 - i] = static_cast<char>((index >> (8 * i)) & 0xff);
    return Bytes{std::move(bytes)};
}

KeyPart constantPart(const PartShape &shape)
{
    switch (shape.kind) {
    case KeyPart::Type::Bytes:
        return KeyPart(Bytes{std::string(shape.length, '\0')});
    case KeyPart::Type::String:
        return KeyPart(std::string(shape.length, 'k'));
    case KeyPart::Type::Number:
        return KeyPart(0.0);
    case KeyPart::Type::BigInt:
        return KeyPart(BigInt(0));
    case KeyPart::Type::Boolean:
        return KeyPart(true);
    }
    return KeyPart(0.0);
}

KeyPart carrierPart(const PartShape &shape, std::uint64_t index)
{
    switch (shape.kind) {
    case KeyPart::Type::Bytes:
        return KeyPart(bigEndian(index, shape.length));
    case KeyPart::Type::String:
        return KeyPart(base36(index, shape.length));
    case KeyPart::Type::BigInt:
        return KeyPart(BigInt(static_cast<std::int64_t>(index)));
    default:
        return KeyPart(static_cast<double>(index));
    }
}

// The message of a store error as a --like error: "kvs: --like: ...".
std::string likeMessage(const std::string &what)
{
    const std::string_view kvs = "kvs: ";
    return "kvs: --like: " + (what.rfind(kvs, 0) == 0 ? what.substr(kvs.size()) : what);
}

void add(DataShape &shape, const std::vector<Entry> &entries)
{
    for (const Entry &entry : entries) {
        if (shape.keys.size() >= kShapeSample)
            return;
        std::vector<PartShape> parts;
        for (const KeyPart &part : entry.key)
            parts.push_back(shapeOf(part));
        if (parts.empty())
            continue;
        shape.keys.push_back(std::move(parts));
        shape.valueSizes.push_back(static_cast<std::uint32_t>(encodeValue(entry.value).size()));
    }
}

void sample(AsyncKVStore &store, DataShape &shape)
{
    ListSelector everything;
    everything.prefix = Key{};
    ListOptions page;
    page.limit = static_cast<double>(kShapeSample);
    const ListResult first = store.list(everything, page).result();
    if (!first.cursor) {
        add(shape, first.entries); // the whole database
        return;
    }
    // More than a sample: spread it over the distinct first parts (first and last included),
    // so that one large collection does not fill it.
    ChildrenOptions rootOptions;
    rootOptions.limit = kRootChildren;
    const ChildrenPage root
        = store.listChildren(ChildrenSelector{Key{}, {}, {}}, rootOptions).result();
    std::vector<KeyPart> firsts;
    for (const KeyChild &child : root.children) {
        if (child.part)
            firsts.push_back(*child.part);
    }
    const std::size_t spread = std::min(kSpread, firsts.size());
    const std::size_t each
        = std::max<std::size_t>(1, kShapeSample / std::max<std::size_t>(1, spread));
    for (std::size_t k = 0; k < spread && shape.keys.size() < kShapeSample; ++k) {
        const std::size_t at = spread == 1 ? 0 : k * (firsts.size() - 1) / (spread - 1);
        ListSelector selector;
        selector.prefix = Key{};
        selector.start = Key{firsts[at]};
        ListOptions options;
        options.limit = static_cast<double>(std::min(each, kShapeSample - shape.keys.size()));
        add(shape, store.list(selector, options).result().entries);
    }
    if (shape.keys.empty())
        add(shape, first.entries);
}

} // namespace

std::string DataShape::summary() const
{
    if (keys.empty())
        return "no keys sampled";
    std::size_t shortest = SIZE_MAX;
    std::size_t longest = 0;
    std::vector<KeyPart::Type> kinds;
    for (const std::vector<PartShape> &key : keys) {
        shortest = std::min(shortest, key.size());
        longest = std::max(longest, key.size());
        for (const PartShape &part : key) {
            if (std::find(kinds.begin(), kinds.end(), part.kind) == kinds.end())
                kinds.push_back(part.kind);
        }
    }
    std::sort(kinds.begin(), kinds.end());
    std::string kindList;
    for (const KeyPart::Type kind : kinds)
        kindList += (kindList.empty() ? "" : ", ") + kindName(kind);
    const auto [smallest, largest] = std::minmax_element(valueSizes.begin(), valueSizes.end());
    return std::to_string(keys.size()) + " keys sampled: "
           + (shortest == longest ? std::to_string(shortest)
                                  : std::to_string(shortest) + " .. " + std::to_string(longest))
           + " parts (" + kindList + "), values " + std::to_string(*smallest) + " .. "
           + std::to_string(*largest) + " bytes";
}

DataShape sampleDataShape(const std::string &db)
{
    AsyncKVStoreSettings settings;
    settings.readOnly = true;
    settings.migrate = false;
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    DataShape shape;
    try {
        AsyncKVStore store(db, settings);
        try {
            sample(store, shape);
        } catch (...) {
            store.close().waitForFinished();
            throw;
        }
        store.close().waitForFinished();
    } catch (const Error &error) {
        throw Error(likeMessage(error.what()));
    }
    if (shape.empty())
        throw Error("kvs: --like: " + redactedConnection(db) + " holds no entries to sample");
    return shape;
}

Key shapedKey(const DataShape &shape, std::uint64_t index)
{
    const std::vector<PartShape> &layout = shape.keys[index % shape.keys.size()];
    const int carrier = carrierOf(layout);
    Key key;
    for (std::size_t i = 0; i < layout.size(); ++i) {
        const bool carries = carrier < 0 ? i + 1 == layout.size() : int(i) == carrier;
        key.push_back(carries ? carrierPart(layout[i], index) : constantPart(layout[i]));
    }
    return key;
}

Key shapedPrefix(const DataShape &shape, std::uint64_t index)
{
    const std::vector<PartShape> &layout = shape.keys[index % shape.keys.size()];
    const int carrier = carrierOf(layout);
    const std::size_t length = carrier < 0 ? layout.size() - 1 : static_cast<std::size_t>(carrier);
    Key prefix;
    for (std::size_t i = 0; i < length; ++i)
        prefix.push_back(constantPart(layout[i]));
    return prefix;
}

} // namespace kvs::bench
