// Issue 40: the saved key-space reports of a database listed (listKeySpaceReports), as the
// Analysis view's Saved reports show them: each database's own, in the order saved, lines that
// are not JSON passed over, a file not there yet listing none, a file that cannot be read saying
// so.
#include <kvs/errors.h>
#include <kvs/saved_key_space_reports.h>

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TstSavedKeySpaceReports : public QObject
{
    Q_OBJECT

private slots:
    void listsEachDatabasesReportsInTheOrderSaved()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("reports.jsonl")).toStdString();
        QVERIFY(kvs::listKeySpaceReports("a", path).empty());
        const auto report = [](int entries) {
            return QJsonObject{
                {QStringLiteral("totals"), QJsonObject{{QStringLiteral("entries"), entries}}}};
        };
        QCOMPARE(kvs::saveKeySpaceReport("a", report(1), 1000, path), std::int64_t(1));
        QCOMPARE(kvs::saveKeySpaceReport("b", report(2), 2000, path), std::int64_t(1));
        {
            QFile file(QString::fromStdString(path));
            QVERIFY(file.open(QIODevice::Append));
            file.write("not json\n");
        }
        QCOMPARE(kvs::saveKeySpaceReport("a", report(3), 3000, path), std::int64_t(2));
        const std::vector<kvs::SavedKeySpaceReport> a = kvs::listKeySpaceReports("a", path);
        QCOMPARE(int(a.size()), 2);
        QCOMPARE(a[0].id, std::int64_t(1));
        QCOMPARE(a[0].savedAt, std::int64_t(1000));
        QCOMPARE(a[0].report, report(1));
        QCOMPARE(a[1].id, std::int64_t(2));
        QCOMPARE(a[1].savedAt, std::int64_t(3000));
        QCOMPARE(a[1].report, report(3));
        const std::vector<kvs::SavedKeySpaceReport> b = kvs::listKeySpaceReports("b", path);
        QCOMPARE(int(b.size()), 1);
        QCOMPARE(b[0].report, report(2));
        QVERIFY(kvs::listKeySpaceReports("c", path).empty());
    }

    void aFileThatCannotBeReadSaysSo()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // A folder where the file should be.
        const QString path = dir.filePath(QStringLiteral("reports.jsonl"));
        QVERIFY(QDir().mkpath(path));
        try {
            (void)kvs::listKeySpaceReports("a", path.toStdString());
            QFAIL("listed a folder");
        } catch (const kvs::Error &error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(
                message.startsWith(
                    QStringLiteral("kvs: cannot read the saved analysis reports %1").arg(path)),
                qPrintable(message));
        }
    }
};

QTEST_GUILESS_MAIN(TstSavedKeySpaceReports)
#include "tst_saved_key_space_reports.moc"
