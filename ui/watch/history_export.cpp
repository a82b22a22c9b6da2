#include "watch/history_export.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace kvs::ui {

namespace {

QString changeName(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Set:
        return QStringLiteral("set");
    case ChangeKind::Deleted:
        return QStringLiteral("deleted");
    case ChangeKind::Expired:
        return QStringLiteral("expired");
    }
    return {};
}

QJsonValue optionalText(const std::optional<QString> &text)
{
    return text ? QJsonValue(*text) : QJsonValue(QJsonValue::Null);
}

QJsonValue optionalNumber(const std::optional<std::int64_t> &number)
{
    return number ? QJsonValue(static_cast<qint64>(*number)) : QJsonValue(QJsonValue::Null);
}

} // namespace

QByteArray historyJsonLines(const std::vector<SeenChange> &changes)
{
    QByteArray out;
    for (const SeenChange &change : changes) {
        QJsonObject line;
        line.insert(
            QStringLiteral("time"),
            QDateTime::fromMSecsSinceEpoch(change.atMs, Qt::UTC).toString(Qt::ISODateWithMs));
        line.insert(QStringLiteral("key"), change.keyText);
        line.insert(QStringLiteral("change"), changeName(change.kind));
        line.insert(QStringLiteral("old"), optionalText(change.oldText));
        line.insert(QStringLiteral("new"), optionalText(change.newText));
        line.insert(QStringLiteral("oldVersion"), optionalNumber(change.oldVersion));
        line.insert(QStringLiteral("version"), optionalNumber(change.newVersion));
        out += QJsonDocument(line).toJson(QJsonDocument::Compact);
        out += '\n';
    }
    return out;
}

QString writeHistory(const std::vector<SeenChange> &changes, const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    const QByteArray bytes = historyJsonLines(changes);
    if (file.write(bytes) != bytes.size())
        return file.errorString();
    if (!file.commit())
        return file.errorString();
    return {};
}

} // namespace kvs::ui
