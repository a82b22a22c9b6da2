#pragma once

// The analysis's queue section (kvs/store_figures.h) on SQLite and PostgreSQL alike: messages of
// every status in several topics, made through the store's own queue calls on the test's
// ManualClock, and the report's figures compared with what the test counted as it made them.

#include "key_space_cases.h"

#include <kvs/key_space_findings.h>
#include <kvs/value_codec.h>

#include <map>
#include <tuple>

namespace kvs::test {

// The stores of these cases keep acknowledged messages this long (status done).
inline constexpr double kDoneRetention = 30.0 * 24 * 3600 * 1000;

// What the test made: each message's topic, status, payload bytes and times.
class QueueModel
{
public:
    explicit QueueModel(AnalysisBackend &b)
        : m_b(b)
    {}

    // Enqueues a message of payloadSize bytes of text; returns its id.
    std::int64_t enqueue(const std::string &topic,
                         std::size_t payloadSize,
                         double delay = 0,
                         double maxAttempts = 3)
    {
        const Value payload(std::string(payloadSize, 'p'));
        QueueOptions options;
        options.topic = topic;
        options.delay = delay;
        options.maxAttempts = maxAttempts;
        const EnqueueResult result = m_b.store().enqueue(payload, options).result();
        const std::int64_t now = m_b.clock->now();
        m_messages[result.id] = {topic,
                                 delay > 0 ? "delayed" : "pending",
                                 std::int64_t(encodeValue(payload).size()),
                                 now,
                                 std::nullopt};
        m_b.clock->advance(10); // every message its own time
        return result.id;
    }

    // Dequeues one message of topic; then acknowledges it (done), nacks it on its last attempt
    // (dead), or keeps the lease (processing).
    enum class Then { Keep, Ack, Nack };
    void dequeueOne(const std::string &topic, Then then)
    {
        const std::vector<QueueMessage> got = m_b.store().dequeue(topic, 1).result();
        QCOMPARE(got.size(), std::size_t(1));
        Message &message = m_messages.at(got[0].id);
        message.status = "processing";
        if (then == Then::Ack) {
            QVERIFY(m_b.store().acknowledge(double(got[0].id), got[0].token).result());
            message.status = "done";
            message.finishedAt = m_b.clock->now();
        } else if (then == Then::Nack) {
            QVERIFY(m_b.store().nack(double(got[0].id), got[0].token).result());
            message.status = "dead";
            message.finishedAt = m_b.clock->now();
        }
        m_b.clock->advance(10);
    }

