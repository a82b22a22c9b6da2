#include "connection/connection_spec.h"

#include "connection/connection_tr.h"

#include <kvs/connection_string.h>
#include <kvs/password_command.h>
#include <kvs/ssh_tunnel.h>

#include <QDir>
#include <QFileInfo>
#include <QUrl>
#include <QUrlQuery>

namespace kvs::ui {

namespace {

const QString kPasswordParameter = QStringLiteral("password");

QString queryValue(const QUrl &url, const QString &name)
{
    return QUrlQuery(url).queryItemValue(name, QUrl::FullyDecoded);
}

bool isPostgresScheme(const QString &scheme)
{
    return scheme.compare(QLatin1String("postgres"), Qt::CaseInsensitive) == 0
           || scheme.compare(QLatin1String("postgresql"), Qt::CaseInsensitive) == 0;
}

// QUrl writes an empty authority as nothing ("postgres:/db"); libpq needs "postgres:///db".
QString withAuthority(QString url)
{
    if (!url.contains(QLatin1String("://")))
        url.insert(url.indexOf(QLatin1Char(':')) + 1, QLatin1String("//"));
    return url;
}

} // namespace

ConnectionSpec ConnectionSpec::sqlite(const QString &path, bool createNew)
{
    ConnectionSpec spec;
    spec.m_kind = Kind::Sqlite;
    spec.m_sqlitePath = path;
    spec.m_createNew = createNew;
    return spec;
}

std::optional<ConnectionSpec>
ConnectionSpec::fromPostgresUrl(const QString &text, QString *password, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<ConnectionSpec> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (text.trimmed().isEmpty())
        return fail(ConnectionTr::tr("Enter a PostgreSQL URL."));
    // libpq's key=value form becomes the URL it stands for; its parse errors, and QUrl's
    // (which quote the whole text), are redacted: the text may hold a password.
    const std::string given = text.trimmed().toStdString();
    std::string converted = given;
    if (isPostgresConnection(given)) {
        std::string why;
        const std::optional<std::string> asUrl = postgresUrlOf(given, &why);
        if (!asUrl) {
            return fail(ConnectionTr::tr("Not a valid connection string: %1")
                            .arg(QString::fromStdString(why)));
        }
        converted = *asUrl;
    }
    QUrl url(QString::fromStdString(converted), QUrl::TolerantMode);
    if (!url.isValid()) {
        return fail(ConnectionTr::tr("Not a valid URL: %1")
                        .arg(QString::fromStdString(
                            redactSecrets(url.errorString().toStdString(), given))));
    }
    if (!isPostgresScheme(url.scheme())) {
        return fail(ConnectionTr::tr("A PostgreSQL URL starts with postgres:// or postgresql://."));
    }
    // The password goes to the caller, never into the spec: from the user info, and from a
    // "password" parameter, which libpq accepts too (user info wins, as in libpq).
    QString found = url.password(QUrl::FullyDecoded);
    QUrlQuery query(url);
    if (query.hasQueryItem(kPasswordParameter)) {
        if (found.isEmpty())
            found = query.queryItemValue(kPasswordParameter, QUrl::FullyDecoded);
        query.removeAllQueryItems(kPasswordParameter);
        url.setQuery(query);
    }
    url.setPassword(QString());
    if (password)
        *password = found;

    ConnectionSpec spec;
    spec.m_kind = Kind::Postgres;
    spec.m_postgresUrl = withAuthority(url.toString(QUrl::FullyEncoded));
    return spec;
}

ConnectionSpec ConnectionSpec::postgres(const QString &host,
                                        int port,
                                        const QString &database,
                                        const QString &user)
{
    QUrl url;
    url.setScheme(QStringLiteral("postgres"));
    // An empty host still needs the "//" authority, so libpq reads the path as the database.
    url.setHost(host.trimmed());
    if (port > 0)
        url.setPort(port);
    if (!user.trimmed().isEmpty())
        url.setUserName(user.trimmed());
    if (!database.trimmed().isEmpty())
        url.setPath(QLatin1Char('/') + database.trimmed());
    ConnectionSpec spec;
    spec.m_kind = Kind::Postgres;
    spec.m_postgresUrl = withAuthority(url.toString(QUrl::FullyEncoded));
    return spec;
}

QString ConnectionSpec::host() const
{
    const QUrl url(m_postgresUrl);
    const QString host = url.host(QUrl::FullyDecoded);
    return host.isEmpty() ? queryValue(url, QStringLiteral("host")) : host;
}

int ConnectionSpec::port() const
{
    const QUrl url(m_postgresUrl);
    const int port = url.port(0);
    return port > 0 ? port : queryValue(url, QStringLiteral("port")).toInt();
}

QString ConnectionSpec::database() const
{
    const QUrl url(m_postgresUrl);
    QString path = url.path(QUrl::FullyDecoded);
    if (path.startsWith(QLatin1Char('/')))
        path.remove(0, 1);
    return path.isEmpty() ? queryValue(url, QStringLiteral("dbname")) : path;
}

QString ConnectionSpec::user() const
{
    const QUrl url(m_postgresUrl);
    const QString user = url.userName(QUrl::FullyDecoded);
    return user.isEmpty() ? queryValue(url, QStringLiteral("user")) : user;
}

bool ConnectionSpec::isValid() const
{
    return m_kind == Kind::Sqlite ? !m_sqlitePath.trimmed().isEmpty() : !m_postgresUrl.isEmpty();
}

QString ConnectionSpec::displayName() const
{
    QString name;
    if (m_kind == Kind::Sqlite) {
        const QFileInfo file(m_sqlitePath);
        name = ConnectionTr::tr("%1 (%2)").arg(file.fileName(),
                                               QDir::toNativeSeparators(file.absolutePath()));
    } else {
        const QString who = user().isEmpty() ? QString() : user() + QLatin1Char('@');
        QString where = host().isEmpty() ? ConnectionTr::tr("local socket") : host();
        QString port
            = this->port() > 0 ? QLatin1Char(':') + QString::number(this->port()) : QString();
        if (where.contains(QLatin1Char(','))) {
            // Several hosts (libpq's failover): each with its port, as the URL names them.
            const QStringList hosts = where.split(QLatin1Char(','));
            const QStringList ports
                = queryValue(QUrl(m_postgresUrl), QStringLiteral("port")).split(QLatin1Char(','));
            QStringList named;
            for (qsizetype i = 0; i < hosts.size(); ++i) {
                const QString itsPort = ports.size() == 1 ? ports[0] : ports.value(i);
                named << (itsPort.isEmpty() ? hosts[i] : hosts[i] + QLatin1Char(':') + itsPort);
            }
            where = named.join(QLatin1Char(','));
            port.clear();
        }
        name = who + where + port + QLatin1Char('/') + database();
        if (!m_schema.isEmpty())
            name = ConnectionTr::tr("%1, schema %2").arg(name, m_schema);
    }
    if (!m_tablePrefix.isEmpty())
        name = ConnectionTr::tr("%1, prefix %2").arg(name, m_tablePrefix);
    if (usesSsh())
        name = ConnectionTr::tr("%1, through SSH %2").arg(name, m_ssh.host);
    return name;
}

QString ConnectionSpec::secretAccount() const
{
    return QStringLiteral("postgres://%1@%2:%3/%4")
        .arg(user(), host(), port() > 0 ? QString::number(port()) : QString(), database());
}

std::string ConnectionSpec::connectionString(const QString &password,
                                             const QStringList &extraParameters) const
{
    if (m_kind == Kind::Sqlite)
        return m_sqlitePath.toStdString();

    QUrl url(m_postgresUrl);
    QUrlQuery query(url);
    for (const QString &parameter : extraParameters) {
        const QString name = parameter.section(QLatin1Char('='), 0, 0);
        if (!query.hasQueryItem(name))
            query.addQueryItem(name, parameter.section(QLatin1Char('='), 1));
    }
    url.setQuery(query);
    QString text = withAuthority(url.toString(QUrl::FullyEncoded));
    if (!password.isEmpty()) {
        // Built by hand rather than with QUrl::setPassword: toPercentEncoding leaves only
        // unreserved characters, so '@', ':', '/', '?', '#' and '%' in a password always reach
        // libpq's URI parser encoded, and libpq decodes them.
        const QString user
            = QString::fromLatin1(QUrl::toPercentEncoding(url.userName(QUrl::FullyDecoded)));
        url.setUserInfo(QString());
        const QString rest = withAuthority(url.toString(QUrl::FullyEncoded));
        const qsizetype authority = rest.indexOf(QLatin1String("://")) + 3;
        text = rest.left(authority) + user + QLatin1Char(':')
               + QString::fromLatin1(QUrl::toPercentEncoding(password)) + QLatin1Char('@')
               + rest.mid(authority);
    }
    const std::string connection = m_tunnelPort > 0
                                       ? tunneledConnection(text.toStdString(), m_tunnelPort)
                                       : text.toStdString();
    if (!m_passwordCommand.isEmpty())
        kvs::setPasswordCommand(connection, m_passwordCommand.toStdString());
    return connection;
}

AsyncKVStoreSettings ConnectionSpec::storeSettings(bool readOnly, bool migrate) const
{
    AsyncKVStoreSettings settings;
    if (!m_tablePrefix.isEmpty())
        settings.tablePrefix = m_tablePrefix.toStdString();
    if (m_kind == Kind::Postgres && !m_schema.isEmpty())
        settings.schema = m_schema.toStdString();
    settings.readOnly = readOnly;
    settings.migrate = migrate;
    if (m_kind == Kind::Postgres)
        settings.callTimeout = m_callTimeout;
    return settings;
}

QVariantMap ConnectionSpec::toVariantMap() const
{
    QVariantMap map;
    map.insert(QStringLiteral("kind"),
               m_kind == Kind::Sqlite ? QStringLiteral("sqlite") : QStringLiteral("postgres"));
    if (m_kind == Kind::Sqlite)
        map.insert(QStringLiteral("path"), m_sqlitePath);
    else
        map.insert(QStringLiteral("url"), m_postgresUrl);
    map.insert(QStringLiteral("tablePrefix"), m_tablePrefix);
    map.insert(QStringLiteral("schema"), m_schema);
    map.insert(QStringLiteral("rememberPassword"), m_rememberPassword);
    if (m_kind == Kind::Postgres)
        map.insert(QStringLiteral("callTimeoutMs"), qint64(m_callTimeout.count()));
    // The name kvs --connection reads too (app/cli/cli_saved_connection.cpp).
    if (m_kind == Kind::Postgres && !m_passwordCommand.isEmpty())
        map.insert(QStringLiteral("passwordCommand"), m_passwordCommand);
    if (usesSsh()) {
        // The names kvs --connection reads too (app/cli/cli_saved_connection.cpp).
        map.insert(QStringLiteral("sshHost"), m_ssh.host.trimmed());
        map.insert(QStringLiteral("sshUser"), m_ssh.user.trimmed());
        map.insert(QStringLiteral("sshPort"), m_ssh.port);
        map.insert(QStringLiteral("sshIdentity"), m_ssh.identityFile.trimmed());
    }
    return map;
}

std::optional<ConnectionSpec> ConnectionSpec::fromVariantMap(const QVariantMap &map)
{
    const QString kind = map.value(QStringLiteral("kind")).toString();
    std::optional<ConnectionSpec> spec;
    if (kind == QLatin1String("sqlite")) {
        const QString path = map.value(QStringLiteral("path")).toString();
        if (!path.isEmpty())
            spec = sqlite(path);
    } else if (kind == QLatin1String("postgres")) {
        // Through the parser again, so even a hand-edited settings file yields no password.
        spec = fromPostgresUrl(map.value(QStringLiteral("url")).toString());
    }
    if (!spec)
        return std::nullopt;
    spec->m_tablePrefix = map.value(QStringLiteral("tablePrefix")).toString();
    spec->m_schema = map.value(QStringLiteral("schema")).toString();
    spec->m_rememberPassword = map.value(QStringLiteral("rememberPassword")).toBool();
    if (map.contains(QStringLiteral("callTimeoutMs")))
        spec->m_callTimeout
            = std::chrono::milliseconds(map.value(QStringLiteral("callTimeoutMs")).toLongLong());
    if (spec->isPostgres()) {
        spec->m_passwordCommand = map.value(QStringLiteral("passwordCommand")).toString().trimmed();
        spec->m_ssh.host = map.value(QStringLiteral("sshHost")).toString();
        spec->m_ssh.user = map.value(QStringLiteral("sshUser")).toString();
        spec->m_ssh.port = map.value(QStringLiteral("sshPort")).toInt();
        spec->m_ssh.identityFile = map.value(QStringLiteral("sshIdentity")).toString();
    }
    return spec;
}

bool ConnectionSpec::sameTarget(const ConnectionSpec &other) const
{
    if (m_kind != other.m_kind || m_tablePrefix != other.m_tablePrefix)
        return false;
    if (m_kind == Kind::Sqlite)
        return QFileInfo(m_sqlitePath).absoluteFilePath()
               == QFileInfo(other.m_sqlitePath).absoluteFilePath();
    return m_postgresUrl == other.m_postgresUrl && m_schema == other.m_schema
           && m_ssh.host.trimmed() == other.m_ssh.host.trimmed();
}

} // namespace kvs::ui
