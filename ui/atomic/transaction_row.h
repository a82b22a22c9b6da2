#pragma once

#include <kvs/transaction_json.h>

#include <QString>

#include <optional>

namespace kvs::ui {

// One line of the transaction editor as the user typed it: the literals and numbers are text
// until the transaction is built, so a half-typed key stays on screen with its problem beside
// it. A value type.
struct TransactionRow
{
    enum class Kind { Check, Set, Delete, Sum, Enqueue };

    Kind kind = Kind::Check;
    QString key;                   // Check, Set, Delete, Sum: a key literal
    QString value;                 // Set: the value literal; Enqueue: the payload literal
    std::optional<qint64> version; // Check: the versionstamp; nullopt: must not exist
    QString ttl;                   // Set: ms, empty for none
    QString delta;                 // Sum
    QString topic;                 // Enqueue, empty for "default"
    QString delay;                 // Enqueue: ms, empty for 0
    QString maxAttempts;           // Enqueue, empty for 3

    bool hasKey() const { return kind != Kind::Enqueue; }
    bool hasValue() const { return kind == Kind::Set || kind == Kind::Enqueue; }
};

// What is wrong with row, translated, naming the field ("Key: expected ',' or ']' at position
// 4"); empty when the row builds. The store's own range rules (a negative ttl, maxAttempts
// below 1, a non-finite delta) are checked here too, so Commit is offered only for rows the
// store takes.
[[nodiscard]] QString problemOf(const TransactionRow &row);

// The check or mutation of a row without a problem. Throws kvs::Error otherwise.
[[nodiscard]] Check checkOf(const TransactionRow &row);
[[nodiscard]] Mutation mutationOf(const TransactionRow &row);

// The rows of a loaded document, checks first, in the document's order.
[[nodiscard]] TransactionRow rowOf(const Check &check);
[[nodiscard]] TransactionRow rowOf(const Mutation &mutation);

} // namespace kvs::ui
