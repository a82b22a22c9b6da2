#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace kvs::ui {

// One topic's counts at a sample, as the overview showed them.
struct QueueTopicCounts
{
    std::string topic;
    std::int64_t due = 0;
    std::int64_t delayed = 0;
    std::int64_t processing = 0;
    std::int64_t dead = 0;
    std::int64_t done = 0;
};

// The queue of a database at one overview refresh: every topic's counts and the queue's id
// counter (queueLastId(), which no delete lowers). No payloads, no connection details.
struct QueueSample
{
    std::int64_t atMs = 0; // wall clock, ms since the epoch
    std::int64_t lastId = 0;
    std::vector<QueueTopicCounts> topics;

    // The counts of topic, or of every topic summed when topic is empty; nullopt when the
    // sample does not have that topic.
    std::optional<QueueTopicCounts> countsOf(const std::string &topic) const;
};

// Rates per second between two samples. enqueued comes from the id counter, so it exists for
// the whole database only; the others are what the counts allow: dead letters added, dead
// letters gone (retried or deleted), done messages added (acknowledged and kept, with
// queue.doneRetention > 0). Each is a lower bound when both directions happened in between.
struct QueueRatePoint
{
    std::int64_t atMs = 0;
    std::optional<double> enqueued;
    double deadLettered = 0;
    double deadRetriedOrDeleted = 0;
    double acknowledged = 0;
};

// A queue history file that cannot be read: what is wrong with it, for the user.
class QueueHistoryError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// The samples of one database, oldest first, bounded: none older than 24 h before the newest,
// one per 10 s after 5 minutes and one per minute after an hour, and at most kMaxSamples.
// A value type; thread rule: one thread at a time.
class QueueHistory
{
public:
    static constexpr std::int64_t kKeepMs = 24LL * 3600 * 1000;
    static constexpr std::int64_t kFullResolutionMs = 5LL * 60 * 1000;
    static constexpr std::int64_t kTenSecondsAfterMs = 3600LL * 1000;
    static constexpr std::size_t kMaxSamples = 6000;

    // Adds a sample (one older than the newest is dropped: the clock went back; one as old
    // replaces it) and applies the bound.
    void add(QueueSample sample);
    const std::vector<QueueSample> &samples() const { return m_samples; }
    bool isEmpty() const { return m_samples.empty(); }
    // The topics seen in the samples, sorted.
    std::vector<std::string> topics() const;
    // The rates between consecutive samples at or after fromMs, for topic (empty: all).
    std::vector<QueueRatePoint> rates(const std::string &topic, std::int64_t fromMs) const;

    // The file's bytes: a magic line, a format version, the database identity and the samples.
    QByteArray encode(const QString &identity) const;
    // Reads encode()'s bytes. Throws QueueHistoryError "not a queue history file",
    // "a queue history of another database (NAME)", "written by a newer version (format N)" or
    // "damaged (it ends early or holds impossible values)".
    static QueueHistory decode(const QByteArray &bytes, const QString &identity);

private:
    void bound();

    std::vector<QueueSample> m_samples;
};

} // namespace kvs::ui
