#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvs::detail {

// One key a commit changed, as the bytes it wrote (reference "Watch internals"): watchers get
// their entries decoded from these, never re-read. value is nullopt for a tombstone (a delete,
// an expiry cleanup).
struct CommittedChange
{
    std::string key;
    std::optional<std::string> value;
    std::int64_t version = 0;
    std::optional<std::int64_t> expiresAt;
};

using CommittedChanges = std::vector<CommittedChange>;

} // namespace kvs::detail

namespace kvs::detail {

// Where a store's write path reports what it changed. It always notes that something changed
// (every change is a batch for the watch sequence); it keeps the bytes only when some watcher
// exists, so that a write pays nothing for watch support when nothing is watched.
class ChangeSink
{
public:
    explicit ChangeSink(bool collect)
        : m_collect(collect)
    {}

    void note(std::string_view key,
              const std::optional<std::string_view> &value,
              std::int64_t version,
              std::optional<std::int64_t> expiresAt)
    {
        m_changed = true;
        if (m_collect) {
            m_changes.push_back(CommittedChange{
                std::string(key),
                value ? std::optional<std::string>(std::string(*value)) : std::nullopt,
                version,
                expiresAt});
        }
    }

    bool changed() const noexcept { return m_changed; }
    bool collecting() const noexcept { return m_collect; }
    CommittedChanges take() { return std::move(m_changes); }

private:
    bool m_collect;
    bool m_changed = false;
    CommittedChanges m_changes;
};

} // namespace kvs::detail
