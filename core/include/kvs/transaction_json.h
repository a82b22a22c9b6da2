#pragma once

#include <kvs/atomic_operation.h>
#include <kvs/audit_log.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

/// A transaction as a JSON document: what `kvs atomic` runs and the GUI's transaction editor
/// saves and loads. Keys and values are literals (kvs/literal.h) inside JSON strings:
///
///     {"checks": [{"key": "[\"a\"]", "version": 1025}, {"key": "[\"b\"]", "version": null}],
///      "mutations": [{"type": "set", "key": "[\"a\"]", "value": "1", "ttl": 5000},
///                    {"type": "delete", "key": "[\"c\"]"},
///                    {"type": "sum", "key": "[\"n\"]", "delta": 5},
///                    {"type": "enqueue", "value": "\"hi\"", "topic": "emails", "delay": 0,
///                     "maxAttempts": 3}]}
///
/// "checks" and "mutations" may be left out (none). A check's "version" is required: a
/// versionstamp, or null for "the key must not exist". A set's "ttl" and an enqueue's "topic",
/// "delay" and "maxAttempts" are optional, with the reference's defaults. Members not listed
/// here are refused, so a misspelt option is never silently dropped. The numbers' ranges (a
/// negative ttl, a fractional maxAttempts, ...) are the store's to refuse at commit, with the
/// reference's messages. Functions here are pure: safe from any thread.
namespace kvs {

/// The checks and mutations of one atomic commit, in order.
struct TransactionSpec
{
    std::vector<Check> checks;
    std::vector<Mutation> mutations;
};

/// What parseTransactionJson() reads at most: more checks or more mutations than maxEntries (of
/// each) are refused after a count that holds nothing in memory, before the document is read
/// whole (10 million mutations would take gigabytes).
struct TransactionLimits
{
    std::size_t maxEntries = 100000;
};

/// Reads a transaction document. Throws kvs::Error whose message names the path of the bad
/// member, e.g. "kvs: transaction JSON: mutations[1].delta must be a number" or
/// "kvs: transaction JSON: checks[0].key: ..." (the literal's own error after the path),
/// "kvs: transaction JSON: not valid JSON at byte N: <reason>" for text that is no JSON, and
/// "kvs: transaction JSON: mutations holds more than N entries, the limit" (or checks) over
/// limits.maxEntries.
[[nodiscard]] TransactionSpec parseTransactionJson(std::string_view text,
                                                   const TransactionLimits &limits = {});

/// The document of spec, indented, ending with a newline; parseTransactionJson reads it back to
/// an equal spec. Throws kvs::Error "kvs: transaction JSON: mutations[I].NAME is not a finite
/// number" for a NaN or infinite option, which JSON cannot hold.
[[nodiscard]] std::string printTransactionJson(const TransactionSpec &spec);

/// Adds spec's checks and mutations, in order, to an atomic() builder of either store
/// (AtomicOperation or AsyncAtomicOperation) and returns it, ready to commit().
template <typename Builder>
Builder &addTransaction(Builder &builder, const TransactionSpec &spec)
{
    for (const Check &check : spec.checks)
        builder.check(check);
    for (const Mutation &m : spec.mutations) {
        switch (m.type) {
        case Mutation::Type::Set:
            builder.set(m.key, m.value, m.options);
            break;
        case Mutation::Type::Delete:
            builder.remove(m.key);
            break;
        case Mutation::Type::Sum:
            builder.sum(m.key, m.delta);
            break;
        case Mutation::Type::Enqueue:
            builder.enqueue(m.value, m.queue);
            break;
        }
    }
    return builder;
}

/// The name of a mutation type in the document: "set", "delete", "sum" or "enqueue".
[[nodiscard]] const char *mutationTypeName(Mutation::Type type);

/// A commit of spec on database (auditDatabaseName()) as the audit log names it (action
/// "atomic"; kvs atomic and the transaction editor alike): its operations with their keys in
/// order ("check ["a"]; set ["b"]; enqueue"), never a value. Its ended line counts the checks
/// as matched and, when it committed, the mutations as changed.
[[nodiscard]] AuditRecord atomicAuditRecord(const TransactionSpec &spec, std::string database);

/// The audit detail of a commit that failed check index (counted from 0, as
/// CommitResult::failedCheck): "check N failed", N counted from 1 as the editor shows checks.
[[nodiscard]] std::string failedCheckAuditResult(std::size_t index);

} // namespace kvs