    // The queue section as the test counts it: per topic and status, in byte order.
    std::vector<QueueStatusFigures> expected() const
    {
        std::map<std::pair<std::string, std::string>, QueueStatusFigures> groups;
        for (const auto &[id, message] : m_messages) {
            QueueStatusFigures &group = groups[{message.topic, message.status}];
            if (group.messages == 0) {
                group.topic = message.topic;
                group.status = message.status;
                group.oldestEnqueuedAt = message.enqueuedAt;
            }
            ++group.messages;
            group.payloadBytes += message.payloadBytes;
            group.oldestEnqueuedAt = std::min(group.oldestEnqueuedAt, message.enqueuedAt);
            if (message.finishedAt) {
                group.oldestFinishedAt = std::min(
                    group.oldestFinishedAt.value_or(*message.finishedAt), *message.finishedAt);
            }
        }
        std::vector<QueueStatusFigures> rows;
        for (auto &[key, group] : groups)
            rows.push_back(group);
        return rows;
    }

private:
    struct Message
    {
        std::string topic;
        std::string status;
        std::int64_t payloadBytes = 0;
        std::int64_t enqueuedAt = 0;
        std::optional<std::int64_t> finishedAt;
    };
    AnalysisBackend &m_b;
    std::map<std::int64_t, Message> m_messages;
};

inline std::string queueText(const std::vector<QueueStatusFigures> &rows)
{
    std::string text;
    for (const QueueStatusFigures &r : rows) {
        text += r.topic + "/" + r.status + " " + std::to_string(r.messages) + " "
                + std::to_string(r.payloadBytes) + " " + std::to_string(r.oldestEnqueuedAt) + " "
                + (r.oldestFinishedAt ? std::to_string(*r.oldestFinishedAt) : "-") + "\n";
    }
    return text;
}

inline bool hasRule(const KeySpaceReport &report, const std::string &rule)
{
    for (const KeySpaceFinding &finding : keySpaceFindings(report)) {
        if (finding.rule == rule)
            return true;
    }
    return false;
}

// Every status in topics of their own and several in one topic; each group's messages, payload
// bytes and oldest times equal the test's count. Then the dead letters age on the store's clock:
// exactly 7 days is no finding, a millisecond more is one, for that topic only.
inline void queueSection(AnalysisBackend &b)
{
    QueueModel model(b);
    // Empty queue: the section is there, without rows.
    KeySpaceReport report = analyzeKeySpace(b.store(), {}, optionsFor(b));
    QVERIFY(report.queue.has_value());
    QVERIFY(report.queue->empty());

    for (std::size_t size : {5u, 50u, 500u})
        model.enqueue("due", size);
    model.enqueue("later", 7, 3'600'000);
    model.enqueue("later", 70, 60'000);
    for (std::size_t size : {11u, 12u})
        model.enqueue("busy", size);
    model.dequeueOne("busy", QueueModel::Then::Keep);
    model.dequeueOne("busy", QueueModel::Then::Keep);
    model.enqueue("failed", 20, 0, 1);
    model.enqueue("failed", 2000, 0, 1);
    model.dequeueOne("failed", QueueModel::Then::Nack);
    model.dequeueOne("failed", QueueModel::Then::Nack);
    // One topic with every status; "mixed\u00e9" sorts after "mixed" byte by byte.
    const std::string mixed = "mixed\xc3\xa9";
    model.enqueue(mixed, 1, 0, 1);
    model.dequeueOne(mixed, QueueModel::Then::Nack);
    model.enqueue(mixed, 2);
    model.dequeueOne(mixed, QueueModel::Then::Ack);
    model.enqueue(mixed, 3);
    model.dequeueOne(mixed, QueueModel::Then::Keep);
    model.enqueue(mixed, 4);
    model.enqueue(mixed, 5, 1000);
    model.enqueue("mixed", 6);

    report = analyzeKeySpace(b.store(), {}, optionsFor(b));
    QVERIFY(report.queue.has_value());
    const std::vector<QueueStatusFigures> expected = model.expected();
    QCOMPARE(expected.size(), std::size_t(10)); // the groups the test made
    QCOMPARE(queueText(*report.queue), queueText(expected));
    QVERIFY(*report.queue == expected);
    QVERIFY(!hasRule(report, "old-dead-letters"));

    // A subtree's report has the same queue section: the queue is the database's.
    KeySpaceRequest subtree;
    subtree.prefix = Key{KeyPart(std::string("nothing here"))};
    QVERIFY(*analyzeKeySpace(b.store(), subtree, optionsFor(b)).queue == expected);

    // The oldest dead letter of "failed" died before the one of mixed: age them to the edge.
    const auto failed = std::find_if(expected.begin(), expected.end(), [](const auto &row) {
        return row.topic == "failed" && row.status == "dead";
    });
    QVERIFY(failed != expected.end() && failed->oldestFinishedAt);
    b.clock->set(*failed->oldestFinishedAt + kOldDeadLetterMs);
    report = analyzeKeySpace(b.store(), {}, optionsFor(b));
    QVERIFY(!hasRule(report, "old-dead-letters"));
    b.clock->advance(1);
    report = analyzeKeySpace(b.store(), {}, optionsFor(b));
    std::vector<std::string> texts;
    for (const KeySpaceFinding &finding : keySpaceFindings(report)) {
        if (finding.rule == "old-dead-letters")
            texts.push_back(finding.text);
    }
    QCOMPARE(texts.size(), std::size_t(1));
    QCOMPARE(texts[0],
             "topic \"failed\" has dead letters older than 7 days: the oldest died 7.0 days ago "
             "(2 dead letters, "
                 + std::to_string(failed->payloadBytes) + " payload bytes); retry or delete them");
}

} // namespace kvs::test
