// File ▸ Back Up… of a database tab (ui/session/database_backup.h): the copy made off the GUI
// thread, what it says when done, Cancel, and a refusal shown as the core words it.
#include "session/database_backup.h"
#include "support/database_view_fixture.h"
#include "support/raw_sqlite.h"

#include <kvs/backup.h>
#include <kvs/kvstore.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;

namespace {

void fill(const QString &path, int entries, int valueBytes)
{
    KVStore store(path.toStdString());
    for (int i = 0; i < entries; ++i)
        store.set({"items", double(i)}, Value(std::string(std::size_t(valueBytes), 'v')));
}

std::int64_t countOf(const QString &path)
{
    test::RawSqlite db(path.toStdString(), true);
    return std::stoll(db.rows("SELECT count(*) FROM kv").at(0).at(0));
}

} // namespace

class TestDatabaseBackup : public QObject
{
    Q_OBJECT

private slots:
    void backsUpAReadOnlyTabAndSaysWhatItWrote()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.db"));
        fill(path, 40, 100);
        QWidget parent;
        std::unique_ptr<ui::DatabaseSession> session(test::sqliteSession(path));
        ui::DatabaseBackup backup(session.get(), &parent);
        QVERIFY(backup.action()->isEnabled());
        QSignalSpy finished(&backup, &ui::DatabaseBackup::finished);
        QString shown;
        test::answerNextMessageBox(QStringLiteral("OK"), &shown);
        const QString destination = dir.filePath(QStringLiteral("copy.db"));
        backup.backUpTo(destination);
        QVERIFY(backup.running());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        const QString message = finished.at(0).at(1).toString();
        QVERIFY2(message.startsWith(QStringLiteral("Backed up 40 entries (")), qPrintable(message));
        QVERIFY(message.endsWith(destination + QLatin1Char('.')));
        QVERIFY(shown.startsWith(message));
        QCOMPARE(countOf(destination), 40);
        QVERIFY(!backup.running());
    }

    void cancelLeavesNoFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("large.db"));
        fill(path, 4000, 8000); // about 32 MB: many steps of 1024 pages
        QWidget parent;
        std::unique_ptr<ui::DatabaseSession> session(test::sqliteSession(path));
        ui::DatabaseBackup backup(session.get(), &parent);
        QSignalSpy finished(&backup, &ui::DatabaseBackup::finished);
        const QString destination = dir.filePath(QStringLiteral("copy.db"));
        backup.backUpTo(destination);
        backup.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QCOMPARE(finished.at(0).at(1).toString(), QString());
        QVERIFY(!QFile::exists(destination));
        QVERIFY(!QFile::exists(destination + QStringLiteral(".kvs-partial")));
    }

    void aRefusalIsShownInTheCoresWords()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.db"));
        fill(path, 2, 10);
        const QString destination = dir.filePath(QStringLiteral("taken.db"));
        fill(destination, 1, 10);
        QWidget parent;
        std::unique_ptr<ui::DatabaseSession> session(test::sqliteSession(path));
        ui::DatabaseBackup backup(session.get(), &parent);
        QSignalSpy finished(&backup, &ui::DatabaseBackup::finished);
        QString shown;
        test::answerNextMessageBox(QStringLiteral("OK"), &shown);
        backup.backUpTo(destination);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        const QString expected = QStringLiteral("kvs: the backup destination %1 already exists; "
                                                "give a new file name")
                                     .arg(destination);
        QCOMPARE(finished.at(0).at(1).toString(), expected);
        QVERIFY(shown.startsWith(expected));
        QCOMPARE(countOf(destination), 1);
    }
};

QTEST_MAIN(TestDatabaseBackup)
#include "tst_database_backup.moc"
