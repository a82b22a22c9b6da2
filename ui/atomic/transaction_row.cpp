#include "atomic/transaction_row.h"

#include <kvs/errors.h>
#include <kvs/literal.h>

#include <QCoreApplication>

#include <cmath>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(TransactionRow)
};

std::string utf8(const QString &text)
{
    return text.toStdString();
}

// A JavaScript number literal (1e3, -0.5, 0x is refused), as the store takes it.
std::optional<double> numberOf(const QString &text)
{
    try {
        const Value value = parseLiteral(utf8(text.trimmed()));
        if (value.isNumber())
            return value.asNumber();
    } catch (const Error &) {
    }
    return std::nullopt;
}

QString numberText(double number)
{
    return QString::fromStdString(printLiteral(Value(number)));
}

// The problem of a literal field, with the parser's message without its "kvs: ".
template <typename Parse>
QString literalProblem(const QString &field, const QString &text, Parse parse)
{
    try {
        (void)parse(utf8(text));
        return {};
    } catch (const Error &error) {
        QString message = QString::fromStdString(error.what());
        if (message.startsWith(QStringLiteral("kvs: ")))
            message.remove(0, 5);
        return Tr::tr("%1: %2").arg(field, message);
    }
}

QString numberProblem(
    const QString &field, const QString &text, bool optional, double minimum, bool integer)
{
    if (optional && text.trimmed().isEmpty())
        return {};
    const std::optional<double> number = numberOf(text);
    if (!number || !std::isfinite(*number))
        return Tr::tr("%1 must be a finite number").arg(field);
    if (*number < minimum)
        return Tr::tr("%1 must be at least %2").arg(field).arg(minimum);
    if (integer && std::trunc(*number) != *number)
        return Tr::tr("%1 must be a whole number").arg(field);
    return {};
}

} // namespace

QString problemOf(const TransactionRow &row)
{
    QString problem;
    if (row.hasKey())
        problem = literalProblem(Tr::tr("Key"), row.key, parseKeyLiteral);
    if (problem.isEmpty() && row.hasValue())
        problem = literalProblem(row.kind == TransactionRow::Kind::Enqueue ? Tr::tr("Payload")
                                                                           : Tr::tr("Value"),
                                 row.value,
                                 parseLiteral);
    if (!problem.isEmpty())
        return problem;
    switch (row.kind) {
    case TransactionRow::Kind::Set:
        return numberProblem(Tr::tr("Expiry (ms)"), row.ttl, true, 0, false);
    case TransactionRow::Kind::Sum:
        return numberProblem(Tr::tr("Delta"), row.delta, false, -INFINITY, false);
    case TransactionRow::Kind::Enqueue:
        if (problem = numberProblem(Tr::tr("Delay (ms)"), row.delay, true, -INFINITY, false);
            !problem.isEmpty())
            return problem;
        return numberProblem(Tr::tr("Max attempts"), row.maxAttempts, true, 1, true);
    case TransactionRow::Kind::Check:
    case TransactionRow::Kind::Delete:
        break;
    }
    return {};
}

Check checkOf(const TransactionRow &row)
{
    return {parseKeyLiteral(utf8(row.key)), row.version};
}

Mutation mutationOf(const TransactionRow &row)
{
    Mutation m{Mutation::Type::Set, {}, {}, 0, {}, {}};
    if (row.hasKey())
        m.key = parseKeyLiteral(utf8(row.key));
    if (row.hasValue())
        m.value = parseLiteral(utf8(row.value));
    switch (row.kind) {
    case TransactionRow::Kind::Check:
        throw Error("kvs: a check is no mutation");
    case TransactionRow::Kind::Set:
        if (!row.ttl.trimmed().isEmpty())
            m.options.ttl = numberOf(row.ttl);
        break;
    case TransactionRow::Kind::Delete:
        m.type = Mutation::Type::Delete;
        break;
    case TransactionRow::Kind::Sum:
        m.type = Mutation::Type::Sum;
        m.delta = numberOf(row.delta).value_or(NAN);
        break;
    case TransactionRow::Kind::Enqueue:
        m.type = Mutation::Type::Enqueue;
        if (!row.topic.isEmpty())
            m.queue.topic = utf8(row.topic);
        if (!row.delay.trimmed().isEmpty())
            m.queue.delay = numberOf(row.delay).value_or(NAN);
        if (!row.maxAttempts.trimmed().isEmpty())
            m.queue.maxAttempts = numberOf(row.maxAttempts).value_or(NAN);
        break;
    }
    return m;
}

TransactionRow rowOf(const Check &check)
{
    TransactionRow row;
    row.key = QString::fromStdString(printKeyLiteral(check.key));
    row.version = check.version;
    return row;
}

TransactionRow rowOf(const Mutation &mutation)
{
    TransactionRow row;
    if (mutation.type != Mutation::Type::Enqueue)
        row.key = QString::fromStdString(printKeyLiteral(mutation.key));
    switch (mutation.type) {
    case Mutation::Type::Set:
        row.kind = TransactionRow::Kind::Set;
        row.value = QString::fromStdString(printLiteral(mutation.value));
        if (mutation.options.ttl)
            row.ttl = numberText(*mutation.options.ttl);
        break;
    case Mutation::Type::Delete:
        row.kind = TransactionRow::Kind::Delete;
        break;
    case Mutation::Type::Sum:
        row.kind = TransactionRow::Kind::Sum;
        row.delta = numberText(mutation.delta);
        break;
    case Mutation::Type::Enqueue:
        row.kind = TransactionRow::Kind::Enqueue;
        row.value = QString::fromStdString(printLiteral(mutation.value));
        row.topic = QString::fromStdString(mutation.queue.topic);
        row.delay = numberText(mutation.queue.delay);
        row.maxAttempts = numberText(mutation.queue.maxAttempts);
        break;
    }
    return row;
}

} // namespace kvs::ui
