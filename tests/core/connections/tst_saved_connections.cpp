// Saved connections (issue 35): the settings store, the JSON export and import (never a
// secret), and the import of libpq's service file.
#include <kvs/connection_exchange.h>
#include <kvs/errors.h>
#include <kvs/saved_connections.h>

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;

namespace {

SavedConnection postgresConnection(const QString &name, const QString &url)
{
    SavedConnection connection;
    connection.name = name;
    connection.colour = QStringLiteral("#c62828");
    connection.tags = {QStringLiteral("billing"), QStringLiteral("eu")};
    connection.environment = ConnectionEnvironment::Production;
    connection.target = {{QStringLiteral("kind"), QStringLiteral("postgres")},
                         {QStringLiteral("url"), url},
                         {QStringLiteral("schema"), QStringLiteral("app")},
                         {QStringLiteral("tablePrefix"), QStringLiteral("t_")},
                         {QStringLiteral("sshHost"), QStringLiteral("bastion.example")},
                         {QStringLiteral("sshPassphrase"), QStringLiteral("ssh-secret")}};
    return connection;
}

SavedConnection sqliteConnection(const QString &name, const QString &path)
{
    SavedConnection connection;
    connection.name = name;
    connection.target
        = {{QStringLiteral("kind"), QStringLiteral("sqlite")}, {QStringLiteral("path"), path}};
    return connection;
}

} // namespace

class TestSavedConnections : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString settingsPath() const { return m_dir.filePath(QStringLiteral("kvs-admin.conf")); }

