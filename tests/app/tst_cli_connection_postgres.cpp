// Issue 35: `kvs --db service=NAME` reads libpq's service file (PGSERVICEFILE), and a service
// imported as a saved connection opens with `kvs --connection NAME`.
#include "cli_test_support.h"
#include "support/postgres_test_server.h"

#include <kvs/connection_exchange.h>
#include <kvs/saved_connections.h>

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QUrlQuery>

using namespace cli_test;

class TestCliConnectionPostgres : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string m_schema;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_schema = kvs::test::freshSchema("cli_service");
        // The test server as a service: its parts from the URL, the password in the file.
        const QUrl url(QString::fromStdString(kvs::test::postgresUrl()));
        QString service = QStringLiteral("[kvs-test]\n");
        if (!url.host().isEmpty())
            service += QStringLiteral("host=%1\n").arg(url.host());
        if (url.port() > 0)
            service += QStringLiteral("port=%1\n").arg(url.port());
        if (!url.userName().isEmpty())
            service += QStringLiteral("user=%1\n").arg(url.userName());
        if (!url.password().isEmpty())
            service += QStringLiteral("password=%1\n").arg(url.password());
        service += QStringLiteral("dbname=%1\n").arg(url.path().mid(1));
        const QUrlQuery query(url);
        for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded))
            service += QStringLiteral("%1=%2\n").arg(name, value);
        const QString path = m_dir.filePath(QStringLiteral("pg_service.conf"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(service.toUtf8());
        file.close();
        qputenv("PGSERVICEFILE", path.toUtf8());
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toUtf8());
    }

    void dbServiceKeepsWorking()
    {
        Run run = runKvs({QStringLiteral("--db"),
                          QStringLiteral("service=kvs-test"),
                          QStringLiteral("--schema"),
                          QString::fromStdString(m_schema),
                          QStringLiteral("--migrate"),
                          QStringLiteral("set"),
                          QStringLiteral("[\"svc\"]"),
                          QStringLiteral("7")});
        QVERIFY2(run.code == 0, run.err.constData());
    }

    void importedServiceOpensByName()
    {
        const QList<kvs::SavedConnection> imported
            = kvs::connectionsFromPgServiceFile(kvs::pgServiceFilePath());
        QCOMPARE(imported.size(), 1);
        kvs::SavedConnection connection = imported.first();
        connection.target.insert(QStringLiteral("schema"), QString::fromStdString(m_schema));
        QSettings settings(m_dir.filePath(QStringLiteral("config/KVS Admin/kvs-admin.conf")),
                           QSettings::IniFormat);
        kvs::SavedConnections(settings).put(connection);
        const Run run = runKvs({QStringLiteral("--connection"),
                                QStringLiteral("kvs-test"),
                                QStringLiteral("get"),
                                QStringLiteral("[\"svc\"]")});
        QVERIFY2(run.code == 0, run.err.constData());
        QCOMPARE(run.out.trimmed(), QByteArray("7"));
    }
};

QTEST_GUILESS_MAIN(TestCliConnectionPostgres)
#include "tst_cli_connection_postgres.moc"
