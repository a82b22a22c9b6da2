// Issue 35: a PostgreSQL tab is matched to a saved production connection by the database's
// identity (pg_control_system().system_identifier, current_database(), schema, table prefix),
// read after connecting, not by the route: another spelling of the server's address (another
// URL) reaches the same saved connection; another schema does not.
#include "connection/saved_connection_look.h"
#include "session/database_session.h"
#include "support/database_view_fixture.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>

#include <QSignalSpy>
#include <QTest>
#include <QUrl>

using namespace kvs;

namespace {

constexpr int kTimeout = 20000;

// The identity a session on url and schema reads once it opened ("" when it timed out).
QString identityOf(const std::string &url, const std::string &schema)
{
    std::unique_ptr<ui::DatabaseSession> session(test::postgresSession(url, schema));
    QSignalSpy read(session.get(), &ui::DatabaseSession::identityRead);
    session->open();
    if (!read.wait(kTimeout))
        return {};
    return read.at(0).at(0).toString();
}

} // namespace

class TestSavedConnectionPostgres : public QObject
{
    Q_OBJECT

private:
    std::string m_schema;
    std::string m_otherSchema;

private slots:
    void initTestCase()
    {
        m_schema = test::freshSchema("identity");
        m_otherSchema = test::freshSchema("identity_other");
        for (const std::string &schema : {m_schema, m_otherSchema}) {
            AsyncKVStoreSettings settings;
            settings.schema = schema;
            AsyncKVStore store(test::postgresUrl(), settings);
            (void)store.set(parseKeyLiteral("[\"a\"]"), Value(1.0)).result();
            store.close().waitForFinished();
        }
    }

    void anotherRouteMatchesTheSavedConnection()
    {
        const std::string direct = test::postgresUrl();
        // The same server by another name (localhost for 127.0.0.1) with another parameter.
        QUrl other(QString::fromStdString(direct));
        QVERIFY(other.host() == QStringLiteral("127.0.0.1")
                || other.host() == QStringLiteral("localhost"));
        other.setHost(other.host() == QStringLiteral("localhost") ? QStringLiteral("127.0.0.1")
                                                                  : QStringLiteral("localhost"));
        const std::string route = test::withParameter(
            other.toString(QUrl::FullyEncoded).toStdString(), "application_name=other_route");

        const QString first = identityOf(direct, m_schema);
        const QString second = identityOf(route, m_schema);
        QVERIFY2(first.startsWith(QStringLiteral("pg:")), qPrintable(first));
        // The cluster's system identifier (a number), not the host.
        QVERIFY2(!first.contains(QStringLiteral("host:")), qPrintable(first));
        QCOMPARE(second, first);
        QVERIFY(first.endsWith(QStringLiteral("/") + QString::fromStdString(m_schema)
                               + QStringLiteral("/")));

        // Saved by the first route, with the identity recorded when it was opened.
        ui::ConnectionSpec savedSpec
            = *ui::ConnectionSpec::fromPostgresUrl(QString::fromStdString(direct));
        savedSpec.setSchema(QString::fromStdString(m_schema));
        SavedConnection saved = ui::savedConnectionOf(QStringLiteral("prod"), savedSpec);
        saved.environment = ConnectionEnvironment::Production;
        saved.target.insert(ui::kIdentityField, first);
        ui::ConnectionSpec routeSpec
            = *ui::ConnectionSpec::fromPostgresUrl(QString::fromStdString(route));
        routeSpec.setSchema(QString::fromStdString(m_schema));
        QVERIFY(!routeSpec.sameTarget(savedSpec));
        const std::optional<SavedConnection> match
            = ui::matchSavedConnection({saved}, routeSpec, second);
        QVERIFY(match);
        QCOMPARE(match->name, QStringLiteral("prod"));

        // Another schema of the same server is another database.
        const QString elsewhere = identityOf(direct, m_otherSchema);
        QVERIFY(!elsewhere.isEmpty());
        QVERIFY(elsewhere != first);
        ui::ConnectionSpec otherSpec
            = *ui::ConnectionSpec::fromPostgresUrl(QString::fromStdString(direct));
        otherSpec.setSchema(QString::fromStdString(m_otherSchema));
        QVERIFY(!ui::matchSavedConnection({saved}, otherSpec, elsewhere));
    }
};

QTEST_MAIN(TestSavedConnectionPostgres)
#include "tst_saved_connection_postgres.moc"
