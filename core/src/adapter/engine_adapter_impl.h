#pragma once

#include <kvs/engine_adapter.h>

#include <utility>

// The definitions of EngineAdapter (kvs/engine_adapter.h), instantiated once per backend in that
// backend's own source file (template class EngineAdapter<...>).
//
// What a Backend provides:
//   using Ops = ...;                        the class whose members are the operations, with the
//                                           contract's names and arguments (declared from
//                                           kvs/sql_adapter_calls.h)
//   static constexpr const char *kName;     backendName()
//   static constexpr bool kRowLocks;        whether lockKeys, getVersionForUpdate and
//                                           insertIfAbsent exist (a concurrent backend's
//                                           transaction)
//   template <auto Op, typename... Args>
//   QFuture<R> run(Access, Args &&...);     runs (ops.*Op)(args...) where the backend runs calls,
//                                           R being what the operation answers
//   migrate(), schemaVersion(), transaction(work), session(work), close(): the backend's own.
namespace kvs::detail {

template <typename B>
EngineAdapter<B>::EngineAdapter(std::unique_ptr<B> backend)
    : m_backend(std::move(backend))
{}

template <typename B>
EngineAdapter<B>::~EngineAdapter() = default;

template <typename B>
QFuture<void> EngineAdapter<B>::migrate()
{
    return m_backend->migrate();
}

template <typename B>
long long EngineAdapter<B>::schemaVersion() const noexcept
{
    return m_backend->schemaVersion();
}

template <typename B>
bool EngineAdapter<B>::hasSkipScanSteps() const
{
    return requires
    {
        &B::Ops::skipScanSteps;
    };
}

template <typename B>
bool EngineAdapter<B>::supportsRowLocks() const
{
    return B::kRowLocks;
}

template <typename B>
QFuture<void> EngineAdapter<B>::transaction(std::function<void(SqlAdapter &tx)> work)
{
    return m_backend->transaction(std::move(work));
}

template <typename B>
QFuture<void> EngineAdapter<B>::session(std::function<void(SqlAdapter &s)> work)
{
    return m_backend->session(std::move(work));
}

template <typename B>
QFuture<void> EngineAdapter<B>::close()
{
    return m_backend->close();
}

template <typename B>
const char *EngineAdapter<B>::backendName() const
{
    return B::kName;
}

// Each call of kvs/sql_adapter_calls.h: Backend::run of the Ops member of its name, where the
// backend has it (an Extra call where Ops declares it, a RowLock call where kRowLocks), else
// SqlAdapter's default.
#define KVS_ENGINE_HAS_Required(name) true
#define KVS_ENGINE_HAS_Defaulted(name) true
#define KVS_ENGINE_HAS_Optional(name) true
#define KVS_ENGINE_HAS_Extra(name) \
    requires \
    { \
        &B::Ops::name; \
    }
#define KVS_ENGINE_HAS_RowLock(name) B::kRowLocks
#define KVS_SQL_CALL(kind, access, Answer, name, ...) \
    template <typename B> \
    QFuture<Answer> EngineAdapter<B>::name(KVS_SQL_EACH(KVS_SQL_PARAM, __VA_ARGS__)) \
    { \
        if constexpr (KVS_ENGINE_HAS_##kind(name)) \
            return m_backend->template run<&B::Ops::name>( \
                Access::access __VA_OPT__(, ) KVS_SQL_EACH(KVS_SQL_MOVE, __VA_ARGS__)); \
        else \
            return SqlAdapter::name(KVS_SQL_EACH(KVS_SQL_MOVE, __VA_ARGS__)); \
    }
#include <kvs/sql_adapter_calls.h>
#undef KVS_ENGINE_HAS_Required
#undef KVS_ENGINE_HAS_Defaulted
#undef KVS_ENGINE_HAS_Optional
#undef KVS_ENGINE_HAS_Extra
#undef KVS_ENGINE_HAS_RowLock

} // namespace kvs::detail
