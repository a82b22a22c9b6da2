#include "analysis/treemap_tiles.h"

#include <kvs/literal.h>

#include <QCoreApplication>
#include <QJsonArray>

#include <exception>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(TreemapTiles)
};

std::int64_t number(const QJsonObject &object, const char *name)
{
    return static_cast<std::int64_t>(object.value(QLatin1String(name)).toDouble());
}

void putFigures(TreemapTile &tile, const QJsonObject &object, std::int64_t whole)
{
    tile.entries = number(object, "entries");
    tile.keyBytes = number(object, "keyBytes");
    tile.valueBytes = number(object, "valueBytes");
    tile.bytes = number(object, "bytes");
    tile.share = whole > 0 ? double(tile.bytes) / double(whole) : 0;
}

} // namespace

QString lastKeyPart(const QString &keyLiteral)
{
    try {
        const Key key = parseKeyLiteral(keyLiteral.toStdString());
        if (key.empty())
            return {};
        const std::string one = printKeyLiteral(Key{key.back()});
        // ["users"] -> "users"
        return QString::fromStdString(one.substr(1, one.size() - 2));
    } catch (const std::exception &) {
        return keyLiteral;
    }
}

std::vector<TreemapTile> treemapTilesOf(const QJsonObject &node)
{
    std::vector<TreemapTile> tiles;
    const std::int64_t whole = number(node, "bytes");
    const QString key = node.value(QStringLiteral("key")).toString();
    std::int64_t below = 0;
    std::int64_t entriesBelow = 0;
    std::int64_t keyBytesBelow = 0;
    std::int64_t valueBytesBelow = 0;
    for (const QJsonValue value : node.value(QStringLiteral("children")).toArray()) {
        const QJsonObject child = value.toObject();
        TreemapTile tile;
        tile.key = child.value(QStringLiteral("key")).toString();
        tile.label = lastKeyPart(tile.key);
        putFigures(tile, child, whole);
        tile.node = child;
        tile.drillable = !child.value(QStringLiteral("children")).toArray().isEmpty();
        below += tile.bytes;
        entriesBelow += tile.entries;
        keyBytesBelow += tile.keyBytes;
        valueBytesBelow += tile.valueBytes;
        tiles.push_back(std::move(tile));
    }
    const QJsonObject others = node.value(QStringLiteral("others")).toObject();
    const std::int64_t otherChildren = number(others, "children");
    if (otherChildren > 0) {
        TreemapTile tile;
        tile.kind = TreemapTile::Kind::Others;
        tile.key = key;
        tile.label = Tr::tr("others (%Ln children)", nullptr, int(otherChildren));
        putFigures(tile, others, whole);
        below += tile.bytes;
        entriesBelow += tile.entries;
        keyBytesBelow += tile.keyBytes;
        valueBytesBelow += tile.valueBytes;
        tiles.push_back(std::move(tile));
    }
    // What the children do not hold: the entry at the node's key itself (at the depth limit a
    // node has no children listed, and then holds it all).
    if (whole > below && !tiles.empty()) {
        TreemapTile tile;
        tile.kind = TreemapTile::Kind::Self;
        tile.key = key;
        tile.label = Tr::tr("(this key)");
        tile.entries = number(node, "entries") - entriesBelow;
        tile.keyBytes = number(node, "keyBytes") - keyBytesBelow;
        tile.valueBytes = number(node, "valueBytes") - valueBytesBelow;
        tile.bytes = whole - below;
        tile.share = double(tile.bytes) / double(whole);
        tiles.push_back(std::move(tile));
    }
    return tiles;
}

} // namespace kvs::ui
