#include "watch/seen_change.h"

#include <kvs/key.h>
#include <kvs/literal.h>

namespace kvs::ui {

SeenEntry seenEntryOf(const Entry &entry)
{
    SeenEntry seen;
    seen.key = entry.key;
    seen.encodedKey = encodeKey(entry.key);
    seen.keyText = QString::fromStdString(printKeyLiteral(entry.key));
    seen.valueText = QString::fromStdString(printLiteral(entry.value));
    seen.version = entry.version;
    seen.expiresAt = entry.expiresAt;
    return seen;
}

SeenChange seenChangeOf(const Change &change, std::int64_t atMs)
{
    SeenChange seen;
    seen.atMs = atMs;
    seen.key = change.key;
    seen.encodedKey = encodeKey(change.key);
    seen.keyText = QString::fromStdString(printKeyLiteral(change.key));
    seen.kind = change.kind;
    if (change.previous) {
        seen.oldText = QString::fromStdString(printLiteral(change.previous->value));
        seen.oldVersion = change.previous->version;
    }
    if (change.entry) {
        seen.newText = QString::fromStdString(printLiteral(change.entry->value));
        seen.newVersion = change.entry->version;
        seen.expiresAt = change.entry->expiresAt;
    }
    return seen;
}

} // namespace kvs::ui
