// Issue 32, TLS said plainly: on the run's server (ssl=on; scripts/postgres-test-cluster.sh makes
// a throwaway CA that signs the server's certificate, for 127.0.0.1 only, and a client
// certificate for the role kvs_cert, which logs in by certificate alone). verify-full with the CA
// connects and PostgresAdapter::serverRole() says the protocol and cipher the server sees; a
// plain connection says it is not encrypted; a host name the certificate does not name is
// refused (as "localhost", and as a name given with hostaddr) before anything is written; the
// client certificate logs in, and without it kvs_cert is refused.
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/postgres_adapter.h>

#include <QRegularExpression>
#include <QTest>
#include <QUuid>

using namespace kvs;
using kvs::test::PgAdmin;

namespace {

// The test server's port, from its URL.
std::string serverPort()
{
    const QRegularExpressionMatch match
        = QRegularExpression(QStringLiteral("@127\\.0\\.0\\.1:(\\d+)/"))
              .match(QString::fromStdString(test::postgresUrl()));
    if (!match.hasMatch())
        qFatal("no port in the test server's URL");
    return match.captured(1).toStdString();
}

std::string uniqueApplication(const char *tag)
{
    return std::string("kvs_") + tag + "_"
           + QUuid::createUuid().toString(QUuid::Id128).left(8).toStdString();
}

// verify-full with the test CA.
std::string verifiedUrl(const std::string &application)
{
    return test::withTls(test::postgresUrl(),
                         "sslmode=verify-full&sslrootcert=" + test::rootCertPath()
                             + "&application_name=" + application);
}

// What the server says of application's connections (pg_stat_ssl): "VERSION CIPHER CLIENT_DN".
std::string serverSideTls(PgAdmin &admin, const std::string &application)
{
    return admin.exec("SELECT s.version || ' ' || s.cipher || ' ' || coalesce(s.client_dn, '-') "
                      "FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) "
                      "WHERE a.application_name = '"
                      + application + "' AND s.ssl LIMIT 1");
}

// The ConnectionError of the first call on url, with its step and message checked.
bool refusedWith(const std::string &url,
                 ConnectionError::Step step,
                 const std::string &start,
                 const std::string &part)
{
    PostgresAdapter adapter(url);
    try {
        (void)adapter.serverRole().result();
        qWarning("connected to %s", url.c_str());
        return false;
    } catch (const ConnectionError &e) {
        const std::string message = e.what();
        if (e.step() != step || message.rfind(start, 0) != 0
            || message.find(part) == std::string::npos) {
            qWarning("step %d, message: %s", int(e.step()), e.what());
            return false;
        }
        return true;
    }
}

} // namespace

class TestPostgresTls : public QObject
{
    Q_OBJECT

private slots:
    void verifyFullWithTheCaConnectsAndSaysHow()
    {
        const std::string application = uniqueApplication("tls_info");
        PostgresAdapter adapter(verifiedUrl(application));
        const ServerRole role = adapter.serverRole().result();
        QVERIFY(role.tls.encrypted);
        QVERIFY2(role.tls.protocol.starts_with("TLSv1."), role.tls.protocol.c_str());
        QVERIFY(!role.tls.cipher.empty());
        // What libpq says is what the server says of the same connection.
        PgAdmin admin;
        QCOMPARE(serverSideTls(admin, application),
                 role.tls.protocol + " " + role.tls.cipher + " -");
    }

    void aPlainConnectionSaysItIsNotEncrypted()
    {
        PostgresAdapter adapter(test::postgresUrl()); // sslmode=disable
        const ServerRole role = adapter.serverRole().result();
        QCOMPARE(role.tls, ConnectionTls{});
        QVERIFY(!role.tls.encrypted);
    }

