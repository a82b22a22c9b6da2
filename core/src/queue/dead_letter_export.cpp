#include <kvs/async_kvstore.h>
#include <kvs/dead_letter_export.h>
#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/sweep_control.h>

#include <QJsonDocument>
#include <QJsonObject>

#include <ostream>

namespace kvs {

namespace {

constexpr std::size_t kPage = 1000; // listDead()'s limit

QString text(const std::string &s)
{
    return QString::fromStdString(s);
}

void check(const std::ostream &out)
{
    if (!out)
        throw Error("kvs: cannot write the export (the output stream failed)");
}

} // namespace

std::string deadLetterJsonLine(const QueueDeadMessage &m)
{
    const QJsonObject line{
        {QStringLiteral("id"), double(m.id)},
        {QStringLiteral("topic"), text(m.topic)},
        {QStringLiteral("payload"), text(printLiteral(m.payload))},
        {QStringLiteral("enqueuedAt"), double(m.enqueuedAt)},
        {QStringLiteral("deliverAt"), double(m.deliverAt)},
        {QStringLiteral("attempts"), double(m.attempts)},
        {QStringLiteral("maxAttempts"), double(m.maxAttempts)},
        {QStringLiteral("lastError"),
         m.lastError ? QJsonValue(text(*m.lastError)) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("failedAt"), double(m.failedAt)},
    };
    return QJsonDocument(line).toJson(QJsonDocument::Compact).toStdString();
}

DeadLetterExportResult exportDeadLetters(AsyncKVStore &store,
                                         const std::string &topic,
                                         const DeadLetterFilter &filter,
                                         std::ostream &out,
                                         SweepControl *control,
                                         const std::function<void(std::int64_t)> &onProgress)
{
    DeadLetterExportResult result;
    std::int64_t after = 0;
    std::string chunk;
    for (;;) {
        if (control && !control->waitWhilePaused()) {
            result.cancelled = true;
            break;
        }
        const std::vector<QueueDeadMessage> page
            = store.listDead(topic, ListDeadOptions{double(kPage), double(after)}).result();
        chunk.clear();
        for (const QueueDeadMessage &message : page) {
            ++result.scanned;
            if (!filter.matches(message))
                continue;
            chunk += deadLetterJsonLine(message);
            chunk += '\n';
            result.ids.push_back(message.id);
        }
        out.write(chunk.data(), std::streamsize(chunk.size()));
        check(out);
        if (onProgress)
            onProgress(std::int64_t(result.ids.size()));
        if (page.size() < kPage)
            break;
        after = page.back().id;
    }
    out.flush();
    check(out);
    return result;
}

} // namespace kvs
