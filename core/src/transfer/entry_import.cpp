#include "transfer/batch_writer.h"
#include "transfer/import_line.h"
#include "transfer/transfer_support.h"

#include <kvs/async_kvstore.h>

#include <cerrno>
#include <cstring>
#include <istream>
#include <vector>

namespace kvs {

ImportFormatError::ImportFormatError(std::int64_t line,
                                     const std::string &problem,
                                     std::int64_t imported,
                                     std::int64_t skipped)
    : Error("kvs: import line " + std::to_string(line) + ": " + problem)
    , m_line(line)
    , m_imported(imported)
    , m_skipped(skipped)
{}

namespace {

constexpr std::string_view kByteOrderMark = "\xef\xbb\xbf";

bool isBlank(std::string_view line)
{
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

enum class LineRead { Line, End, TooLong };

// The next line of in, without its newline, read a byte at a time from the stream's buffer so
// that a line over maxBytes is never held whole (std::getline would read a 2 GB line into
// memory before anyone could look at its length).
LineRead readLine(std::istream &in, std::string &line, std::int64_t maxBytes)
{
    using Traits = std::istream::traits_type;
    line.clear();
    std::streambuf *buffer = in.rdbuf();
    bool any = false;
    while (true) {
        const Traits::int_type c = buffer->sbumpc();
        if (Traits::eq_int_type(c, Traits::eof()))
            return any ? LineRead::Line : LineRead::End;
        any = true;
        if (Traits::to_char_type(c) == '\n')
            return LineRead::Line;
        if (std::int64_t(line.size()) >= maxBytes)
            return LineRead::TooLong;
        line.push_back(Traits::to_char_type(c));
    }
}

} // namespace

TransferResult importEntries(AsyncKVStore &store,
                             std::istream &in,
                             ImportMode mode,
                             const TransferOptions &options,
                             long long maxKeySize)
{
    const auto batchSize = static_cast<std::size_t>(detail::batchSizeOf(options));
    detail::requireWritable(store, "import");
    detail::BatchWriter writer(detail::openedAdapter(store), mode);
    TransferProgress progress;
    std::vector<detail::ImportRow> batch;
    batch.reserve(batchSize);
    std::int64_t expired = 0; // of the batch being read: skipped once the batch is written
    std::int64_t lineNumber = 0;
    std::int64_t now = detail::nowOf(options); // read again for each batch
    std::string line;
    const auto flush = [&] {
        writer.write(batch, now, progress, options.skippedKeys, options.beforeOverwrite);
        progress.skipped += expired;
        batch.clear();
        expired = 0;
        now = detail::nowOf(options);
        return detail::reportProgress(options, progress);
    };
    LineRead read;
    while ((read = readLine(in, line, options.maxLineBytes)) != LineRead::End) {
        ++lineNumber;
        if (read == LineRead::TooLong) {
            throw ImportFormatError(lineNumber,
                                    "the line is longer than "
                                        + std::to_string(options.maxLineBytes)
                                        + " bytes, the import's limit",
                                    progress.done,
                                    progress.skipped);
        }
        if (lineNumber == 1 && line.starts_with(kByteOrderMark))
            line.erase(0, kByteOrderMark.size());
        if (isBlank(line))
            continue;
        detail::ImportRow row;
        try {
            row = detail::parseImportLine(line, maxKeySize);
        } catch (const detail::ImportLineProblem &problem) {
            throw ImportFormatError(lineNumber, problem.what(), progress.done, progress.skipped);
        }
        if (row.expiresAt && *row.expiresAt <= now) {
            ++expired;
            continue;
        }
        batch.push_back(std::move(row));
        if (batch.size() == batchSize && !flush())
            return {progress.done, progress.skipped, true};
    }
    if (in.bad())
        throw Error(std::string("kvs: cannot read the import: ") + std::strerror(errno));
    if (!batch.empty() || expired > 0)
        flush();
    return {progress.done, progress.skipped, false};
}

} // namespace kvs
