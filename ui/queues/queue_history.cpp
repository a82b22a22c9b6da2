#include "queues/queue_history.h"

#include <QCoreApplication>
#include <QDataStream>
#include <QIODevice>

#include <algorithm>
#include <map>

namespace kvs::ui {

namespace {

constexpr char kMagic[] = "KVS Admin queue history\n";
constexpr quint32 kFormat = 1;
// Far more than any real database has topics or a sample can hold: a count beyond these is
// damage, not data, and must not make the reader allocate without end.
constexpr quint32 kMostTopics = 100000;

QString trHistory(const char *text)
{
    return QCoreApplication::translate("QueueHistory", text);
}

QueueHistoryError historyError(const QString &message)
{
    return QueueHistoryError(message.toStdString());
}

std::int64_t stepAt(std::int64_t ageMs)
{
    if (ageMs <= QueueHistory::kFullResolutionMs)
        return 0;
    return ageMs <= QueueHistory::kTenSecondsAfterMs ? 10000 : 60000;
}

} // namespace

std::optional<QueueTopicCounts> QueueSample::countsOf(const std::string &topic) const
{
    if (!topic.empty()) {
        for (const QueueTopicCounts &counts : topics) {
            if (counts.topic == topic)
                return counts;
        }
        return std::nullopt;
    }
    QueueTopicCounts sum;
    for (const QueueTopicCounts &counts : topics) {
        sum.due += counts.due;
        sum.delayed += counts.delayed;
        sum.processing += counts.processing;
        sum.dead += counts.dead;
        sum.done += counts.done;
    }
    return sum;
}

void QueueHistory::add(QueueSample sample)
{
    if (!m_samples.empty() && sample.atMs < m_samples.back().atMs)
        return;
    // Two refreshes in one millisecond: the later read is the truer one.
    if (!m_samples.empty() && sample.atMs == m_samples.back().atMs)
        m_samples.pop_back();
    m_samples.push_back(std::move(sample));
    bound();
}

// Thins by age so that a day of samples every few seconds stays a few thousand: a kept sample
// older than 5 minutes is at least 10 s (older than an hour: 60 s) after the kept one before.
void QueueHistory::bound()
{
    if (m_samples.empty())
        return;
    const std::int64_t newest = m_samples.back().atMs;
    std::vector<QueueSample> kept;
    kept.reserve(m_samples.size());
    for (QueueSample &sample : m_samples) {
        const std::int64_t age = newest - sample.atMs;
        if (age > kKeepMs)
            continue;
        const std::int64_t step = stepAt(age);
        if (step > 0 && !kept.empty() && sample.atMs - kept.back().atMs < step)
            continue;
        kept.push_back(std::move(sample));
    }
    if (kept.size() > kMaxSamples)
        kept.erase(kept.begin(), kept.end() - std::ptrdiff_t(kMaxSamples));
    m_samples = std::move(kept);
}

std::vector<std::string> QueueHistory::topics() const
{
    std::vector<std::string> names;
    for (const QueueSample &sample : m_samples) {
        for (const QueueTopicCounts &counts : sample.topics) {
            if (std::find(names.begin(), names.end(), counts.topic) == names.end())
                names.push_back(counts.topic);
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::vector<QueueRatePoint> QueueHistory::rates(const std::string &topic, std::int64_t fromMs) const
{
    std::vector<QueueRatePoint> points;
    const QueueSample *previous = nullptr;
    std::optional<QueueTopicCounts> previousCounts;
    for (const QueueSample &sample : m_samples) {
        if (sample.atMs < fromMs)
            continue;
        std::optional<QueueTopicCounts> counts = sample.countsOf(topic);
        if (previous && sample.atMs > previous->atMs) {
            const double seconds = double(sample.atMs - previous->atMs) / 1000.0;
            QueueRatePoint point;
            point.atMs = sample.atMs;
            if (topic.empty() && sample.lastId >= previous->lastId)
                point.enqueued = double(sample.lastId - previous->lastId) / seconds;
            // A topic that appears or vanishes has no rate for that step.
            if (counts && previousCounts) {
                const std::int64_t dead = counts->dead - previousCounts->dead;
                point.deadLettered = double(std::max<std::int64_t>(dead, 0)) / seconds;
                point.deadRetriedOrDeleted = double(std::max<std::int64_t>(-dead, 0)) / seconds;
                point.acknowledged
                    = double(std::max<std::int64_t>(counts->done - previousCounts->done, 0))
                      / seconds;
            }
            points.push_back(point);
        }
        previous = &sample;
        previousCounts = std::move(counts);
    }
    return points;
}

QByteArray QueueHistory::encode(const QString &identity) const
{
    QByteArray bytes(kMagic);
    QDataStream out(&bytes, QIODevice::WriteOnly | QIODevice::Append);
    out.setVersion(QDataStream::Qt_6_4);
    out << kFormat << identity << quint32(m_samples.size());
    for (const QueueSample &sample : m_samples) {
        out << qint64(sample.atMs) << qint64(sample.lastId) << quint32(sample.topics.size());
        for (const QueueTopicCounts &c : sample.topics)
            out << QByteArray::fromStdString(c.topic) << qint64(c.due) << qint64(c.delayed)
                << qint64(c.processing) << qint64(c.dead) << qint64(c.done);
    }
    return bytes;
}

QueueHistory QueueHistory::decode(const QByteArray &bytes, const QString &identity)
{
    const QByteArray magic(kMagic);
    if (!bytes.startsWith(magic))
        throw historyError(
            trHistory(QT_TRANSLATE_NOOP("QueueHistory", "not a queue history file")));
    QDataStream in(bytes.mid(magic.size()));
    in.setVersion(QDataStream::Qt_6_4);
    quint32 format = 0;
    QString owner;
    quint32 count = 0;
    in >> format;
    if (in.status() == QDataStream::Ok && format > kFormat)
        throw historyError(
            trHistory(QT_TRANSLATE_NOOP("QueueHistory", "written by a newer version (format %1)"))
                .arg(format));
    in >> owner >> count;
    const QueueHistoryError damaged = historyError(trHistory(
        QT_TRANSLATE_NOOP("QueueHistory", "damaged (it ends early or holds impossible values)")));
    if (in.status() != QDataStream::Ok || format != kFormat)
        throw damaged;
    if (owner != identity)
        throw historyError(
            trHistory(QT_TRANSLATE_NOOP("QueueHistory", "a queue history of another database (%1)"))
                .arg(owner));
    if (count > kMaxSamples)
        throw damaged;
    QueueHistory history;
    history.m_samples.reserve(count);
    for (quint32 i = 0; i < count; ++i) {
        QueueSample sample;
        qint64 at = 0;
        qint64 lastId = 0;
        quint32 topics = 0;
        in >> at >> lastId >> topics;
        if (in.status() != QDataStream::Ok || topics > kMostTopics)
            throw damaged;
        sample.atMs = at;
        sample.lastId = lastId;
        for (quint32 t = 0; t < topics; ++t) {
            QByteArray name;
            qint64 due = 0, delayed = 0, processing = 0, dead = 0, done = 0;
            in >> name >> due >> delayed >> processing >> dead >> done;
            if (in.status() != QDataStream::Ok || due < 0 || delayed < 0 || processing < 0
                || dead < 0 || done < 0)
                throw damaged;
            sample.topics.push_back(
                QueueTopicCounts{name.toStdString(), due, delayed, processing, dead, done});
        }
        if (!history.m_samples.empty() && sample.atMs < history.m_samples.back().atMs)
            throw damaged;
        history.m_samples.push_back(std::move(sample));
    }
    if (!in.atEnd())
        throw damaged;
    return history;
}

} // namespace kvs::ui
