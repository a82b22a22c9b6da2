// Issue 28: the SQL console's history file ($KVS_SQL_HISTORY may name anything). A named pipe
// never blocks a read or a write, and anything but a regular file is refused with a clear
// error; the file stays bounded (rotated past its size), and a read takes its end only.
#include "rawsql/statement_history.h"
#include "support/test_support.h"

#include <kvs/errors.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace kvs;
using namespace kvs::rawsql;

namespace {

StatementHistory::Entry entry(const QString &sql)
{
    return {QDateTime::currentDateTimeUtc(), QStringLiteral("q.db"), false, sql};
}

} // namespace

class TestStatementHistory : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void aNamedPipeIsRefusedWithoutBlocking()
    {
        const QString fifo = m_dir.filePath(QStringLiteral("history.fifo"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const StatementHistory history(fifo);
        // Both return at once: no reader or writer is waited for.
        QVERIFY(test::throwsWith<Error>([&] { (void)history.latest(50); },
                                        "kvs: cannot read the SQL history " + fifo.toStdString()
                                            + ": it is not a regular file"));
        QVERIFY(test::throwsWith<Error>([&] { history.append(entry(QStringLiteral("SELECT 1"))); },
                                        "kvs: cannot write the SQL history " + fifo.toStdString()
                                            + ": it is not a regular file"));
    }

    void aDirectoryIsRefused()
    {
        const QString folder = m_dir.filePath(QStringLiteral("a-folder"));
        QVERIFY(QDir().mkpath(folder));
        const StatementHistory history(folder);
        QVERIFY(test::throwsWith<Error>([&] { (void)history.latest(50); },
                                        "kvs: cannot read the SQL history " + folder.toStdString()
                                            + ": it is not a regular file"));
        QVERIFY(test::throwsWith<Error>([&] { history.append(entry(QStringLiteral("SELECT 1"))); },
                                        "kvs: cannot write the SQL history " + folder.toStdString()
                                            + ": Is a directory"));
    }

    void itStaysBoundedAndReadsItsEnd()
    {
        const QString path = m_dir.filePath(QStringLiteral("rotating.jsonl"));
        const StatementHistory history(path);
        // About 2.5 times the rotation size in statements of 1 KB.
        const QString padding(1000, QLatin1Char('x'));
        const int count = int(StatementHistory::kRotateBytes * 5 / 2 / 1100);
        for (int i = 0; i < count; ++i)
            history.append(entry(QStringLiteral("SELECT %1 -- %2").arg(i).arg(padding)));
        QVERIFY(QFileInfo(path).size() <= StatementHistory::kRotateBytes);
        QVERIFY(QFileInfo(path + QStringLiteral(".1")).size() > StatementHistory::kRotateBytes);
        QVERIFY(QFileInfo(path + QStringLiteral(".1")).size()
                < StatementHistory::kRotateBytes + 2000);
        QVERIFY(!QFileInfo::exists(path + QStringLiteral(".2")));
        QCOMPARE(QFileInfo(path).permissions() & 0x0077, QFileDevice::Permissions());
        const QList<StatementHistory::Entry> latest = history.latest(50);
        QCOMPARE(latest.size(), 50);
        QVERIFY(latest.last().sql.startsWith(QStringLiteral("SELECT %1 --").arg(count - 1)));
        QVERIFY(latest.first().sql.startsWith(QStringLiteral("SELECT %1 --").arg(count - 50)));
    }

    void aJustRotatedFileReadsThePreviousOneToo()
    {
        const QString path = m_dir.filePath(QStringLiteral("just-rotated.jsonl"));
        const StatementHistory history(path);
        const QString padding(1000, QLatin1Char('y'));
        int i = 0;
        while (!QFileInfo::exists(path + QStringLiteral(".1")))
            history.append(entry(QStringLiteral("SELECT %1 -- %2").arg(i++).arg(padding)));
        history.append(entry(QStringLiteral("SELECT 'after'")));
        const QList<StatementHistory::Entry> latest = history.latest(5);
        QCOMPARE(latest.size(), 5);
        QCOMPARE(latest.last().sql, QStringLiteral("SELECT 'after'"));
        QVERIFY(latest.at(3).sql.startsWith(QStringLiteral("SELECT %1 --").arg(i - 1)));
    }
};

QTEST_GUILESS_MAIN(TestStatementHistory)
#include "tst_statement_history.moc"
