#include <kvs/literal.h>
#include <kvs/transaction_json.h>

#include <string>
#include <utility>

namespace kvs {

namespace {

std::string operationsOf(const TransactionSpec &spec)
{
    std::string text;
    const auto add = [&text](const std::string &operation) {
        text += (text.empty() ? "" : "; ") + operation;
    };
    for (const Check &check : spec.checks)
        add("check " + printKeyLiteral(check.key));
    for (const Mutation &m : spec.mutations) {
        std::string operation = mutationTypeName(m.type);
        if (m.type != Mutation::Type::Enqueue)
            operation += " " + printKeyLiteral(m.key);
        add(operation);
    }
    return text;
}

} // namespace

AuditRecord atomicAuditRecord(const TransactionSpec &spec, std::string result)
{
    AuditRecord record;
    record.action = "atomic";
    record.filter = operationsOf(spec);
    record.matched = std::int64_t(spec.checks.size());
    record.changed = result == "ok" ? std::int64_t(spec.mutations.size()) : 0;
    record.result = std::move(result);
    return record;
}

std::string failedCheckAuditResult(std::size_t index)
{
    return "check " + std::to_string(index + 1) + " failed";
}

} // namespace kvs
