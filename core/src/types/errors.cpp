#include <kvs/errors.h>
#include <kvs/queue_errors.h>

#include <utility>

namespace kvs {

const char *errorKindName(ErrorKind kind) noexcept
{
    switch (kind) {
    case ErrorKind::TypeError:
        return "TypeError";
    case ErrorKind::RangeError:
        return "RangeError";
    case ErrorKind::Error:
        break;
    }
    return "Error";
}

Error::Error(const std::string &message, std::string detail)
    : std::runtime_error(message)
    , m_detail(std::move(detail))
{}

LiteralSyntaxError::LiteralSyntaxError(const std::string &message, std::size_t position)
    : Error(message)
    , m_position(position)
{}

DatabaseError::DatabaseError(const std::string &message, int code, std::string detail)
    : Error(message, std::move(detail))
    , m_code(code)
{}

DatabaseError::DatabaseError(const std::string &message, std::string sqlState, std::string detail)
    : Error(message, std::move(detail))
    , m_sqlState(std::move(sqlState))
{}

ConnectionError::ConnectionError(const std::string &message, Step step, std::string sqlState)
    : DatabaseError(message, std::move(sqlState), {})
    , m_step(step)
{}

SchemaTooNewError::SchemaTooNewError(const std::string &message, long long version)
    : Error(message)
    , m_version(version)
{}

ForeignTableError::ForeignTableError(const std::string &message, std::string table)
    : Error(message)
    , m_table(std::move(table))
{}

SchemaOutdatedError::SchemaOutdatedError(const std::string &message, long long version)
    : Error(message)
    , m_version(version)
{}

NotKvsDatabaseError::NotKvsDatabaseError(const std::string &message, std::string tables)
    : Error(message)
    , m_tables(std::move(tables))
{}

MessageNotDeadError::MessageNotDeadError(const std::string &message,
                                         std::int64_t id,
                                         std::string topic,
                                         std::string status)
    : Error(message)
    , m_id(id)
    , m_topic(std::move(topic))
    , m_status(std::move(status))
{}

} // namespace kvs
