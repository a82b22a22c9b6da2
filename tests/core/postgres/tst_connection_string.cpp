// kvs/connection_string.h: which strings are PostgreSQL's, where their passwords are, and that
// no password survives redaction (issue 17, items 1, 2 and 4). No server needed.
#include <kvs/async_kvstore.h>
#include <kvs/connection_string.h>

#include <QTest>

using namespace kvs;

class TstConnectionString : public QObject
{
    Q_OBJECT

private slots:
    void recognises_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("postgres");
        QTest::newRow("url") << "postgres://u:p@h/db" << true;
        QTest::newRow("postgresql url") << "postgresql://h/db" << true;
        QTest::newRow("keywords") << "host=127.0.0.1 user=u password=P dbname=x" << true;
        QTest::newRow("spaces around =") << "  dbname = x" << true;
        QTest::newRow("a typo beside a keyword") << "passwrod=P host=x" << true;
        QTest::newRow("own parameter") << "pool_max=2" << true;
        QTest::newRow("file") << "data.db" << false;
        QTest::newRow("path with =") << "/tmp/a=b.db" << false;
        QTest::newRow("no keyword") << "a=b" << false;
        QTest::newRow("memory") << ":memory:" << false;
        QTest::newRow("sqlite url") << "sqlite:///tmp/x.db" << false;
        QTest::newRow("file url") << "file:x.db?mode=ro" << false;
    }
    void recognises()
    {
        QFETCH(QString, text);
        QFETCH(bool, postgres);
        QCOMPARE(isPostgresConnection(text.toStdString()), postgres);
        // The store chooses its backend by the same rule.
        QCOMPARE(isPostgresUrl(text.toStdString()), postgres);
    }

    void redacts_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("redacted");
        QTest::newRow("user info") << "postgresql://u:Secret@h:5432/db?sslmode=require"
                                   << "postgresql://u:***@h:5432/db?sslmode=require";
        QTest::newRow("no password") << "postgresql://u@h/db"
                                     << "postgresql://u@h/db";
        QTest::newRow("parameter") << "postgres://h/db?password=Secret&pool_max=2"
                                   << "postgres://h/db?password=***&pool_max=2";
        QTest::newRow("bad percent") << "postgresql://u:Secret%zz@127.0.0.1/db"
                                     << "postgresql://u:***@127.0.0.1/db";
        QTest::newRow("open bracket") << "postgresql://u:Secret@[::1/db"
                                      << "postgresql://u:***@[::1/db";
        QTest::newRow("unencoded slash") << "postgresql://u:ab/cd@h/db"
                                         << "postgresql://u:***@h/db";
        QTest::newRow("unencoded at") << "postgresql://u:a@b@h/db"
                                      << "postgresql://u:***@h/db";
        QTest::newRow("keywords") << "host=h password=Secret dbname=x"
                                  << "host=h password=*** dbname=x";
        QTest::newRow("quoted") << "host=h password='Se cret' dbname=x"
                                << "host=h password=*** dbname=x";
        QTest::newRow("unquoted space") << "host=h password=my secret dbname=x"
                                        << "host=h password=*** dbname=x";
        QTest::newRow("open quote") << "host=h password='abc"
                                    << "host=h password=***";
        QTest::newRow("file") << "my password.db"
                              << "my password.db";
    }
    void redacts()
    {
        QFETCH(QString, text);
        QFETCH(QString, redacted);
        QCOMPARE(QString::fromStdString(redactedConnection(text.toStdString())), redacted);
    }

    // libpq's own parse errors, as PqConnection reports them, quote the password or pieces of
    // it: each comes back without.
    void redactsLibpqMessages_data()
    {
        QTest::addColumn<QString>("connection");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("expected");
        QTest::newRow("percent") << "postgresql://u:Secret%zz@127.0.0.1/db"
                                 << "invalid percent-encoded token: \"Secret%zz\""
                                 << "invalid percent-encoded token: \"***\"";
        QTest::newRow("whole url")
            << "postgresql://u:Secret@[::1/db"
            << "end of string reached when looking for matching \"]\" in IPv6 host address in "
               "URI: \"postgresql://u:Secret@[::1/db\""
            << "end of string reached when looking for matching \"]\" in IPv6 host address in "
               "URI: \"postgresql://u:***@[::1/db\"";
        QTest::newRow("piece") << "postgresql://u:ab/cd@host/db"
                               << "invalid integer value \"ab\" for connection option \"port\""
                               << "invalid integer value \"***\" for connection option \"port\"";
        QTest::newRow("split word") << "host=h password=my secret dbname=x"
                                    << "missing \"=\" after \"secret\" in connection info string"
                                    << "missing \"=\" after \"***\" in connection info string";
        QTest::newRow("decoded") << "postgresql://u:S%40cret@h/db"
                                 << "user S@cret"
                                 << "user ***";
        // A short password is replaced where libpq quotes it, not inside ordinary words.
        QTest::newRow("short")
            << "host=h password=P dbname=x"
            << "kvs: cannot connect to PostgreSQL at h:5432/x: invalid value \"P\""
            << "kvs: cannot connect to PostgreSQL at h:5432/x: invalid value \"***\"";
    }
    void redactsLibpqMessages()
    {
        QFETCH(QString, connection);
        QFETCH(QString, message);
        QFETCH(QString, expected);
        QCOMPARE(
            QString::fromStdString(redactSecrets(message.toStdString(), connection.toStdString())),
            expected);
    }

    void passwordRangesCoverThePassword()
    {
        const std::string text = "postgresql://u:Secret@h/db?password=Other";
        const auto ranges = passwordRanges(text);
        QCOMPARE(ranges.size(), std::size_t(2));
        QCOMPARE(text.substr(ranges[0].first, ranges[0].second), std::string("Secret"));
        QCOMPARE(text.substr(ranges[1].first, ranges[1].second), std::string("Other"));
        QVERIFY(passwordRanges("data.db").empty());
    }

    void takesParameters()
    {
        std::string url = "postgresql://h/db?pool_max=2&timeout_ms=500&sslmode=require";
        QCOMPARE(takeConnectionParameter(url, "timeout_ms", true),
                 std::optional<std::string>("500"));
        QCOMPARE(url, std::string("postgresql://h/db?pool_max=2&sslmode=require"));
        QCOMPARE(takeConnectionParameter(url, "timeout_ms", true), std::nullopt);

        std::string keywords = "host=h pool_max=3 timeout_ms = 250 dbname=x";
        QCOMPARE(takeConnectionParameter(keywords, "pool_max", true),
                 std::optional<std::string>("3"));
        QCOMPARE(takeConnectionParameter(keywords, "timeout_ms", false),
                 std::optional<std::string>("250"));
        QCOMPARE(takeConnectionParameter(keywords, "timeout_ms", true),
                 std::optional<std::string>("250"));
        QCOMPARE(keywords, std::string("host=h dbname=x"));
    }

    void convertsKeywordsToUrl()
    {
        QCOMPARE(postgresUrlOf("host=db.example port=5433 user=app password='p@ss word' "
                               "dbname=inv sslmode=require pool_max=2"),
                 std::optional<std::string>("postgresql://app:p%40ss%20word@db.example:5433/"
                                            "inv?sslmode=require&pool_max=2"));
        QCOMPARE(postgresUrlOf("host=/run/postgresql dbname=x"),
                 std::optional<std::string>("postgresql:///x?host=%2Frun%2Fpostgresql"));
        QCOMPARE(postgresUrlOf("postgres://h/db"), std::optional<std::string>("postgres://h/db"));
        std::string error;
        QCOMPARE(postgresUrlOf("host=h password=my secret", &error), std::nullopt);
        QCOMPARE(error, std::string("missing \"=\" after \"***\" in connection info string"));
    }

    // Issue 33: a URL naming a primary and its standby (libpq's failover) keeps both hosts,
    // with their ports, in a form QUrl reads too (the lists in the query, where libpq reads them).
    void keepsEveryHostOfAFailoverUrl()
    {
        const std::string url = "postgresql://app:pw@10.0.0.1:5432,10.0.0.2:5433/inv"
                                "?target_session_attrs=read-write&pool_max=2";
        QCOMPARE(postgresUrlOf(url),
                 std::optional<std::string>(
                     "postgresql://app:pw@/inv?host=10.0.0.1%2C10.0.0.2&port=5432%2C5433"
                     "&target_session_attrs=read-write&pool_max=2"));
        QCOMPARE(connectionIdentity(url),
                 std::string("postgresql://app@10.0.0.1,10.0.0.2:5433/inv"));
        QCOMPARE(connectionIdentity("host=a,b port=5440 dbname=x"),
                 std::string("postgresql://a:5440,b:5440/x"));
        QCOMPARE(redactedConnection(url),
                 "postgresql://app:***@10.0.0.1:5432,10.0.0.2:5433/inv"
                 "?target_session_attrs=read-write&pool_max=2");
    }

    void warnsOfPlaintextPasswords_data()
    {
        QTest::addColumn<QString>("connection");
        QTest::addColumn<QString>("warning");
        const QString remote = QStringLiteral(
            "kvs: warning: the password goes to db.example without TLS being required; add "
            "sslmode=require (or verify-full) to the connection string");
        QTest::newRow("remote url") << "postgresql://u:P@db.example/x" << remote;
        QTest::newRow("remote prefer") << "postgresql://u:P@db.example/x?sslmode=prefer" << remote;
        QTest::newRow("remote keywords") << "host=db.example user=u password=P dbname=x" << remote;
        QTest::newRow("required") << "postgresql://u:P@db.example/x?sslmode=require"
                                  << "";
        QTest::newRow("verified") << "host=db.example password=P sslmode=verify-full"
                                  << "";
        QTest::newRow("localhost") << "postgresql://u:P@localhost/x"
                                   << "";
        QTest::newRow("loopback") << "postgresql://u:P@127.0.0.1/x"
                                  << "";
        QTest::newRow("socket") << "host=/run/postgresql password=P"
                                << "";
        QTest::newRow("no password") << "postgresql://u@db.example/x"
                                     << "";
        QTest::newRow("sqlite") << "db.example"
                                << "";
    }
    void warnsOfPlaintextPasswords()
    {
        QFETCH(QString, connection);
        QFETCH(QString, warning);
        qunsetenv("PGPASSWORD");
        qunsetenv("PGSSLMODE");
        qunsetenv("PGHOST");
        QCOMPARE(QString::fromStdString(plaintextPasswordWarning(connection.toStdString())),
                 warning);
    }

    // Issue 32: which host the Connect dialog warns of, its server not verified.
    void findsARemoteHostThatIsNotVerified_data()
    {
        QTest::addColumn<QString>("connection");
        QTest::addColumn<QString>("host");
        QTest::newRow("no sslmode") << "postgresql://u@db.example/x"
                                    << "db.example";
        QTest::newRow("require") << "postgresql://u@db.example/x?sslmode=require"
                                 << "db.example";
        QTest::newRow("verify-ca") << "host=db.example sslmode=verify-ca"
                                   << "db.example";
        QTest::newRow("verify-full") << "postgresql://u@db.example/x?sslmode=verify-full"
                                     << "";
        QTest::newRow("second host") << "postgresql://u@localhost,10.0.0.7/x?sslmode=require"
                                     << "10.0.0.7";
        QTest::newRow("hostaddr") << "hostaddr=10.0.0.8 sslmode=prefer"
                                  << "10.0.0.8";
        QTest::newRow("localhost") << "postgresql://u@localhost/x"
                                   << "";
        QTest::newRow("loopback") << "postgresql://u@127.0.0.1/x?sslmode=disable"
                                  << "";
        QTest::newRow("ipv6 loopback") << "host=::1 sslmode=disable"
                                       << "";
        QTest::newRow("socket") << "host=/run/postgresql"
                                << "";
        QTest::newRow("sqlite") << "db.example"
                                << "";
    }
    void findsARemoteHostThatIsNotVerified()
    {
        QFETCH(QString, connection);
        QFETCH(QString, host);
        qunsetenv("PGSSLMODE");
        qunsetenv("PGHOST");
        QCOMPARE(QString::fromStdString(unverifiedRemoteHost(connection.toStdString())), host);
    }

    void readsPgsslmodeForTheRemoteHost()
    {
        qputenv("PGSSLMODE", "verify-full");
        const std::string verified = unverifiedRemoteHost("postgresql://u@db.example/x");
        const std::string overridden
            = unverifiedRemoteHost("postgresql://u@db.example/x?sslmode=require");
        qunsetenv("PGSSLMODE");
        QCOMPARE(verified, std::string());
        QCOMPARE(overridden, std::string("db.example"));
    }

    void warnsOfPgpasswordToo()
    {
        qputenv("PGPASSWORD", "P");
        const std::string warning = plaintextPasswordWarning("postgresql://u@db.example/x");
        qunsetenv("PGPASSWORD");
        QVERIFY(warning.find("db.example") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TstConnectionString)
#include "tst_connection_string.moc"
