// DatabaseSession on the test run's PostgreSQL server: a schema at an older kvs version opens
// for reading and says which version it is, unchanged, as a SQLite file does; writing it is
// refused until the user consents to the migration.
#include "session/database_session.h"
#include "support/postgres_test_server.h"

#include <QSignalSpy>
#include <QTest>

using kvs::ui::ConnectionSpec;
using kvs::ui::DatabaseSession;
using kvs::ui::SessionProblem;

namespace {

constexpr int kTimeout = 30000;

// kvs 0.4's tables (schema version 2) in a schema of their own, with one entry.
std::string createVersion2Schema(kvs::test::PgAdmin &admin)
{
    const std::string schema = kvs::test::freshSchema("session_v2");
    const std::string s = kvs::test::createVersion2KvTables(admin, schema);
    const std::string key
        = QByteArray::fromStdString(kvs::encodeKey({"old"})).toHex().toStdString();
    admin.exec("INSERT INTO " + s + "\"kv\" VALUES ('\\x" + key
               + "', convert_to('1', 'UTF8'), 7, NULL)");
    return schema;
}

} // namespace

class TestDatabaseSessionPostgres : public QObject
{
    Q_OBJECT

private slots:
    void olderSchemaReadsAndSaysItsVersion();
};

void TestDatabaseSessionPostgres::olderSchemaReadsAndSaysItsVersion()
{
    kvs::test::PgAdmin admin;
    const std::string schema = createVersion2Schema(admin);
    QString password;
    auto spec = ConnectionSpec::fromPostgresUrl(QString::fromStdString(kvs::test::postgresUrl()),
                                                &password);
    QVERIFY(spec.has_value());
    spec->setSchema(QString::fromStdString(schema));

    DatabaseSession session(*spec, password);
    QSignalSpy outdated(&session, &DatabaseSession::schemaOutdated);
    QSignalSpy problems(&session, &DatabaseSession::problem);
    session.open();
    QTRY_COMPARE_WITH_TIMEOUT(outdated.count(), 1, kTimeout);
    QCOMPARE(outdated.front().front().toLongLong(), 2LL);
    QVERIFY(session.store());
    QVERIFY(!session.isWritable());
    const auto entry = session.store()->get({"old"}).result();
    QVERIFY(entry.has_value());
    QCOMPARE(entry->version, std::int64_t(7));
    const std::string meta
        = "SELECT value FROM \"" + schema + "\".\"meta\" WHERE key = 'schema_version'";
    QCOMPARE(admin.exec(meta), std::string("2"));

    // Writing without consent is refused, naming the version; nothing changes.
    session.setWritable(true);
    QTRY_COMPARE_WITH_TIMEOUT(problems.count(), 1, kTimeout);
    const auto problem = problems.front().front().value<SessionProblem>();
    QCOMPARE(problem.kind, SessionProblem::Kind::SchemaOutdated);
    QCOMPARE(problem.schemaVersion, 2LL);
    QVERIFY(!session.isWritable());
    QCOMPARE(admin.exec(meta), std::string("2"));
}

QTEST_GUILESS_MAIN(TestDatabaseSessionPostgres)
#include "tst_database_session_postgres.moc"
