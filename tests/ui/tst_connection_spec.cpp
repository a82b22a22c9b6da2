// ConnectionSpec (URL parsing, the password taken out, the connection string, QSettings maps)
// and RecentConnections (order, deduplication, cap, and never a password on disk).
#include "connection/connection_spec.h"
#include "connection/recent_connections.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using kvs::ui::ConnectionSpec;
using kvs::ui::RecentConnections;

class TestConnectionSpec : public QObject
{
    Q_OBJECT

private slots:
    void parsesAUrlAndTakesThePasswordOut();
    void takesAPasswordParameterOut();
    void refusesWhatIsNotAPostgresUrl();
    void readsTheKeywordForm();
    void keepsEveryHostOfAFailoverUrl();
    void errorsNeverQuoteThePassword();
    void connectionStringEncodesThePassword();
    void connectionStringAddsParametersOnce();
    void buildsAUrlFromParts();
    void sqliteSpecs();
    void variantMapRoundTrips();
    void recentAreMostRecentFirstDeduplicatedAndCapped();
    void recentNeverStoreAPassword();

private:
    QTemporaryDir m_dir;
};

void TestConnectionSpec::parsesAUrlAndTakesThePasswordOut()
{
    QString password;
    const auto spec = ConnectionSpec::fromPostgresUrl(
        QStringLiteral("postgres://app:s%40cr%3At@db.example:6543/inventory?sslmode=require"),
        &password);
    QVERIFY(spec);
    QCOMPARE(password, QStringLiteral("s@cr:t"));
    QVERIFY(spec->isPostgres());
    QCOMPARE(spec->postgresUrl(),
             QStringLiteral("postgres://app@db.example:6543/inventory?sslmode=require"));
    QCOMPARE(spec->host(), QStringLiteral("db.example"));
    QCOMPARE(spec->port(), 6543);
    QCOMPARE(spec->database(), QStringLiteral("inventory"));
    QCOMPARE(spec->user(), QStringLiteral("app"));
    QCOMPARE(spec->displayName(), QStringLiteral("app@db.example:6543/inventory"));
    QCOMPARE(spec->secretAccount(), QStringLiteral("postgres://app@db.example:6543/inventory"));
    QVERIFY(!spec->postgresUrl().contains(QLatin1String("cr")));
}

void TestConnectionSpec::takesAPasswordParameterOut()
{
    QString password;
    const auto spec = ConnectionSpec::fromPostgresUrl(
        QStringLiteral("postgresql://app@localhost/db?password=hunter2&application_name=x"),
        &password);
    QVERIFY(spec);
    QCOMPARE(password, QStringLiteral("hunter2"));
    QVERIFY(!spec->postgresUrl().contains(QLatin1String("hunter2")));
    QVERIFY(!spec->postgresUrl().contains(QLatin1String("password")));
    QVERIFY(spec->postgresUrl().contains(QLatin1String("application_name=x")));
}

void TestConnectionSpec::refusesWhatIsNotAPostgresUrl()
{
    QString error;
    QVERIFY(!ConnectionSpec::fromPostgresUrl(QStringLiteral("mysql://x@y/z"), nullptr, &error));
    QVERIFY(error.contains(QLatin1String("postgres://")));
    QVERIFY(!ConnectionSpec::fromPostgresUrl(QString(), nullptr, &error));
    QVERIFY(!error.isEmpty());
}

void TestConnectionSpec::connectionStringEncodesThePassword()
{
    const auto spec
        = ConnectionSpec::fromPostgresUrl(QStringLiteral("postgres://app@db.example/inventory"));
    QVERIFY(spec);
    QCOMPARE(spec->connectionString(QStringLiteral("p@ss:w/rd?#%")),
             std::string("postgres://app:p%40ss%3Aw%2Frd%3F%23%25@db.example/inventory"));
    QCOMPARE(spec->connectionString(), std::string("postgres://app@db.example/inventory"));
    // Without a user or host: the authority stays for libpq.
    const ConnectionSpec local = ConnectionSpec::postgres({}, 0, QStringLiteral("db"), {});
    QCOMPARE(local.postgresUrl(), QStringLiteral("postgres:///db"));
    QCOMPARE(local.connectionString(QStringLiteral("pw")), std::string("postgres://:pw@/db"));
}

