#pragma once

#include "store/store_runtime.h"

#include <kvs/sql_adapter.h>

#include <QFuture>

#include <optional>
#include <type_traits>
#include <utility>

// How the store operations (store/kv_ops.h, store/queue_ops.h, ...) are written once for both
// stores. An operation is a small class:
//   static constexpr const char *kName;   the reference's name, for ReadOnlyError's message
//   static constexpr bool kWrites;        whether a read-only store refuses it
//   static constexpr OpKind kKind;        how an AsyncKVStore runs it (below)
//   Op(const StoreRules &, arguments...)  validates and encodes the arguments (the reference's
//                                         TypeError / RangeError, thrown before anything runs)
//   call(S &backend, OpContext &)         asks the backend: S is KVStore's SqliteEngine, whose
//                                         calls answer at once, or a SqlAdapter, whose calls
//                                         answer with futures
//   finish(answer, OpContext &)           turns the answer into the result, and tells the
//                                         watchers and queue listeners what changed
// An operation owns what it keeps, unless it says kBorrows: then it may keep references to its
// constructor's arguments for call() only (never finish()), and must be a Call, whose call() the
// stores run before returning to the caller.
// KVStore runs call() and finish() under its lock; AsyncKVStore runs them as kKind says. The
// .cpp file of an operation's header also defines the public calls of both stores that run it
// (KVStore::get and AsyncKVStore::get in store/kv_ops.cpp), so an operation is found, and added,
// in one place, and AsyncKVStore's instantiations are spread over those files.
namespace kvs::detail {

enum class OpKind {
    // One backend call: call() returns that call's answer (a future on AsyncKVStore, so
    // PostgreSQL sends it in one pipeline with the calls in flight).
    Call,
    // Several calls: call() waits for each (valueOf), so AsyncKVStore runs it inside
    // SqlAdapter::session(), where calls answer at once, on the adapter's thread.
    Session,
    // As Session, inside one transaction; call() may throw Rollback to end it without an error
    // (finish() then gets nullopt).
    Transaction,
};

// Thrown by a Transaction operation's call() to roll back and answer with finish(nullopt).
struct Rollback
{};

template <typename T>
struct IsFuture : std::false_type
{};
template <typename T>
struct IsFuture<QFuture<T>> : std::true_type
{};

// What a backend call answers: T, whether it comes as T or as QFuture<T>.
template <typename T>
struct AnswerOf
{
    using type = T;
};
template <typename T>
struct AnswerOf<QFuture<T>>
{
    using type = T;
};
template <typename T>
using AnswerOfT = typename AnswerOf<std::decay_t<T>>::type;

// A backend call's answer: the value itself from an engine, the (finished) future's result from
// an adapter inside a session or transaction. Rethrows the call's failure.
template <typename T>
AnswerOfT<T> valueOf(T &&answer)
{
    if constexpr (!IsFuture<std::decay_t<T>>::value)
        return std::forward<T>(answer);
    else if constexpr (std::is_void_v<AnswerOfT<T>>)
        answer.waitForFinished(); // rethrows
    else
        return answer.result();
}

// finish()'s result for an operation whose backend call answers Answer.
template <typename Op, typename Answer, bool Transaction, bool Void>
struct FinishResult
{
    using type = decltype(std::declval<Op &>().finish(std::declval<Answer>(),
                                                      std::declval<OpContext &>()));
};
template <typename Op, typename Answer, bool Void>
struct FinishResult<Op, Answer, true, Void>
{
    using type = decltype(std::declval<Op &>().finish(std::declval<std::optional<Answer>>(),
                                                      std::declval<OpContext &>()));
};
template <typename Op, typename Answer>
struct FinishResult<Op, Answer, false, true>
{
    using type = decltype(std::declval<Op &>().finish(std::declval<OpContext &>()));
};

// What an operation answers its caller (finish()'s result), and whether its backend call's
// answer is that result already (kAnswerIsResult: AsyncKVStore returns the adapter's future as
// is, without a continuation of its own).
template <typename Op>
struct OpTraits
{
    using CallAnswer = decltype(std::declval<Op &>().call(std::declval<SqlAdapter &>(),
                                                          std::declval<OpContext &>()));
    using Answer = AnswerOfT<CallAnswer>;
    using Result = typename FinishResult<Op,
                                         Answer,
                                         Op::kKind == OpKind::Transaction,
                                         std::is_void_v<Answer>>::type;
    static constexpr bool kAnswerIsResult = requires { Op::kAnswerIsResult; };
    static constexpr bool kBorrows = requires { Op::kBorrows; };
};

template <typename Op>
using ResultOf = typename OpTraits<Op>::Result;

} // namespace kvs::detail
