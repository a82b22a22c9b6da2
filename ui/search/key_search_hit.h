#pragma once

#include <kvs/key.h>

#include <QString>

#include <vector>

namespace kvs::ui {

// One key a search found: the key, its literal, and the part that matched. A value type.
struct KeySearchHit
{
    Key key;
    QString literal;     // the canonical key literal, e.g. ["users", "ada"]
    QString matchedPart; // the first part below the prefix that matched, as the tree shows it
};

using KeySearchHits = std::vector<KeySearchHit>;

} // namespace kvs::ui