    void aCertificateForAnotherHostNameIsRefused()
    {
        const std::string port = serverPort();
        // The same server as "localhost": the certificate names 127.0.0.1 only.
        std::string asLocalhost = verifiedUrl(uniqueApplication("tls_name"));
        asLocalhost.replace(asLocalhost.find("@127.0.0.1:"), 11, "@localhost:");
        QVERIFY(
            refusedWith(asLocalhost,
                        ConnectionError::Step::Tls,
                        "kvs: cannot connect to PostgreSQL at localhost:" + port + "/kvs_test: ",
                        "server certificate for \"127.0.0.1\" (and 1 other name) does not "
                        "match host name \"localhost\""));
        // A name reached through hostaddr: the name is what is checked, not the address.
        std::string named = verifiedUrl(uniqueApplication("tls_name"));
        named.replace(named.find("@127.0.0.1:"), 11, "@db.example.test:");
        named += "&hostaddr=127.0.0.1";
        QVERIFY(refusedWith(named,
                            ConnectionError::Step::Tls,
                            "kvs: cannot connect to PostgreSQL at db.example.test:" + port
                                + "/kvs_test: ",
                            "does not match host name \"db.example.test\""));
        // A store on it writes nothing: its schema never appears.
        const std::string schema = test::freshSchema("tls_name");
        {
            AsyncKVStoreSettings settings;
            settings.schema = schema;
            AsyncKVStore store(asLocalhost, settings);
            QVERIFY_THROWS_EXCEPTION(ConnectionError,
                                     store.set({"k"}, Value(1.0)).waitForFinished());
        }
        PgAdmin admin;
        QCOMPARE(admin.exec("SELECT count(*) FROM pg_namespace WHERE nspname = '" + schema + "'"),
                 std::string("0"));
    }

    void aClientCertificateLogsIn()
    {
        const std::string application = uniqueApplication("tls_client");
        const std::string url
            = "postgresql://kvs_cert@127.0.0.1:" + serverPort()
              + "/kvs_test?sslmode=verify-full&sslrootcert=" + test::rootCertPath()
              + "&sslcert=" + test::clientCertPath() + "&sslkey=" + test::clientKeyPath()
              + "&application_name=" + application;
        const std::string schema = test::freshSchema("tls_client");
        AsyncKVStoreSettings settings;
        settings.schema = schema;
        AsyncKVStore store(url, settings);
        QVERIFY(store.set({"who"}, Value("by certificate")).result().ok);
        QCOMPARE(store.get({"who"}).result()->value.asString(), std::string("by certificate"));
        auto *adapter = dynamic_cast<PostgresAdapter *>(&store.adapter());
        QVERIFY(adapter);
        const ServerRole role = adapter->serverRole().result();
        QVERIFY(role.tls.encrypted);
        PgAdmin admin;
        QCOMPARE(serverSideTls(admin, application),
                 role.tls.protocol + " " + role.tls.cipher + " /CN=kvs_cert");
        // The store's tables are kvs_cert's: it logged in as that role, with no password.
        QCOMPARE(admin.exec("SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = '"
                            + schema + "'"),
                 std::string("kvs_cert"));
        store.close().waitForFinished();
    }

    void withoutTheClientCertificateTheRoleIsRefused()
    {
        const std::string start
            = "kvs: cannot connect to PostgreSQL at 127.0.0.1:" + serverPort() + "/kvs_test: ";
        const std::string base
            = "postgresql://kvs_cert@127.0.0.1:" + serverPort()
              + "/kvs_test?sslmode=verify-full&sslrootcert=" + test::rootCertPath();
        QVERIFY(refusedWith(base,
                            ConnectionError::Step::Authenticate,
                            start,
                            "connection requires a valid client certificate"));
        // Nor over a plain connection (the server's pg_hba.conf takes it over TLS only).
        QVERIFY(refusedWith("postgresql://kvs_cert@127.0.0.1:" + serverPort()
                                + "/kvs_test?sslmode=disable",
                            ConnectionError::Step::Authenticate,
                            start,
                            "pg_hba.conf rejects connection for host \"127.0.0.1\", user "
                            "\"kvs_cert\", database \"kvs_test\", no encryption"));
    }
};

QTEST_GUILESS_MAIN(TestPostgresTls)
#include "tst_postgres_tls.moc"
