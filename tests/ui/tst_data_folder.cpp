// Issue 28: one data folder. kvs-admin kept the demo database and the queue charts' history in
// "$XDG_DATA_HOME/KVS Admin/kvs-admin" (the folder Qt derives from the organisation name) and
// the audit log, SQL and benchmark histories in "$XDG_DATA_HOME/kvs-admin"; now every file is in
// the latter, and the former's files move there once, at start (kvs-admin itself, --smoke).
#include "queues/queue_history_file.h"
#include "startup/data_folder_move.h"
#include "support/test_paths.h"

#include <kvs/data_folder.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs::ui;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

} // namespace

class TestDataFolder : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_homes = 0;
    QString m_home; // this case's $XDG_DATA_HOME

    QString legacy(const QString &name) const
    {
        return m_home + QStringLiteral("/KVS Admin/kvs-admin/") + name;
    }
    QString current(const QString &name) const
    {
        return m_home + QStringLiteral("/kvs-admin/") + name;
    }

private slots:
    void init()
    {
        m_home = m_dir.filePath(QStringLiteral("home%1").arg(++m_homes));
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_home));
    }

    void everyFileIsInTheOneFolder()
    {
        const QString folder = QString::fromStdString(kvs::dataFolderPath());
        QCOMPARE(folder, m_home + QStringLiteral("/kvs-admin"));
        const QByteArray before = qgetenv("KVS_QUEUE_HISTORY_DIR");
        qunsetenv("KVS_QUEUE_HISTORY_DIR");
        const QString history = queueHistoryPath(QStringLiteral("q.db (/srv)"));
        qputenv("KVS_QUEUE_HISTORY_DIR", before);
        QVERIFY2(history.startsWith(folder + QStringLiteral("/queue-history/")),
                 qPrintable(history));
    }

    void theFormerFolderMovesOnce()
    {
        QVERIFY(writeFile(legacy(QStringLiteral("demo.kvs.db")), "demo"));
        QVERIFY(writeFile(legacy(QStringLiteral("queue-history/0123.kqh")), "history"));
        QVERIFY(writeFile(current(QStringLiteral("audit.jsonl")), "{}\n"));
        const DataFolderMove move = moveLegacyDataFolder();
        QCOMPARE(move.problem, QString());
        QCOMPARE(move.kept, QStringList());
        QCOMPARE(QSet<QString>(move.moved.begin(), move.moved.end()),
                 (QSet<QString>{QStringLiteral("demo.kvs.db"), QStringLiteral("queue-history")}));
        QCOMPARE(fileBytes(current(QStringLiteral("demo.kvs.db"))), QByteArray("demo"));
        QCOMPARE(fileBytes(current(QStringLiteral("queue-history/0123.kqh"))),
                 QByteArray("history"));
        QCOMPARE(fileBytes(current(QStringLiteral("audit.jsonl"))), QByteArray("{}\n"));
        QVERIFY(!QFileInfo::exists(m_home + QStringLiteral("/KVS Admin")));
        // Once: nothing more to do.
        const DataFolderMove again = moveLegacyDataFolder();
        QVERIFY(again.moved.isEmpty() && again.kept.isEmpty() && again.problem.isEmpty());
    }

    void aNameTakenInTheDataFolderStaysWhereItIs()
    {
        QVERIFY(writeFile(legacy(QStringLiteral("demo.kvs.db")), "old demo"));
        QVERIFY(writeFile(legacy(QStringLiteral("queue-history/a.kqh")), "a"));
        QVERIFY(writeFile(current(QStringLiteral("demo.kvs.db")), "new demo"));
        const DataFolderMove move = moveLegacyDataFolder();
        QCOMPARE(move.kept, QStringList{QStringLiteral("demo.kvs.db")});
        QCOMPARE(move.moved, QStringList{QStringLiteral("queue-history")});
        QCOMPARE(fileBytes(current(QStringLiteral("demo.kvs.db"))), QByteArray("new demo"));
        QCOMPARE(fileBytes(legacy(QStringLiteral("demo.kvs.db"))), QByteArray("old demo"));
        QCOMPARE(fileBytes(current(QStringLiteral("queue-history/a.kqh"))), QByteArray("a"));
    }

    void kvsAdminMovesItAtStart()
    {
        QVERIFY(writeFile(legacy(QStringLiteral("demo.kvs.db")), "demo"));
        QProcess admin;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("XDG_DATA_HOME"), m_home);
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        admin.setProcessEnvironment(environment);
        admin.start(kvs::test::fromTest(KVS_ADMIN_PATH), {QStringLiteral("--smoke")});
        QVERIFY(admin.waitForFinished(60000));
        QCOMPARE(admin.exitStatus(), QProcess::NormalExit);
        QCOMPARE(admin.exitCode(), 0);
        QCOMPARE(fileBytes(current(QStringLiteral("demo.kvs.db"))), QByteArray("demo"));
        QVERIFY(!QFileInfo::exists(m_home + QStringLiteral("/KVS Admin")));
        QVERIFY2(admin.readAllStandardError().contains("kvs-admin: moved demo.kvs.db from "
                                                       + QFile::encodeName(m_home)
                                                       + "/KVS Admin/kvs-admin to the data folder"),
                 "the move is said");
    }
};

QTEST_MAIN(TestDataFolder)
#include "tst_data_folder.moc"
