// Issue 35: `kvs --connection NAME` opens a connection saved in KVS Admin's settings file.
#include "cli_test_support.h"

#include <kvs/saved_connections.h>

#include <QProcessEnvironment>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace cli_test;

class TestCliConnection : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // The settings file kvs reads under XDG_CONFIG_HOME = m_dir.
    QString settingsPath() const
    {
        return m_dir.filePath(QStringLiteral("config/KVS Admin/kvs-admin.conf"));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // kvs (a child process) and this test read the same file.
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toUtf8());
        QSettings settings(settingsPath(), QSettings::IniFormat);
        kvs::SavedConnections saved(settings);
        kvs::SavedConnection local;
        local.name = QStringLiteral("local store");
        local.target = {{QStringLiteral("kind"), QStringLiteral("sqlite")},
                        {QStringLiteral("path"), m_dir.filePath(QStringLiteral("kv.db"))},
                        {QStringLiteral("tablePrefix"), QStringLiteral("app_")}};
        saved.put(local);
    }

    void opensTheSavedConnection()
    {
        Run run = runKvs({QStringLiteral("--connection"),
                          QStringLiteral("local store"),
                          QStringLiteral("set"),
                          QStringLiteral("[\"a\"]"),
                          QStringLiteral("42")});
        QVERIFY2(run.code == 0, run.err.constData());
        // The same database, prefix included, through --db.
        run = runKvs({QStringLiteral("--db"),
                      m_dir.filePath(QStringLiteral("kv.db")),
                      QStringLiteral("--table-prefix"),
                      QStringLiteral("app_"),
                      QStringLiteral("get"),
                      QStringLiteral("[\"a\"]")});
        QVERIFY2(run.code == 0, run.err.constData());
        QCOMPARE(run.out.trimmed(), QByteArray("42"));
        run = runKvs({QStringLiteral("--connection=local store"),
                      QStringLiteral("get"),
                      QStringLiteral("[\"a\"]")});
        QVERIFY2(run.code == 0, run.err.constData());
        QCOMPARE(run.out.trimmed(), QByteArray("42"));
    }

    void errors()
    {
        Run run = runKvs({QStringLiteral("--connection"),
                          QStringLiteral("nope"),
                          QStringLiteral("get"),
                          QStringLiteral("[\"a\"]")});
        QCOMPARE(run.code, 2);
        QCOMPARE(run.err.trimmed(),
                 QByteArray("kvs: no saved connection is named \"nope\" (KVS Admin saves them in "
                            "File > Open Database)"));
        run = runKvs({QStringLiteral("--connection"),
                      QStringLiteral("local store"),
                      QStringLiteral("--db"),
                      QStringLiteral("x.db"),
                      QStringLiteral("get"),
                      QStringLiteral("[\"a\"]")});
        QCOMPARE(run.code, 2);
        QCOMPARE(run.err.trimmed(), QByteArray("kvs: --connection and --db cannot both be given"));
        run = runKvs({QStringLiteral("get"), QStringLiteral("--connection")});
        QCOMPARE(run.code, 2);
        QCOMPARE(run.err.trimmed(), QByteArray("kvs: --connection needs a NAME"));
    }
};

QTEST_GUILESS_MAIN(TestCliConnection)
#include "tst_cli_connection.moc"