private slots:
    void init() { QFile::remove(settingsPath()); }

    void putListFindRemove()
    {
        QSettings settings(settingsPath(), QSettings::IniFormat);
        SavedConnections saved(settings);
        saved.put(postgresConnection(QStringLiteral("orders prod"),
                                     QStringLiteral("postgres://app:pw@db.example/orders")));
        saved.put(sqliteConnection(QStringLiteral("Alpha"), QStringLiteral("/data/kv.db")));
        const QList<SavedConnection> all = saved.list();
        QCOMPARE(all.size(), 2);
        QCOMPARE(all[0].name, QStringLiteral("Alpha"));
        const std::optional<SavedConnection> prod = saved.find(QStringLiteral("orders prod"));
        QVERIFY(prod);
        QCOMPARE(prod->environment, ConnectionEnvironment::Production);
        QCOMPARE(prod->tags, (QStringList{QStringLiteral("billing"), QStringLiteral("eu")}));
        QCOMPARE(prod->colour, QStringLiteral("#c62828"));
        QCOMPARE(prod->schema(), QStringLiteral("app"));
        QCOMPARE(prod->tablePrefix(), QStringLiteral("t_"));
        QCOMPARE(prod->target.value(QStringLiteral("sshHost")).toString(),
                 QStringLiteral("bastion.example"));
        // The password never reaches the settings file, from the URL or any field.
        QCOMPARE(prod->url(), QStringLiteral("postgres://app@db.example/orders"));
        QVERIFY(!prod->target.contains(QStringLiteral("sshPassphrase")));
        settings.sync();
        QFile file(settingsPath());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(!bytes.contains("pw@"));
        QVERIFY(!bytes.contains("ssh-secret"));
        // Readable by its owner only: no group or other bits.
        const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup
                                                | QFileDevice::ReadOther | QFileDevice::WriteOther;
        QVERIFY(!(QFile::permissions(settingsPath()) & others));

        // Rename through put(replacing), and remove.
        SavedConnection renamed = *prod;
        renamed.name = QStringLiteral("orders");
        saved.put(renamed, QStringLiteral("orders prod"));
        QVERIFY(!saved.find(QStringLiteral("orders prod")));
        QVERIFY(saved.find(QStringLiteral("orders")));
        QCOMPARE(saved.unusedName(QStringLiteral("orders")), QStringLiteral("orders (2)"));
        QCOMPARE(saved.unusedName(QStringLiteral("other")), QStringLiteral("other"));
        QVERIFY(saved.remove(QStringLiteral("orders")));
        QVERIFY(!saved.remove(QStringLiteral("orders")));
        QCOMPARE(saved.list().size(), 1);
    }

    void passwordParameterAndKeyValueFormAreCleaned()
    {
        QCOMPARE(*postgresUrlWithoutPassword(
                     QStringLiteral("postgresql://u@h/db?password=s3cret&sslmode=verify-full")),
                 QStringLiteral("postgresql://u@h/db?sslmode=verify-full"));
        const std::optional<QString> fromKeyValue = postgresUrlWithoutPassword(
            QStringLiteral("host=h dbname=db user=u password=s3cret sslrootcert=/ca.pem"));
        QVERIFY(fromKeyValue);
        QVERIFY(!fromKeyValue->contains(QStringLiteral("s3cret")));
        QVERIFY(fromKeyValue->contains(QStringLiteral("sslrootcert")));
        QVERIFY(!postgresUrlWithoutPassword(QStringLiteral("/not/a/url.db")));
    }

    // Issue 32: the TLS files are kept with a saved connection, a client key's passphrase never.
    void tlsFilesAreKeptAndTheKeyPassphraseIsNot()
    {
        const QString url = QStringLiteral(
            "postgresql://u@db.example/db?sslmode=verify-full&sslrootcert=/etc/ca.pem"
            "&sslcert=/home/u/client.crt&sslkey=/home/u/client.key&sslpassword=k3y-secret");
        QCOMPARE(*postgresUrlWithoutPassword(url),
                 QStringLiteral("postgresql://u@db.example/db?sslmode=verify-full"
                                "&sslrootcert=/etc/ca.pem&sslcert=/home/u/client.crt"
                                "&sslkey=/home/u/client.key"));
        const QVariantMap clean = withoutSecrets(
            {{QStringLiteral("kind"), QStringLiteral("postgres")}, {QStringLiteral("url"), url}});
        QVERIFY(!clean.value(QStringLiteral("url")).toString().contains(QStringLiteral("k3y")));
        QVERIFY(clean.value(QStringLiteral("url")).toString().contains(QStringLiteral("sslkey=")));
    }

    void jsonRoundTripHasNoSecret()
    {
        const QList<SavedConnection> connections{
            postgresConnection(
                QStringLiteral("prod"),
                QStringLiteral("postgres://app:hunter2@db.example:6432/orders?password=hunter3"
                               "&sslmode=verify-full&sslrootcert=/etc/ca.pem")),
            sqliteConnection(QStringLiteral("local"), QStringLiteral("/tmp/kv.db"))};
        const QByteArray json = connectionsToJson(connections);
        QVERIFY(!json.contains("hunter2"));
        QVERIFY(!json.contains("hunter3"));
        QVERIFY(!json.contains("ssh-secret"));
        QVERIFY(!json.toLower().contains("password"));
        QVERIFY(json.contains("sslrootcert"));
        QVERIFY(json.contains("bastion.example"));
        const QList<SavedConnection> back = connectionsFromJson(json);
        QCOMPARE(back.size(), 2);
        QCOMPARE(back[0].name, QStringLiteral("prod"));
        QCOMPARE(back[0].environment, ConnectionEnvironment::Production);
        QCOMPARE(back[0].tags, connections[0].tags);
        QCOMPARE(back[0].colour, connections[0].colour);
        QCOMPARE(back[0].schema(), QStringLiteral("app"));
        QCOMPARE(back[0].tablePrefix(), QStringLiteral("t_"));
        QCOMPARE(back[0].url(),
                 QStringLiteral("postgres://app@db.example:6432/orders?sslmode=verify-full"
                                "&sslrootcert=/etc/ca.pem"));
        QCOMPARE(back[1], connections[1]);
    }

    void jsonImportDropsSecretsWrittenByHand()
    {
        const QByteArray text
            = R"({"kvsAdminConnections": 1, "connections": [{"name": "x", "environment":
                 "staging", "connection": {"kind": "postgres", "url":
                 "postgres://u:leak@h/db", "password": "leak2"}}]})";
        const QList<SavedConnection> connections = connectionsFromJson(text);
        QCOMPARE(connections.size(), 1);
        QCOMPARE(connections[0].environment, ConnectionEnvironment::Staging);
        QCOMPARE(connections[0].url(), QStringLiteral("postgres://u@h/db"));
        QVERIFY(!connections[0].target.contains(QStringLiteral("password")));
    }

    void jsonImportErrors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{")
                                  << QStringLiteral("kvs: not a connections file: ");
        QTest::newRow("other json")
            << QByteArray(R"({"a": 1})")
            << QStringLiteral("kvs: not a connections file: it has no \"kvsAdminConnections\" and "
                              "\"connections\"");
        QTest::newRow("no name") << QByteArray(
            R"({"kvsAdminConnections": 1, "connections": [{"connection":
                 {"kind": "sqlite", "path": "/a.db"}}]})")
                                 << QStringLiteral("kvs: connection 1: no name");
        QTest::newRow("no path")
            << QByteArray(R"({"kvsAdminConnections": 1, "connections": [{"name": "a",
                 "connection": {"kind": "sqlite"}}]})")
            << QStringLiteral("kvs: connection 1: no kind with its path or URL");
        QTest::newRow("environment")
            << QByteArray(R"({"kvsAdminConnections": 1, "connections": [{"name": "a",
                 "environment": "prod", "connection": {"kind": "sqlite", "path": "/a"}}]})")
            << QStringLiteral(
                   "kvs: connection 1: unknown environment (development, staging or production)");
    }

    void jsonImportErrors()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        try {
            (void)connectionsFromJson(text);
            QFAIL("no error");
        } catch (const Error &error) {
            QVERIFY2(QString::fromStdString(error.what()).startsWith(message), error.what());
        }
    }

    void serviceFileImport()
    {
        const QString path = m_dir.filePath(QStringLiteral("pg_service.conf"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("# services\n[orders-prod]\nhost=db.example\ndbname=orders\n"
                   "password=service-secret\n\n[ reports ]\nservice=x\n");
        file.close();
        qputenv("PGSERVICEFILE", path.toUtf8());
        QCOMPARE(pgServiceFilePath(), path);
        const QList<SavedConnection> connections
            = connectionsFromPgServiceFile(pgServiceFilePath());
        qunsetenv("PGSERVICEFILE");
        QCOMPARE(connections.size(), 2);
        QCOMPARE(connections[0].name, QStringLiteral("orders-prod"));
        QCOMPARE(connections[0].url(), QStringLiteral("postgres://?service=orders-prod"));
        QCOMPARE(connections[1].name, QStringLiteral("reports"));
        QVERIFY(!connectionsToJson(connections).contains("service-secret"));
        try {
            (void)connectionsFromPgServiceFile(m_dir.filePath(QStringLiteral("missing.conf")));
            QFAIL("no error");
        } catch (const Error &error) {
            QVERIFY2(QString::fromStdString(error.what())
                         .startsWith(QStringLiteral("kvs: cannot read ")),
                     error.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestSavedConnections)
#include "tst_saved_connections.moc"
