#pragma once

#include <kvs/types.h>

#include <memory>
#include <string>
#include <vector>

/// list() that goes on past rows it cannot decode (`kvs list`): a row another writer stored whose
/// key (02 61: a string without its end) or value is no kvs encoding fails list() for the whole
/// range; here it is reported and skipped. Not in the reference.
namespace kvs {

class AsyncKVStore;
class Clock;

/// A row of the page that was skipped: its stored key bytes and why it does not decode.
struct UndecodableRow
{
    std::string key;
    std::string problem; // the codec's message, e.g. "kvs: cannot decode key: ..."
};

struct ListRowsResult
{
    std::vector<Entry> entries;              // the rows that decode, in list() order
    std::vector<UndecodableRow> undecodable; // the rows skipped, in list() order
    /// Set when the page is full (skipped rows count toward the limit), as list()'s cursor.
    std::optional<std::string> cursor;
};

/// A page of list(selector, options), with list()'s range, limit, cursor rules and errors
/// (TypeError "kvs: list() start must be a key inside the prefix", RangeError "kvs: list() limit
/// must be an integer >= 1, got X", RangeError "kvs: list cursor is outside the selector range",
/// the key size limits), skipping undecodable rows. Blocks until read: not on a GUI thread.
/// clock: the time that decides what has expired (null: the system's).
[[nodiscard]] ListRowsResult listRows(AsyncKVStore &store,
                                      const ListSelector &selector,
                                      const ListOptions &options,
                                      long long maxKeySize = 2048,
                                      const std::shared_ptr<Clock> &clock = {});

} // namespace kvs
