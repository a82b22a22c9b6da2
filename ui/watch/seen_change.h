#pragma once

#include <kvs/change_feed.h>
#include <kvs/types.h>

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kvs::ui {

// A watched entry as the watch pane shows it: printed on the feed's worker, so that the GUI
// thread never prints a large value. A value type.
struct SeenEntry
{
    Key key;
    std::string encodedKey;
    QString keyText;
    QString valueText;
    std::int64_t version = 0;
    std::optional<std::int64_t> expiresAt;
};

// One change the feed saw, printed likewise. atMs: when the poll that saw it ran (ms since the
// epoch). A value type.
struct SeenChange
{
    std::int64_t atMs = 0;
    Key key;
    std::string encodedKey;
    QString keyText;
    ChangeKind kind = ChangeKind::Set;
    std::optional<QString> oldText; // nullopt: the key did not exist before
    std::optional<QString> newText; // nullopt: the key is gone
    std::optional<std::int64_t> oldVersion;
    std::optional<std::int64_t> newVersion;
    std::optional<std::int64_t> expiresAt; // of the new entry
};

// What a (re)targeting of a feed read (entries, no changes), or what a poll saw (changes only:
// a model applies them to the entries it has).
struct FeedUpdate
{
    std::vector<SeenEntry> entries;
    std::vector<SeenChange> changes;
};

// Printing, on the worker. Safe from any thread.
SeenEntry seenEntryOf(const Entry &entry);
SeenChange seenChangeOf(const Change &change, std::int64_t atMs);

} // namespace kvs::ui
