#pragma once

#include "queues/queue_history.h"

#include <QString>

namespace kvs::ui {

// What loading a queue history file gave: the history (empty when there was no file or it
// could not be read) and, when it could not be read, why and where the file was moved.
struct QueueHistoryLoad
{
    QueueHistory history;
    QString problem;    // empty: read, or no file yet
    QString movedAside; // the unreadable file's new path, or empty
};

// The local files that keep the queue charts' samples across restarts: one per database,
// named by a hash of its identity (no connection details in the name), in
// queue-history in the data folder (kvs/data_folder.h; $KVS_QUEUE_HISTORY_DIR overrides it), the
// folder 0700 and each file 0600. They hold counts and times only: never payloads or passwords.
// Plain functions, safe from any thread; they block, so the GUI calls them off its thread
// (QueueRateSampler).
QString queueHistoryPath(const QString &identity);
// Reads path. A file that is not a queue history of identity (damaged, foreign, newer) is never
// overwritten: it is renamed to path + ".unreadable" (replacing an older one) and the result
// says so; the history then starts empty.
QueueHistoryLoad loadQueueHistory(const QString &path, const QString &identity);
// Writes bytes to path atomically (QSaveFile), mode 0600. Throws QueueHistoryError
// "cannot write the queue history PATH: REASON".
void saveQueueHistory(const QString &path, const QByteArray &bytes);

} // namespace kvs::ui
