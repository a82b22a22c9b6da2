#include "cli/cli_transfer_commands.h"

#include "cli/cli_arguments.h"
#include "cli/cli_output.h"

#include <kvs/async_kvstore.h>
#include <kvs/entry_transfer.h>
#include <kvs/errors.h>

#include <QFile>
#include <QSaveFile>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <ostream>

namespace kvs::cli {

namespace {

const std::string &fileArgument(const CommandContext &context, std::string_view usage)
{
    requireArgumentCount(context, 1, 1, 1, usage);
    return context.args.positionals()[1];
}

[[noreturn]] void failToWrite(const std::string &path, const QString &reason)
{
    throw Error("kvs: cannot write " + jsonQuoted(path) + ": " + reason.toStdString());
}

// The entries to a file, written beside it and renamed over it once complete: a failed export
// leaves an existing file as it was.
TransferResult exportToFile(AsyncKVStore &store, const KeyRange &range, const std::string &path)
{
    QSaveFile file(QFile::decodeName(path.c_str()));
    if (!file.open(QIODevice::WriteOnly))
        failToWrite(path, file.errorString());
    const TransferResult result = exportEntries(store, range, [&](std::string_view lines) {
        if (file.write(lines.data(), static_cast<qint64>(lines.size()))
            != static_cast<qint64>(lines.size()))
            failToWrite(path, file.errorString());
    });
    if (!file.commit())
        failToWrite(path, file.errorString());
    return result;
}

TransferResult exportToStream(AsyncKVStore &store, const KeyRange &range, std::ostream &out)
{
    const TransferResult result = exportEntries(store, range, [&out](std::string_view lines) {
        out.write(lines.data(), static_cast<std::streamsize>(lines.size()));
        if (!out)
            throw Error("kvs: cannot write the export to stdout");
    });
    out.flush();
    return result;
}

// The batches before a malformed line's stay written: say how many entries that was.
[[noreturn]] void rethrowWithCounts(const ImportFormatError &error)
{
    const std::string message = error.what();
    const bool tooLong = message.ends_with("the import's limit");
    throw Error(message + (tooLong ? " (--max-line-bytes raises it; " : " (")
                + "nothing of its batch was written; imported " + std::to_string(error.imported())
                + ", skipped " + std::to_string(error.skipped()) + " before it)");
}

TransferResult
importFrom(const CommandContext &context, AsyncKVStore &store, std::istream &in, ImportMode mode)
{
    TransferOptions options;
    options.maxLineBytes
        = byteSizeOption(context, "--max-line-bytes", TransferOptions::kDefaultMaxLineBytes);
    try {
        return importEntries(store, in, mode, options);
    } catch (const ImportFormatError &error) {
        rethrowWithCounts(error);
    }
}

} // namespace

int runExport(const CommandContext &context)
{
    context.args.requireOnly("export", {"--prefix"});
    const std::string &path = fileArgument(context, "export [--prefix KEY] FILE|-");
    requireDb(context);
    const std::optional<Key> prefix = keyOption(context, "--prefix");
    const KeyRange range = prefix ? KeyRange::below(*prefix) : KeyRange::everything();
    const auto store = openStore(context, Access::Read);
    const bool toStdout = path == "-";
    const TransferResult result
        = toStdout ? exportToStream(*store, range, context.out) : exportToFile(*store, range, path);
    // With the entries on stdout, the summary goes to stderr, so the stream stays the file.
    std::ostream &summary = toStdout ? context.err : context.out;
    summary << (context.args.has("--json") ? JsonLine().integer("exported", result.done).text()
                                           : "exported " + std::to_string(result.done))
            << '\n';
    return kExitOk;
}

int runImport(const CommandContext &context)
{
    context.args.requireOnly("import", {"--overwrite", "--max-line-bytes"});
    const std::string &path = fileArgument(context, "import FILE|- [--overwrite]");
    requireDb(context);
    const ImportMode mode
        = context.args.has("--overwrite") ? ImportMode::Overwrite : ImportMode::SkipExisting;
    std::ifstream file;
    if (path != "-") {
        // Opened before the store: a missing file creates no database.
        file.open(path, std::ios::binary);
        if (!file)
            throw Error("kvs: cannot read " + jsonQuoted(path) + ": " + std::strerror(errno));
    }
    const auto store = openStore(context, Access::Write);
    const TransferResult result = importFrom(context, *store, path == "-" ? std::cin : file, mode);
    context.out << (context.args.has("--json")
                        ? JsonLine()
                              .integer("imported", result.done)
                              .integer("skipped", result.skipped)
                              .text()
                        : "imported " + std::to_string(result.done) + ", skipped "
                              + std::to_string(result.skipped))
                << '\n';
    return kExitOk;
}

} // namespace kvs::cli
