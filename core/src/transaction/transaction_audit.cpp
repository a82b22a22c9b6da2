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

AuditRecord atomicAuditRecord(const TransactionSpec &spec, std::string database)
{
    AuditRecord record;
    record.action = "atomic";
    record.database = std::move(database);
    record.filter = operationsOf(spec);
    return record;
}

std::string failedCheckAuditResult(std::size_t index)
{
    return "check " + std::to_string(index + 1) + " failed";
}

} // namespace kvs
