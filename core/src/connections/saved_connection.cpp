#include <kvs/connection_string.h>
#include <kvs/saved_connection.h>

#include <QUrl>
#include <QUrlQuery>

namespace kvs {

namespace {

const QString kKind = QStringLiteral("kind");

// A key that names a secret, whatever a later field calls it ("password", "sshPassphrase").
bool namesSecret(const QString &key)
{
    return key.contains(QLatin1String("password"), Qt::CaseInsensitive)
           || key.contains(QLatin1String("passphrase"), Qt::CaseInsensitive);
}

// QUrl writes an empty authority as nothing ("postgres:?service=x"); libpq needs the "//".
QString withAuthority(QString url)
{
    if (!url.contains(QLatin1String("://")))
        url.insert(url.indexOf(QLatin1Char(':')) + 1, QLatin1String("//"));
    return url;
}

} // namespace

QString environmentWord(ConnectionEnvironment environment)
{
    switch (environment) {
    case ConnectionEnvironment::Staging:
        return QStringLiteral("staging");
    case ConnectionEnvironment::Production:
        return QStringLiteral("production");
    case ConnectionEnvironment::Development:
        break;
    }
    return QStringLiteral("development");
}

std::optional<ConnectionEnvironment> environmentOfWord(const QString &word)
{
    for (const ConnectionEnvironment environment : {ConnectionEnvironment::Development,
                                                    ConnectionEnvironment::Staging,
                                                    ConnectionEnvironment::Production}) {
        if (word.compare(environmentWord(environment), Qt::CaseInsensitive) == 0)
            return environment;
    }
    return std::nullopt;
}

bool SavedConnection::isPostgres() const
{
    return target.value(kKind).toString() == QLatin1String("postgres");
}

QString SavedConnection::path() const
{
    return isPostgres() ? QString() : target.value(QStringLiteral("path")).toString();
}

QString SavedConnection::url() const
{
    return isPostgres() ? target.value(QStringLiteral("url")).toString() : QString();
}

QString SavedConnection::schema() const
{
    return target.value(QStringLiteral("schema")).toString();
}

QString SavedConnection::tablePrefix() const
{
    return target.value(QStringLiteral("tablePrefix")).toString();
}

std::string SavedConnection::connectionString() const
{
    return (isPostgres() ? url() : path()).toStdString();
}

bool SavedConnection::isValid() const
{
    const QString kind = target.value(kKind).toString();
    if (name.trimmed().isEmpty())
        return false;
    if (kind == QLatin1String("sqlite"))
        return !path().trimmed().isEmpty();
    return kind == QLatin1String("postgres") && !url().trimmed().isEmpty();
}

std::optional<QString> postgresUrlWithoutPassword(const QString &connection)
{
    std::string text = connection.trimmed().toStdString();
    if (!text.starts_with("postgres://") && !text.starts_with("postgresql://")) {
        if (!isPostgresConnection(text))
            return std::nullopt;
        const std::optional<std::string> url = postgresUrlOf(text);
        if (!url)
            return std::nullopt;
        text = *url;
    }
    QUrl url(QString::fromStdString(text), QUrl::TolerantMode);
    if (!url.isValid())
        return std::nullopt;
    url.setPassword(QString());
    // A client key's passphrase (sslpassword) is a secret as much as the password.
    QUrlQuery query(url);
    for (const QString &secret : {QStringLiteral("password"), QStringLiteral("sslpassword")}) {
        if (query.hasQueryItem(secret)) {
            query.removeAllQueryItems(secret);
            url.setQuery(query);
        }
    }
    return withAuthority(url.toString(QUrl::FullyEncoded));
}

QVariantMap withoutSecrets(const QVariantMap &target)
{
    QVariantMap clean;
    for (auto it = target.constBegin(); it != target.constEnd(); ++it) {
        if (!namesSecret(it.key()))
            clean.insert(it.key(), it.value());
    }
    const QString url = clean.value(QStringLiteral("url")).toString();
    if (!url.isEmpty()) {
        // A URL that does not parse cannot be cleaned: it is dropped rather than kept whole.
        const std::optional<QString> cleanUrl = postgresUrlWithoutPassword(url);
        if (cleanUrl)
            clean.insert(QStringLiteral("url"), *cleanUrl);
        else
            clean.remove(QStringLiteral("url"));
    }
    return clean;
}

} // namespace kvs
