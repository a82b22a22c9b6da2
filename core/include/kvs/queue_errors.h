#pragma once

#include <kvs/errors.h>

#include <cstdint>
#include <string>

/// Errors of the operator actions on queue messages (not in the reference), beside the core's
/// hierarchy in kvs/errors.h.
namespace kvs {

/// An operator action on one dead message found it in another status: it was retried meanwhile
/// (then perhaps leased by a consumer, or done). Nothing was written. status() is the status it
/// has now: "pending" (due or delayed), "processing" or "done". kind() is Error.
class MessageNotDeadError : public Error
{
public:
    MessageNotDeadError(const std::string &message,
                        std::int64_t id,
                        std::string topic,
                        std::string status);
    std::int64_t id() const noexcept { return m_id; }
    const std::string &topic() const noexcept { return m_topic; }
    const std::string &status() const noexcept { return m_status; }

private:
    std::int64_t m_id;
    std::string m_topic;
    std::string m_status;
};

} // namespace kvs
