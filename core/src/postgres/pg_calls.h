#pragma once

#include "postgres/pg_names.h"
#include "postgres/pg_statements.h"

#include <kvs/sql_adapter.h>

#include <exception>
#include <functional>

namespace kvs::detail {

// One store operation on PostgreSQL as data: a prepared statement, its parameters and how to
// read its answer, so the pool (pg_workers.h) can send it in one pipeline with the calls in
// flight and a transaction can run it at once. An operation of several statements (or none)
// sets session instead: work with a connection to itself.
template <typename T>
struct PgCall
{
    const PqStatement *statement = nullptr;
    PqParams params;
    std::function<T(const PqResult &)> parse;
    // Rewrites a failure (e.g. the NUMERIC cast errors into the kvs TypeError); may be empty.
    std::function<std::exception_ptr(std::exception_ptr)> mapError;
    std::function<T(PqConnection &)> session;
};

// The PostgreSQL backend's operations, one member per store operation with the SqlAdapter
// contract's names and arguments (run by EngineAdapter through pg_backends.h): the SQL of each is
// written once here, whether it goes out in a pipeline or inside a transaction.
//
// Thread rule: safe from any thread (it only builds calls).
class PgCalls
{
public:
    PgCalls(PgStatements &statements, const PgNames &names)
        : m_s(statements)
        , m_names(names)
    {}

private:
    // The stats; with endingBy (the projected statements) the leases ending by then too.
    PgCall<std::vector<QueueStats>> readQueueStats(const PqStatement &statement,
                                                   std::optional<std::string> topic,
                                                   std::int64_t now,
                                                   std::optional<std::int64_t> endingBy);
    PgCall<std::vector<KvRow>>
    list(bool ascending, std::string start, std::string end, std::int64_t now, std::int64_t limit);

    PgStatements &m_s;      // Not owned.
    const PgNames &m_names; // Not owned.

public:
    // Every call of kvs/sql_adapter_calls.h, with the list's parameters; what PostgreSQL does
    // its own way is said beside each definition.
#define KVS_SQL_CALL(kind, access, Answer, name, ...) \
    PgCall<Answer> name(KVS_SQL_EACH(KVS_SQL_PARAM, __VA_ARGS__));
#include <kvs/sql_adapter_calls.h>
};

// Runs one call on a connection and returns its answer (or throws its mapped error).
template <typename T>
T runCall(PqConnection &connection, const PgCall<T> &call)
{
    if (call.session)
        return call.session(connection);
    try {
        return call.parse(connection.run(*call.statement, call.params));
    } catch (...) {
        if (call.mapError)
            std::rethrow_exception(call.mapError(std::current_exception()));
        throw;
    }
}

} // namespace kvs::detail
