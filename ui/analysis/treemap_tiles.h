#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <vector>

namespace kvs::ui {

// One tile of the treemap: a child of the node shown, the children a cap summed ("others"), or
// the entry at the node's own key.
struct TreemapTile
{
    enum class Kind { Child, Others, Self };
    Kind kind = Kind::Child;
    QString key;   // the child's key literal (Child), else the node's
    QString label; // the child's last key part, "others (N children)", "(this key)"
    std::int64_t entries = 0;
    std::int64_t keyBytes = 0;
    std::int64_t valueBytes = 0;
    std::int64_t bytes = 0;
    double share = 0;       // of the node's bytes
    QJsonObject node;       // the child's node (Child), to drill down into
    bool drillable = false; // a child with children of its own in the report
};

// The tiles of a report's tree node (kvs/key_space_json.h "tree"): its children largest first,
// then the others and the node's own entry when they hold bytes. Thread rule: any thread.
[[nodiscard]] std::vector<TreemapTile> treemapTilesOf(const QJsonObject &node);

// The last part of a key literal as a literal ("users", 42); "" for the empty key, the literal
// itself when it does not parse.
[[nodiscard]] QString lastKeyPart(const QString &keyLiteral);

} // namespace kvs::ui
