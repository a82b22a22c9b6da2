#include <kvs/connection_exchange.h>
#include <kvs/errors.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>
#include <QUrlQuery>

namespace kvs {

namespace {

const QString kFormat = QStringLiteral("kvsAdminConnections");
const QString kConnections = QStringLiteral("connections");

[[noreturn]] void failEntry(qsizetype index, const char *reason)
{
    throw Error("kvs: connection " + std::to_string(index + 1) + ": " + reason);
}

} // namespace

QByteArray connectionsToJson(const QList<SavedConnection> &connections)
{
    QJsonArray entries;
    for (const SavedConnection &connection : connections) {
        QJsonObject entry;
        entry.insert(QStringLiteral("name"), connection.name);
        entry.insert(QStringLiteral("colour"), connection.colour);
        entry.insert(QStringLiteral("tags"), QJsonArray::fromStringList(connection.tags));
        entry.insert(QStringLiteral("environment"), environmentWord(connection.environment));
        entry.insert(QStringLiteral("connection"),
                     QJsonObject::fromVariantMap(withoutSecrets(connection.target)));
        entries.append(entry);
    }
    QJsonObject document;
    document.insert(kFormat, 1);
    document.insert(kConnections, entries);
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

QList<SavedConnection> connectionsFromJson(const QByteArray &text)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        throw Error("kvs: not a connections file: " + parseError.errorString().toStdString());
    if (!document.isObject() || !document.object().contains(kFormat)
        || !document.object().value(kConnections).isArray())
        throw Error("kvs: not a connections file: it has no \"kvsAdminConnections\" and "
                    "\"connections\"");
    const QJsonArray entries = document.object().value(kConnections).toArray();
    QList<SavedConnection> connections;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        if (!entries[i].isObject())
            failEntry(i, "not an object");
        const QJsonObject entry = entries[i].toObject();
        SavedConnection connection;
        connection.name = entry.value(QStringLiteral("name")).toString().trimmed();
        connection.colour = entry.value(QStringLiteral("colour")).toString();
        for (const QJsonValue &tag : entry.value(QStringLiteral("tags")).toArray())
            connection.tags.append(tag.toString());
        const QString word = entry.value(QStringLiteral("environment")).toString();
        if (!word.isEmpty()) {
            const std::optional<ConnectionEnvironment> environment = environmentOfWord(word);
            if (!environment)
                failEntry(i, "unknown environment (development, staging or production)");
            connection.environment = *environment;
        }
        connection.target
            = withoutSecrets(entry.value(QStringLiteral("connection")).toObject().toVariantMap());
        if (connection.name.isEmpty())
            failEntry(i, "no name");
        if (!connection.isValid())
            failEntry(i, "no kind with its path or URL");
        connections.append(connection);
    }
    return connections;
}

QString pgServiceFilePath()
{
    const QString fromEnvironment = qEnvironmentVariable("PGSERVICEFILE");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    return QDir::home().filePath(QStringLiteral(".pg_service.conf"));
}

QList<SavedConnection> connectionsFromPgServiceFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        throw Error("kvs: cannot read " + path.toStdString() + ": "
                    + file.errorString().toStdString());
    QList<SavedConnection> connections;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        // Only the section names matter: libpq reads the rest (passwords too) itself.
        if (!line.startsWith(QLatin1Char('[')) || !line.endsWith(QLatin1Char(']')))
            continue;
        const QString service = line.mid(1, line.size() - 2).trimmed();
        if (service.isEmpty())
            continue;
        QUrl url;
        url.setScheme(QStringLiteral("postgres"));
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("service"), service);
        url.setQuery(query);
        QString text = url.toString(QUrl::FullyEncoded);
        if (!text.contains(QLatin1String("://")))
            text.insert(text.indexOf(QLatin1Char(':')) + 1, QLatin1String("//"));
        SavedConnection connection;
        connection.name = service;
        connection.tags = {QStringLiteral("pg_service")};
        connection.target.insert(QStringLiteral("kind"), QStringLiteral("postgres"));
        connection.target.insert(QStringLiteral("url"), text);
        connections.append(connection);
    }
    return connections;
}

} // namespace kvs
