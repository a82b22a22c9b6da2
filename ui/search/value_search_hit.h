#pragma once

#include <kvs/types.h>

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kvs::ui {

// One entry a value search found, as the search read it: the entry (its version is what a bulk
// action checks before it writes), its bytes as stored (what an export writes), and what the
// results list shows: the key literal and a one-line preview of the value with the match marked.
// A value type.
struct ValueSearchHit
{
    Entry entry;
    std::string keyBytes;
    std::string valueBytes;
    QString keyLiteral;
    QString preview;    // one line, shortened around the match
    int markStart = -1; // the match in preview (UTF-16 units); -1: nothing to mark
    int markLength = 0;
};

using ValueSearchHits = std::vector<ValueSearchHit>;

} // namespace kvs::ui
