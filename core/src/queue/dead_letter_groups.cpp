#include <kvs/async_kvstore.h>
#include <kvs/dead_letter_groups.h>

#include <algorithm>

namespace kvs {

void DeadLetterGrouper::add(const QueueDeadMessage &message)
{
    ++m_total;
    const std::string text
        = message.lastError ? errorSignatureText(*message.lastError) : std::string();
    auto [it, isNew] = m_groups.try_emplace(text);
    DeadLetterGroup &group = it->second;
    if (isNew) {
        group.signature.text = text;
        group.firstFailedAt = group.lastFailedAt = message.failedAt;
        group.minAttempts = group.maxAttempts = message.attempts;
        group.exampleId = message.id;
        group.exampleError = message.lastError;
    } else {
        group.firstFailedAt = std::min(group.firstFailedAt, message.failedAt);
        group.minAttempts = std::min(group.minAttempts, message.attempts);
        group.maxAttempts = std::max(group.maxAttempts, message.attempts);
        if (message.failedAt >= group.lastFailedAt) {
            group.lastFailedAt = message.failedAt;
            group.exampleId = message.id;
            group.exampleError = message.lastError;
        }
    }
    ++group.count;
}

std::vector<DeadLetterGroup> DeadLetterGrouper::groups() const
{
    std::vector<DeadLetterGroup> groups;
    groups.reserve(m_groups.size());
    for (const auto &[text, group] : m_groups) {
        groups.push_back(group);
        // The id once per group, not per message: a hash per message would double the cost.
        groups.back().signature.id = errorSignatureId(text);
    }
    std::sort(groups.begin(), groups.end(), [](const DeadLetterGroup &a, const DeadLetterGroup &b) {
        if (a.count != b.count)
            return a.count > b.count;
        return a.signature.text < b.signature.text;
    });
    return groups;
}

DeadLetterGroups groupDeadLetters(AsyncKVStore &store, const DeadLetterGroupsOptions &options)
{
    constexpr double kPage = 1000; // listDead()'s limit
    DeadLetterGrouper grouper;
    DeadLetterGroups result;
    const bool everyOne = options.filter.isEmpty();
    double after = 0;
    for (;;) {
        if (options.cancel && options.cancel->load()) {
            result.cancelled = true;
            break;
        }
        const std::vector<QueueDeadMessage> page
            = store.listDead(options.topic, {kPage, after, ExpiredLeases::Project}).result();
        for (const QueueDeadMessage &message : page) {
            ++result.scanned;
            if (everyOne || options.filter.matches(message))
                grouper.add(message);
        }
        if (options.onProgress)
            options.onProgress(result.scanned);
        if (page.size() < std::size_t(kPage))
            break;
        after = double(page.back().id);
    }
    result.groups = grouper.groups();
    result.total = grouper.total();
    return result;
}

} // namespace kvs
