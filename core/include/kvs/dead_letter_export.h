#pragma once

#include <kvs/dead_letter_filter.h>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace kvs {

class AsyncKVStore;
class SweepControl;

struct DeadLetterExportResult
{
    std::int64_t scanned = 0; ///< dead letters read
    /// The ids written, ascending: what a delete of "exactly the exported messages" touches.
    std::vector<std::int64_t> ids;
    bool cancelled = false;
};

/// Writes topic's dead letters that filter matches to out as JSON lines, one object per message:
///   {"id": N, "topic": S, "payload": LITERAL, "enqueuedAt": MS, "deliverAt": MS,
///    "attempts": N, "maxAttempts": N, "lastError": S|null, "failedAt": MS}
/// where LITERAL is the payload's canonical literal (printLiteral) as a JSON string. Reads a page
/// of listDead() at a time (id keyset) and writes it before reading the next, so memory holds
/// one page and the ids. Not one snapshot (see sweepDeadLetters()). control (not owned; may be
/// null) cancels between pages; onProgress gets the count written after each page. Blocks: run
/// it on a worker thread. Throws what the store throws, and Error "kvs: cannot write the export
/// (the output stream failed)" when out fails (what was written before stays written).
DeadLetterExportResult exportDeadLetters(AsyncKVStore &store,
                                         const std::string &topic,
                                         const DeadLetterFilter &filter,
                                         std::ostream &out,
                                         SweepControl *control = nullptr,
                                         const std::function<void(std::int64_t)> &onProgress = {});

/// One message as exportDeadLetters() writes it (without the newline).
std::string deadLetterJsonLine(const QueueDeadMessage &message);

} // namespace kvs
