#include "cli/cli_atomic_command.h"

#include "cli/cli_arguments.h"
#include "cli/cli_interrupt.h"
#include "cli/cli_output.h"
#include "cli/command_context.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/literal.h>
#include <kvs/transaction_json.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iostream>
#include <ostream>

namespace kvs::cli {

namespace {

// getMany's limit: a dry run reads the checked keys in batches of this many.
constexpr std::size_t kReadBatch = 1000;

// The default of --max-document-bytes.
constexpr std::int64_t kDefaultMaxDocumentBytes = 64 * 1024 * 1024;

// The document of path (or stdin), read up to maxBytes: a longer one is refused before it is
// held in memory whole.
std::string readDocument(const std::string &path, std::int64_t maxBytes)
{
    std::ifstream file;
    if (path != "-") {
        file.open(path, std::ios::binary);
        if (!file)
            throw Error("kvs: cannot read " + jsonQuoted(path) + ": " + std::strerror(errno));
    }
    std::istream &in = path == "-" ? std::cin : file;
    std::string text;
    char chunk[65536];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        text.append(chunk, std::size_t(in.gcount()));
        if (std::int64_t(text.size()) > maxBytes) {
            throw Error("kvs: the transaction document is longer than " + std::to_string(maxBytes)
                        + " bytes, the limit (--max-document-bytes raises it)");
        }
    }
    if (in.bad())
        throw Error("kvs: cannot read " + jsonQuoted(path) + ": " + std::strerror(errno));
    return text;
}

TransactionSpec readTransaction(const CommandContext &context, const std::string &path)
{
    const std::string text = readDocument(
        path, byteSizeOption(context, "--max-document-bytes", kDefaultMaxDocumentBytes));
    TransactionLimits limits;
    if (const std::optional<double> most = numberOption(context, "--max-mutations")) {
        if (!(*most >= 1 && *most <= 1e9 && *most == std::floor(*most)))
            throw UsageError("kvs: --max-mutations needs an integer >= 1, got "
                             + jsonQuoted(*context.args.value("--max-mutations")));
        limits.maxEntries = static_cast<std::size_t>(*most);
    }
    try {
        return parseTransactionJson(text, limits);
    } catch (const Error &error) {
        const std::string message = error.what();
        if (message.ends_with(", the limit"))
            throw Error(message + " (--max-mutations raises it)");
        throw;
    }
}

std::string expectedText(const Check &check)
{
    return check.version ? "version " + std::to_string(*check.version) : "must not exist";
}

std::string foundText(const std::optional<Entry> &entry)
{
    return entry ? "version " + std::to_string(entry->version) : "absent";
}

// The first check the current entries fail, if any: what a commit now would decide.
std::optional<std::size_t> firstFailing(const std::vector<Check> &checks,
                                        const std::vector<std::optional<Entry>> &entries)
{
    for (std::size_t i = 0; i < checks.size(); ++i) {
        const std::optional<std::int64_t> found
            = entries[i] ? std::optional<std::int64_t>(entries[i]->version) : std::nullopt;
        if (found != checks[i].version)
            return i;
    }
    return std::nullopt;
}

std::vector<std::optional<Entry>> readChecked(AsyncKVStore &store, const std::vector<Check> &checks)
{
    std::vector<std::optional<Entry>> entries;
    entries.reserve(checks.size());
    for (std::size_t start = 0; start < checks.size(); start += kReadBatch) {
        std::vector<Key> keys;
        for (std::size_t i = start; i < std::min(checks.size(), start + kReadBatch); ++i)
            keys.push_back(checks[i].key);
        for (std::optional<Entry> &entry : store.getMany(keys).result())
            entries.push_back(std::move(entry));
    }
    return entries;
}

// Names the failed check: "failed: check 1 ["b"] (expected version 1025)", and for a dry run
// what the key holds now. --json: {"ok": false, "failedCheck": INDEX} (plus "dryRun": true).
int printFailedCheck(const CommandContext &context,
                     const Check &check,
                     std::size_t index,
                     const std::optional<std::optional<Entry>> &dryRunFound)
{
    if (context.args.has("--json")) {
        JsonLine line;
        line.raw("ok", "false").integer("failedCheck", static_cast<std::int64_t>(index));
        if (dryRunFound)
            line.raw("dryRun", "true");
        context.out << line.text() << '\n';
        return kExitCheckFailed;
    }
    context.out << (dryRunFound ? "would fail: check " : "failed: check ") << index << ' '
                << printKeyLiteral(check.key) << " (expected " << expectedText(check);
    if (dryRunFound)
        context.out << ", found " << foundText(*dryRunFound);
    context.out << ")\n";
    return kExitCheckFailed;
}

int runDryRun(const CommandContext &context, const TransactionSpec &spec)
{
    const auto store = openStore(context, Access::Read);
    const std::vector<std::optional<Entry>> entries = readChecked(*store, spec.checks);
    if (const std::optional<std::size_t> failing = firstFailing(spec.checks, entries))
        return printFailedCheck(context, spec.checks[*failing], *failing, entries[*failing]);
    if (context.args.has("--json"))
        context.out << JsonLine().raw("ok", "true").raw("dryRun", "true").text() << '\n';
    else
        context.out << "would commit: " << spec.checks.size() << " checks pass, "
                    << spec.mutations.size() << " mutations (nothing written)\n";
    return kExitOk;
}

} // namespace

int runAtomic(const CommandContext &context)
{
    context.args.requireOnly(
        "atomic", {"--dry-run", "--no-audit", "--max-document-bytes", "--max-mutations"});
    requireArgumentCount(context, 1, 1, 1, "atomic FILE|- [--dry-run]");
    requireDb(context);
    const std::string &path = context.args.positionals()[1];
    const TransactionSpec spec = readTransaction(context, path);
    if (context.args.has("--dry-run"))
        return runDryRun(context, spec);

    const auto store = openStore(context, Access::Write);
    const InterruptScope interrupt;
    const auto checks = std::int64_t(spec.checks.size());
    const auto mutations = std::int64_t(spec.mutations.size());
    AuditedAction audit = startAudit(context, atomicAuditRecord(spec, {}), mutations);
    AsyncAtomicOperation operation = store->atomic();
    CommitResult result;
    try {
        result = addTransaction(operation, spec).commit().result();
    } catch (const std::exception &error) {
        endAudit(context, audit, AuditOutcome::Failed, checks, 0, error.what());
        throw;
    }
    int code = kExitOk;
    if (!result.ok) {
        // The store names the check for every commit that answers ok: false.
        const std::size_t index = result.failedCheck.value_or(0);
        endAudit(context, audit, AuditOutcome::Failed, checks, 0, failedCheckAuditResult(index));
        code = printFailedCheck(context, spec.checks.at(index), index, std::nullopt);
    } else {
        endAudit(context, audit, AuditOutcome::Done, checks, mutations);
        if (context.args.has("--json")) {
            context.out << JsonLine().raw("ok", "true").integer("version", result.version).text()
                        << '\n';
        } else {
            context.out << result.version << '\n';
        }
    }
    if (interrupt.interrupted()) {
        context.err << "kvs: interrupted by " << interrupt.signalName()
                    << " (the commit finished; the audit log records it)\n";
        return interrupt.exitCode();
    }
    return code;
}

} // namespace kvs::cli
