// File ▸ Restore… of a database tab (ui/session/database_restore.h): asks, replaces the whole
// database with the backup (never merges), is audited, and leaves everything as it was when the
// user says no, the tab is read-only or the file is no backup.
#include "session/database_restore.h"
#include "support/database_view_fixture.h"
#include "support/raw_sqlite.h"

#include <kvs/backup.h>
#include <kvs/kvstore.h>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;

namespace {

std::vector<std::vector<std::string>> kvRows(const QString &path)
{
    test::RawSqlite db(path.toStdString(), true);
    return db.rows("SELECT key, value FROM kv ORDER BY key");
}

} // namespace

class TestDatabaseRestore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_backup; // a backup of a store with five entries
    QString m_source;

    // A store with three entries of its own, to be restored over.
    QString target(const QString &name)
    {
        const QString path = m_dir.filePath(name);
        KVStore store(path.toStdString());
        for (int i = 0; i < 3; ++i)
            store.set({"target", double(i)}, Value(std::string("old")));
        return path;
    }

private slots:
    void initTestCase()
    {
        m_source = m_dir.filePath(QStringLiteral("source.db"));
        {
            KVStore store(m_source.toStdString());
            for (int i = 0; i < 5; ++i)
                store.set({"source", double(i)}, Value(std::string("new")));
        }
        m_backup = m_dir.filePath(QStringLiteral("source.backup"));
        (void)backupSqliteStore(m_source.toStdString(), m_backup.toStdString());
        qputenv("KVS_AUDIT_LOG", m_dir.filePath(QStringLiteral("audit.log")).toUtf8());
    }

    void replacesTheDatabaseAndIsAudited()
    {
        const QString path = target(QStringLiteral("replaced.db"));
        QWidget parent;
        std::unique_ptr<ui::DatabaseSession> session(test::sqliteSession(path));
        ui::DatabaseRestore restore(session.get(), &parent);
        restore.setWritable(true);
        QSignalSpy finished(&restore, &ui::DatabaseRestore::finished);
        QString question;
        test::answerNextMessageBox(QStringLiteral("Replace"), &question);
        restore.restoreFrom(m_backup);
        QVERIFY(question.contains(QStringLiteral("not merged")));
        test::answerNextMessageBox(QStringLiteral("OK"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QCOMPARE(finished.at(0).at(1).toString(),
                 QStringLiteral("Restored 5 entries from %1.").arg(m_backup));
        QVERIFY(kvRows(path) == kvRows(m_source)); // the target's own entries are gone
        const QByteArray audit = [&] {
            QFile file(m_dir.filePath(QStringLiteral("audit.log")));
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        }();
        QVERIFY(audit.contains("\"action\":\"restore\""));
        QVERIFY(audit.contains("\"result\":\"done\""));
    }

    void noChangesNothing()
    {
        const QString path = target(QStringLiteral("kept.db"));
        const auto before = kvRows(path);
        QWidget parent;
        std::unique_ptr<ui::DatabaseSession> session(test::sqliteSession(path));
        ui::DatabaseRestore restore(session.get(), &parent);
        restore.setWritable(true);
        QSignalSpy finished(&restore, &ui::DatabaseRestore::finished);
        test::answerNextMessageBox(QStringLiteral("Cancel"));
        restore.restoreFrom(m_backup);
        QVERIFY(!restore.running());
        QCOMPARE(finished.count(), 0);
        QVERIFY(kvRows(path) == before);

        // A read-only tab offers no restore at all.
        ui::DatabaseRestore readOnly(session.get(), &parent);
        QVERIFY(!readOnly.action()->isEnabled());
        readOnly.restoreFrom(m_backup);
        QVERIFY(!readOnly.running());
        QVERIFY(kvRows(path) == before);
    }

    void aFileThatIsNoBackupIsRefused()
    {
        const QString path = target(QStringLiteral("refused.db"));
        const auto before = kvRows(path);
        const QString text = m_dir.filePath(QStringLiteral("notes.txt"));
        QFile file(text);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(4096, 'n'));
        file.close();
        QWidget parent;
        std::unique_ptr<ui::DatabaseSession> session(test::sqliteSession(path));
        ui::DatabaseRestore restore(session.get(), &parent);
        restore.setWritable(true);
        QSignalSpy finished(&restore, &ui::DatabaseRestore::finished);
        test::answerNextMessageBox(QStringLiteral("Replace"));
        restore.restoreFrom(text);
        QString shown;
        test::answerNextMessageBox(QStringLiteral("OK"), &shown);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QCOMPARE(finished.at(0).at(1).toString(),
                 QStringLiteral("kvs: %1 is not a kvs backup (quick_check: file is not a "
                                "database)")
                     .arg(text));
        QVERIFY(kvRows(path) == before);
    }
};

QTEST_MAIN(TestDatabaseRestore)
#include "tst_database_restore.moc"
