#include <kvs/key_space_findings.h>
#include <kvs/key_space_json.h>
#include <kvs/literal.h>

#include <QJsonArray>

namespace kvs {

namespace {

QString hexOf(const std::string &bytes)
{
    return QString::fromLatin1(QByteArray::fromStdString(bytes).toHex());
}

QString literalOf(const Key &key)
{
    return QString::fromStdString(printKeyLiteral(key));
}

// Counts are written as JSON numbers: exact up to 2^53 entries or bytes.
void putFigures(QJsonObject &object, const KeySpaceFigures &figures)
{
    object.insert(QStringLiteral("entries"), double(figures.entries));
    object.insert(QStringLiteral("keyBytes"), double(figures.keyBytes));
    object.insert(QStringLiteral("valueBytes"), double(figures.valueBytes));
    object.insert(QStringLiteral("bytes"), double(figures.bytes()));
}

QJsonObject figuresJson(const KeySpaceFigures &figures)
{
    QJsonObject object;
    putFigures(object, figures);
    return object;
}

QJsonArray expiryJson(const ExpiryFigures &expiry)
{
    QJsonArray groups;
    for (int g = 0; g < kExpiryGroupCount; ++g) {
        QJsonObject group;
        group.insert(QStringLiteral("group"),
                     QString::fromLatin1(expiryGroupName(static_cast<ExpiryGroup>(g))));
        putFigures(group, expiry[g]);
        groups.append(group);
    }
    return groups;
}

QJsonArray sizesJson(const SizeDistribution &sizes)
{
    QJsonArray buckets;
    for (std::size_t b = 0; b < sizes.counts.size(); ++b) {
        QJsonObject bucket;
        bucket.insert(QStringLiteral("from"), double(SizeDistribution::lowerOf(int(b))));
        bucket.insert(QStringLiteral("to"), double(SizeDistribution::upperOf(int(b))));
        bucket.insert(QStringLiteral("count"), double(sizes.counts[b]));
        buckets.append(bucket);
    }
    return buckets;
}

QJsonObject nodeJson(const KeySpaceNode &node, std::int64_t parentBytes, int level)
{
    QJsonObject object;
    object.insert(QStringLiteral("key"), literalOf(node.key));
    putFigures(object, node.totals);
    // The share of the parent's bytes (the prefix's node: of its own, 1).
    const std::int64_t whole = level == 0 ? node.totals.bytes() : parentBytes;
    object.insert(QStringLiteral("share"),
                  whole > 0 ? double(node.totals.bytes()) / double(whole) : 0.0);
    if (level == 1)
        object.insert(QStringLiteral("expiry"), expiryJson(node.expiry));
    QJsonArray children;
    for (const KeySpaceNode &child : node.children)
        children.append(nodeJson(child, node.totals.bytes(), level + 1));
    object.insert(QStringLiteral("children"), children);
    QJsonObject others = figuresJson(node.others);
    others.insert(QStringLiteral("children"), double(node.othersChildren));
    object.insert(QStringLiteral("others"), others);
    QJsonArray byEntries;
    for (const auto &[key, figures] : node.topByEntries) {
        QJsonObject top = figuresJson(figures);
        top.insert(QStringLiteral("key"), literalOf(key));
        byEntries.append(top);
    }
    object.insert(QStringLiteral("topByEntries"), byEntries);
    return object;
}

QJsonValue optionalNumber(const std::optional<std::int64_t> &n)
{
    return n ? QJsonValue(double(*n)) : QJsonValue();
}

QJsonArray queueJson(const std::vector<QueueStatusFigures> &queue)
{
    QJsonArray rows;
    for (const QueueStatusFigures &figures : queue) {
        QJsonObject row;
        row.insert(QStringLiteral("topic"), QString::fromStdString(figures.topic));
        row.insert(QStringLiteral("status"), QString::fromStdString(figures.status));
        row.insert(QStringLiteral("messages"), double(figures.messages));
        row.insert(QStringLiteral("payloadBytes"), double(figures.payloadBytes));
        row.insert(QStringLiteral("oldestEnqueuedAt"), double(figures.oldestEnqueuedAt));
        row.insert(QStringLiteral("oldestFinishedAt"), optionalNumber(figures.oldestFinishedAt));
        rows.append(row);
    }
    return rows;
}

QJsonObject storageJson(const StorageFigures &storage)
{
    QJsonObject json;
    if (storage.sqlite) {
        const SqliteStorageFigures &file = *storage.sqlite;
        QJsonObject sqlite;
        sqlite.insert(QStringLiteral("path"), QString::fromStdString(file.path));
        sqlite.insert(QStringLiteral("fileBytes"), double(file.fileBytes));
        sqlite.insert(QStringLiteral("pageSize"), double(file.pageSize));
        sqlite.insert(QStringLiteral("pageCount"), double(file.pageCount));
        sqlite.insert(QStringLiteral("databaseBytes"), double(file.databaseBytes()));
        sqlite.insert(QStringLiteral("freePages"), double(file.freePages));
        sqlite.insert(QStringLiteral("freeBytes"), double(file.freeBytes()));
        sqlite.insert(QStringLiteral("walBytes"), double(file.walBytes));
        json.insert(QStringLiteral("sqlite"), sqlite);
    }
    if (!storage.tables.empty()) {
        QJsonArray tables;
        for (const PgTableFigures &figures : storage.tables) {
            QJsonObject table;
            table.insert(QStringLiteral("table"), QString::fromStdString(figures.table));
            table.insert(QStringLiteral("tableBytes"), double(figures.tableBytes));
            table.insert(QStringLiteral("indexBytes"), double(figures.indexBytes));
            table.insert(QStringLiteral("toastBytes"), double(figures.toastBytes));
            table.insert(QStringLiteral("totalBytes"), double(figures.totalBytes));
            table.insert(QStringLiteral("liveTuples"), optionalNumber(figures.liveTuples));
            table.insert(QStringLiteral("deadTuples"), optionalNumber(figures.deadTuples));
            table.insert(QStringLiteral("lastVacuum"), optionalNumber(figures.lastVacuum));
            table.insert(QStringLiteral("lastAutovacuum"), optionalNumber(figures.lastAutovacuum));
            table.insert(QStringLiteral("lastAnalyze"), optionalNumber(figures.lastAnalyze));
            table.insert(QStringLiteral("lastAutoanalyze"),
                         optionalNumber(figures.lastAutoanalyze));
            tables.append(table);
        }
        json.insert(QStringLiteral("tables"), tables);
    }
    return json;
}

} // namespace

QJsonObject keySpaceReportJson(const KeySpaceReport &report)
{
    QJsonObject json;
    json.insert(QStringLiteral("version"), kKeySpaceJsonVersion);
    json.insert(QStringLiteral("prefix"), literalOf(report.request.prefix));
    json.insert(QStringLiteral("depth"), report.request.depth);
    json.insert(QStringLiteral("top"), report.request.top);
    json.insert(QStringLiteral("childCap"), report.request.childCap);
    json.insert(QStringLiteral("now"), double(report.now));
    json.insert(QStringLiteral("elapsedMs"), double(report.elapsedMs));
    json.insert(QStringLiteral("rowsRead"), double(report.rowsRead));
    json.insert(QStringLiteral("partial"), report.partial);
    json.insert(QStringLiteral("cancelled"), report.cancelled);
    json.insert(QStringLiteral("resumeAfterHex"),
                report.partial ? QJsonValue(hexOf(report.resumeAfter)) : QJsonValue());
    json.insert(QStringLiteral("totals"), figuresJson(report.root.totals));
    QJsonArray kinds;
    for (const auto &[kind, figures] : report.kinds) {
        QJsonObject object = figuresJson(figures);
        object.insert(QStringLiteral("kind"), QString::fromStdString(kind));
        kinds.append(object);
    }
    json.insert(QStringLiteral("kinds"), kinds);
    json.insert(QStringLiteral("expiry"), expiryJson(report.expiry));
    json.insert(QStringLiteral("keySizes"), sizesJson(report.keySizes));
    json.insert(QStringLiteral("valueSizes"), sizesJson(report.valueSizes));
    QJsonArray largest;
    for (const KeySpaceEntry &entry : report.largest) {
        QJsonObject object;
        object.insert(QStringLiteral("key"), literalOf(entry.decodedKey));
        object.insert(QStringLiteral("keyHex"), hexOf(entry.key));
        object.insert(QStringLiteral("keyBytes"), double(entry.keyBytes));
        object.insert(QStringLiteral("valueBytes"), double(entry.valueBytes));
        object.insert(QStringLiteral("kind"), QString::fromStdString(entry.kind));
        object.insert(QStringLiteral("expiresAt"),
                      entry.expiresAt ? QJsonValue(double(*entry.expiresAt)) : QJsonValue());
        largest.append(object);
    }
    json.insert(QStringLiteral("largest"), largest);
    json.insert(QStringLiteral("tree"), nodeJson(report.root, 0, 0));
    json.insert(QStringLiteral("outside"), figuresJson(report.odd.outside));
    json.insert(QStringLiteral("undecodable"), figuresJson(report.odd.undecodable));
    QJsonArray samples;
    for (const UndecodableRow &row : report.odd.undecodableSamples) {
        QJsonObject object;
        object.insert(QStringLiteral("keyHex"), hexOf(row.key));
        object.insert(QStringLiteral("problem"), QString::fromStdString(row.problem));
        samples.append(object);
    }
    json.insert(QStringLiteral("undecodableSamples"), samples);
    // Absent (not null) when the adapter has no such call, as in reports saved before them.
    if (report.queue)
        json.insert(QStringLiteral("queue"), queueJson(*report.queue));
    if (report.storage)
        json.insert(QStringLiteral("storage"), storageJson(*report.storage));
    QJsonArray findings;
    for (const KeySpaceFinding &finding : keySpaceFindings(report)) {
        QJsonObject object;
        object.insert(QStringLiteral("rule"), QString::fromStdString(finding.rule));
        object.insert(QStringLiteral("text"), QString::fromStdString(finding.text));
        findings.append(object);
    }
    json.insert(QStringLiteral("findings"), findings);
    return json;
}

} // namespace kvs