void TestConnectionSpec::connectionStringAddsParametersOnce()
{
    const auto spec = ConnectionSpec::fromPostgresUrl(
        QStringLiteral("postgres://app@db.example/inventory?pool_max=8"));
    QVERIFY(spec);
    QCOMPARE(spec->connectionString(
                 {}, {QStringLiteral("pool_max=1"), QStringLiteral("connect_timeout=5")}),
             std::string("postgres://app@db.example/inventory?pool_max=8&connect_timeout=5"));
}

// Issue 17, item 4: libpq's key=value text is a PostgreSQL connection in the GUI too.
void TestConnectionSpec::readsTheKeywordForm()
{
    QString password;
    const auto spec = ConnectionSpec::fromPostgresUrl(
        QStringLiteral("host=db.example port=6543 user=app password='s3 cret' dbname=inventory "
                       "sslmode=require"),
        &password);
    QVERIFY(spec);
    QCOMPARE(password, QStringLiteral("s3 cret"));
    QCOMPARE(spec->postgresUrl(),
             QStringLiteral("postgresql://app@db.example:6543/inventory?sslmode=require"));
    QCOMPARE(spec->host(), QStringLiteral("db.example"));
}

// Issue 17, item 2: QUrl's and libpq's reasons quote the text they refused.
// Issue 33: a URL naming a primary and its standby (libpq's failover) opens with both hosts,
// each with its port, and the password taken out.
void TestConnectionSpec::keepsEveryHostOfAFailoverUrl()
{
    QString password;
    QString error;
    const std::optional<ConnectionSpec> spec = ConnectionSpec::fromPostgresUrl(
        QStringLiteral("postgresql://app:s3cret@10.0.0.1:5432,10.0.0.2:5433/inv"
                       "?target_session_attrs=read-write"),
        &password,
        &error);
    QVERIFY2(spec, qPrintable(error));
    QCOMPARE(password, QStringLiteral("s3cret"));
    QCOMPARE(spec->displayName(), QStringLiteral("app@10.0.0.1:5432,10.0.0.2:5433/inv"));
    QCOMPARE(spec->connectionString(password),
             std::string("postgresql://app:s3cret@/inv?host=10.0.0.1%2C10.0.0.2"
                         "&port=5432%2C5433&target_session_attrs=read-write"));
    QVERIFY(!spec->postgresUrl().contains(QStringLiteral("s3cret")));
}

void TestConnectionSpec::errorsNeverQuoteThePassword()
{
    QString error;
    QVERIFY(!ConnectionSpec::fromPostgresUrl(
        QStringLiteral("postgresql://u:Zq8Hidden@h:99999999/db"), nullptr, &error));
    QVERIFY2(error.startsWith(QStringLiteral("Not a valid URL: ")), qPrintable(error));
    QVERIFY2(!error.contains(QStringLiteral("Zq8Hidden")), qPrintable(error));
    QVERIFY(!ConnectionSpec::fromPostgresUrl(
        QStringLiteral("host=h password=Zq8Hidden Zq8More dbname=x"), nullptr, &error));
    QCOMPARE(error,
             QStringLiteral("Not a valid connection string: missing \"=\" after \"***\" in "
                            "connection info string"));
}

void TestConnectionSpec::buildsAUrlFromParts()
{
    const ConnectionSpec spec = ConnectionSpec::postgres(
        QStringLiteral("db.example"), 5433, QStringLiteral("inv"), QStringLiteral("a b"));
    QCOMPARE(spec.postgresUrl(), QStringLiteral("postgres://a%20b@db.example:5433/inv"));
    QCOMPARE(spec.user(), QStringLiteral("a b"));
}

void TestConnectionSpec::sqliteSpecs()
{
    const ConnectionSpec spec = ConnectionSpec::sqlite(QStringLiteral("/data/kv.db"), true);
    QVERIFY(!spec.isPostgres());
    QVERIFY(spec.isValid());
    QVERIFY(spec.createNew());
    QCOMPARE(spec.connectionString(QStringLiteral("ignored")), std::string("/data/kv.db"));
    QCOMPARE(spec.displayName(), QStringLiteral("kv.db (/data)"));
    QVERIFY(!ConnectionSpec().isValid());
    ConnectionSpec prefixed = spec;
    prefixed.setTablePrefix(QStringLiteral("app_"));
    QVERIFY(!(prefixed == spec));
    QVERIFY(!prefixed.sameTarget(spec));
    QVERIFY(spec.sameTarget(ConnectionSpec::sqlite(QStringLiteral("/data/kv.db"))));
    QCOMPARE(prefixed.storeSettings(true, false).tablePrefix, std::optional<std::string>("app_"));
    QVERIFY(!prefixed.storeSettings(true, false).schema);
}

