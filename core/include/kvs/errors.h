#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

/// The core's error hierarchy (STYLE.md 8). The reference's JavaScript error kinds map to
/// kvs::Error (Error), kvs::TypeError and kvs::RangeError; every message keeps the reference's
/// text, starting with "kvs: ". The infrastructure kinds below derive from kvs::Error, so a caller
/// that only knows the reference catches them as Error; they exist where a caller reacts
/// differently (refuse a newer database, offer a migration, reconnect, ask to allow writes).
namespace kvs {

/// The JavaScript kind of an error, as the reference names it.
enum class ErrorKind { Error, TypeError, RangeError };

/// Returns "Error", "TypeError" or "RangeError".
const char *errorKindName(ErrorKind kind) noexcept;

/// Base of every error the core throws. what() is the user-facing message; detail() carries the
/// backend detail (SQLite extended code and statement, SQLSTATE) for logs and a details pane.
class Error : public std::runtime_error
{
public:
    explicit Error(const std::string &message, std::string detail = {});
    virtual ErrorKind kind() const noexcept { return ErrorKind::Error; }
    const std::string &detail() const noexcept { return m_detail; }

private:
    std::string m_detail;
};

/// The reference's TypeError: a value of the wrong type or shape (a key part, a list bound).
class TypeError : public Error
{
public:
    using Error::Error;
    ErrorKind kind() const noexcept override { return ErrorKind::TypeError; }
};

/// The reference's RangeError: a number outside its allowed range (limit, ttl, key size).
class RangeError : public Error
{
public:
    using Error::Error;
    ErrorKind kind() const noexcept override { return ErrorKind::RangeError; }
};

/// A literal (key or value syntax) that does not parse. position() is the 0-based byte offset in
/// the input where the problem was found; the message names it and what was expected.
class LiteralSyntaxError : public Error
{
public:
    LiteralSyntaxError(const std::string &message, std::size_t position);
    std::size_t position() const noexcept { return m_position; }

private:
    std::size_t m_position;
};

/// A database engine failure (SQLite or PostgreSQL). code() is the SQLite extended result code
/// (0 on PostgreSQL); sqlState() is PostgreSQL's SQLSTATE ("" on SQLite). detail() carries the
/// statement and the server's detail.
class DatabaseError : public Error
{
public:
    DatabaseError(const std::string &message, int code, std::string detail = {});
    DatabaseError(const std::string &message, std::string sqlState, std::string detail);
    int code() const noexcept { return m_code; }
    const std::string &sqlState() const noexcept { return m_sqlState; }

private:
    int m_code = 0;
    std::string m_sqlState;
};

/// The database server cannot be reached or the connection broke: retrying later can work, and a
/// pool discards the connection. step() says where it failed, for the message a user sees;
/// Timeout: the server did not answer a call within the client's deadline (timeout_ms).
class ConnectionError : public DatabaseError
{
public:
    enum class Step { Resolve, Connect, Tls, Authenticate, Database, Lost, Timeout };
    ConnectionError(const std::string &message, Step step, std::string sqlState = {});
    Step step() const noexcept { return m_step; }

private:
    Step m_step;
};

/// The database stayed locked by another connection past busy_timeout: retrying later can work.
class BusyError : public DatabaseError
{
public:
    using DatabaseError::DatabaseError;
};

/// The database's schema is newer than this release supports; it was left untouched.
class SchemaTooNewError : public Error
{
public:
    SchemaTooNewError(const std::string &message, long long version);
    long long version() const noexcept { return m_version; }

private:
    long long m_version;
};

/// A table that kvs needs exists but is not a kvs table (an application's own "queue", say).
/// Nothing was altered. table() is the table name as written in SQL.
class ForeignTableError : public Error
{
public:
    ForeignTableError(const std::string &message, std::string table);
    const std::string &table() const noexcept { return m_table; }

private:
    std::string m_table;
};

/// The schema is older than this release and the store was opened without migrating it (a
/// read-only open, or a caller that did not consent). Reads work where the tables allow.
class SchemaOutdatedError : public Error
{
public:
    SchemaOutdatedError(const std::string &message, long long version);
    long long version() const noexcept { return m_version; }

private:
    long long m_version;
};

/// A read-only open found no kvs tables: the file is not a kvs database (or not yet one).
/// tables() lists the tables it does have, comma-separated, for the message a user sees.
class NotKvsDatabaseError : public Error
{
public:
    NotKvsDatabaseError(const std::string &message, std::string tables);
    const std::string &tables() const noexcept { return m_tables; }

private:
    std::string m_tables;
};

/// A write was attempted on a store opened read-only.
class ReadOnlyError : public Error
{
public:
    using Error::Error;
};

/// An operation was attempted after close().
class ClosedError : public Error
{
public:
    using Error::Error;
};

} // namespace kvs
