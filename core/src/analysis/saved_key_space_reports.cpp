#include <kvs/data_folder.h>
#include <kvs/private_file.h>
#include <kvs/saved_key_space_reports.h>

#include <QJsonDocument>

#include <string_view>
#include <vector>

namespace kvs {

namespace {

constexpr std::string_view kWhat = "the saved analysis reports";
// Read whole: a report is tens of KB at the default caps, so this holds thousands of them.
constexpr std::int64_t kMaxFileBytes = std::int64_t(1) << 30;

// The saved lines of database, in file order.
std::vector<QJsonObject> linesOf(const std::string &database, const std::string &path)
{
    const std::string text = readPrivateFileTail(path, kMaxFileBytes, kWhat);
    std::vector<QJsonObject> lines;
    std::size_t start = 0;
    const QString name = QString::fromStdString(database);
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        const QJsonDocument document = QJsonDocument::fromJson(
            QByteArray::fromRawData(text.data() + start, qsizetype(end - start)));
        if (document.isObject()
            && document.object().value(QStringLiteral("database")).toString() == name)
            lines.push_back(document.object());
        start = end + 1;
    }
    return lines;
}

} // namespace

std::string savedKeySpaceReportsPath()
{
    return dataFilePath("analysis-reports.jsonl");
}

std::int64_t saveKeySpaceReport(const std::string &database,
                                const QJsonObject &report,
                                std::int64_t savedAt,
                                const std::string &path)
{
    std::int64_t id = 1;
    for (const QJsonObject &line : linesOf(database, path))
        id = std::max(id,
                      static_cast<std::int64_t>(line.value(QStringLiteral("id")).toDouble()) + 1);
    QJsonObject line;
    line.insert(QStringLiteral("id"), double(id));
    line.insert(QStringLiteral("database"), QString::fromStdString(database));
    line.insert(QStringLiteral("savedAt"), double(savedAt));
    line.insert(QStringLiteral("report"), report);
    const QByteArray text = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    appendPrivateFile(path, std::string_view(text.constData(), std::size_t(text.size())), kWhat);
    return id;
}

std::optional<QJsonObject>
loadKeySpaceReport(const std::string &database, std::int64_t id, const std::string &path)
{
    std::optional<QJsonObject> found;
    for (const QJsonObject &line : linesOf(database, path)) {
        if (static_cast<std::int64_t>(line.value(QStringLiteral("id")).toDouble()) == id)
            found = line.value(QStringLiteral("report")).toObject();
    }
    return found;
}

std::vector<SavedKeySpaceReport> listKeySpaceReports(const std::string &database,
                                                     const std::string &path)
{
    std::vector<SavedKeySpaceReport> reports;
    for (const QJsonObject &line : linesOf(database, path)) {
        SavedKeySpaceReport saved;
        saved.id = static_cast<std::int64_t>(line.value(QStringLiteral("id")).toDouble());
        saved.savedAt = static_cast<std::int64_t>(line.value(QStringLiteral("savedAt")).toDouble());
        saved.report = line.value(QStringLiteral("report")).toObject();
        reports.push_back(std::move(saved));
    }
    return reports;
}

} // namespace kvs