void TestConnectionSpec::variantMapRoundTrips()
{
    auto spec
        = ConnectionSpec::fromPostgresUrl(QStringLiteral("postgres://u@h:1/d?sslmode=disable"));
    QVERIFY(spec);
    spec->setSchema(QStringLiteral("infra"));
    spec->setTablePrefix(QStringLiteral("kvs_"));
    spec->setRememberPassword(true);
    QCOMPARE(ConnectionSpec::fromVariantMap(spec->toVariantMap()), spec);
    const ConnectionSpec file = ConnectionSpec::sqlite(QStringLiteral("/tmp/a.db"));
    QCOMPARE(ConnectionSpec::fromVariantMap(file.toVariantMap()), file);
    QVERIFY(!ConnectionSpec::fromVariantMap({}));
    // A hand-edited settings file with a password in the URL still yields none.
    QVariantMap edited = spec->toVariantMap();
    edited.insert(QStringLiteral("url"), QStringLiteral("postgres://u:leak@h:1/d"));
    QCOMPARE(ConnectionSpec::fromVariantMap(edited)->postgresUrl(),
             QStringLiteral("postgres://u@h:1/d"));
}

void TestConnectionSpec::recentAreMostRecentFirstDeduplicatedAndCapped()
{
    QSettings settings(m_dir.filePath(QStringLiteral("order.ini")), QSettings::IniFormat);
    RecentConnections recent(&settings);
    QVERIFY(recent.list().isEmpty());
    for (int i = 0; i < 12; ++i)
        recent.add(ConnectionSpec::sqlite(QStringLiteral("/data/%1.db").arg(i), true));
    QList<ConnectionSpec> specs = recent.list();
    QCOMPARE(specs.size(), RecentConnections::kMaxCount);
    QCOMPARE(specs.first().sqlitePath(), QStringLiteral("/data/11.db"));
    QVERIFY(!specs.first().createNew());
    QCOMPARE(specs.last().sqlitePath(), QStringLiteral("/data/2.db"));

    recent.add(ConnectionSpec::sqlite(QStringLiteral("/data/5.db")));
    specs = recent.list();
    QCOMPARE(specs.size(), RecentConnections::kMaxCount);
    QCOMPARE(specs.first().sqlitePath(), QStringLiteral("/data/5.db"));
    QCOMPARE(std::count_if(specs.begin(),
                           specs.end(),
                           [](const ConnectionSpec &s) {
                               return s.sqlitePath() == QLatin1String("/data/5.db");
                           }),
             1);

    recent.remove(ConnectionSpec::sqlite(QStringLiteral("/data/5.db")));
    QCOMPARE(recent.list().size(), RecentConnections::kMaxCount - 1);
    recent.clear();
    QVERIFY(recent.list().isEmpty());
}

void TestConnectionSpec::recentNeverStoreAPassword()
{
    const QString path = m_dir.filePath(QStringLiteral("secret.ini"));
    {
        QSettings settings(path, QSettings::IniFormat);
        RecentConnections recent(&settings);
        QString password;
        auto spec = ConnectionSpec::fromPostgresUrl(
            QStringLiteral(
                "postgres://app:Tr0ub4dor3xyz@db.example/inventory?password=OtherSecret9"),
            &password);
        QVERIFY(spec);
        QCOMPARE(password, QStringLiteral("Tr0ub4dor3xyz"));
        spec->setRememberPassword(true);
        recent.add(*spec);
        QCOMPARE(recent.list().size(), 1);
        QCOMPARE(recent.list().first().user(), QStringLiteral("app"));
    }
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.contains("db.example"));
    for (const QString &secret :
         {QStringLiteral("Tr0ub4dor3xyz"), QStringLiteral("OtherSecret9")}) {
        QVERIFY(!bytes.contains(secret.toUtf8()));
        // Nor as UTF-16, in case a value were ever stored as a serialized variant.
        QVERIFY(!bytes.contains(
            QByteArray(reinterpret_cast<const char *>(secret.utf16()), secret.size() * 2)));
    }
}

QTEST_MAIN(TestConnectionSpec)
#include "tst_connection_spec.moc"
