// The app's file dialogs list a folder without reading its files: a dialog open on the folder of
// a database this process has open leaves SQLite's locks in place, so another process's close
// does not take itself for the last one and delete the -wal this process writes to.

#include "common/file_chooser.h"
#include "support/test_paths.h"

#include <kvs/kvstore.h>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileSystemModel>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using kvs::ui::FileChooser;

namespace {

constexpr int kTimeout = 20000;

// The files this process has open whose name says they were deleted.
QStringList deletedOpenFiles(const QString &folder)
{
    QStringList deleted;
    const QDir fds(QStringLiteral("/proc/self/fd"));
    for (const QString &fd :
         fds.entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::System)) {
        const QString target = QFile::symLinkTarget(fds.filePath(fd));
        if (target.startsWith(folder) && target.endsWith(QStringLiteral(" (deleted)")))
            deleted << target;
    }
    return deleted;
}

} // namespace

class TstFileChooser : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    // kvs ARGS as another process; its standard output, or "<failed: ...>".
    static QString kvsCli(const QStringList &args)
    {
        QProcess process;
        process.start(kvs::test::fromTest(KVS_CLI_PATH), args);
        if (!process.waitForFinished(kTimeout) || process.exitCode() != 0)
            return QStringLiteral("<failed: %1>")
                .arg(QString::fromUtf8(process.readAllStandardError()).trimmed());
        return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
    }

private slots:
    void aDialogOnADatabasesFolderLeavesItsLocks()
    {
        QVERIFY(m_dir.isValid());
        const QString folder = QDir(m_dir.path()).canonicalPath();
        const QString path = folder + QStringLiteral("/open.kvs.db");
        kvs::KVStore store(path.toStdString());
        store.set({"before"}, kvs::Value(1.0)); // the -wal and -shm are there from here on
        QVERIFY(QFile::exists(path + QStringLiteral("-wal")));

        QFileDialog dialog;
        FileChooser::blindToContents(dialog);
        dialog.setDirectory(folder);
        dialog.show();
        auto *model = dialog.findChild<QFileSystemModel *>();
        QVERIFY(model);
        const QModelIndex root = model->index(folder);
        // Every file listed with its type (the column the dialog shows; a reading dialog opened
        // each file to name it).
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(root), 3, kTimeout);
        for (int row = 0; row < model->rowCount(root); ++row) {
            const QModelIndex type = model->index(row, 2, root);
            QTRY_VERIFY_WITH_TIMEOUT(!type.data().toString().isEmpty(), kTimeout);
            QVERIFY(!model->index(row, 0, root).data(Qt::DecorationRole).isNull());
        }
        dialog.close();

        // Another process writes and closes; then this one writes, and a third one reads it.
        const QString written = kvsCli({QStringLiteral("--db"),
                                        path,
                                        QStringLiteral("set"),
                                        QStringLiteral(R"(["other"])"),
                                        QStringLiteral("2")});
        QVERIFY2(!written.startsWith(QStringLiteral("<failed")), qPrintable(written));
        QCOMPARE(deletedOpenFiles(folder), QStringList());
        store.set({"after"}, kvs::Value(3.0));
        QCOMPARE(kvsCli({QStringLiteral("--db"),
                         path,
                         QStringLiteral("get"),
                         QStringLiteral(R"(["after"])")}),
                 QStringLiteral("3"));
    }

    void theChoosersAreQtsOwnDialogs()
    {
        // A native dialog would read the files it lists in this process too (GTK's and KDE's
        // run here); the chooser's functions build Qt's, checked through a dialog they show.
        QString title;
        QTimer::singleShot(0, this, [&] {
            QTRY_VERIFY(QApplication::activeModalWidget());
            auto *shown = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            QVERIFY(shown);
            title = shown->windowTitle();
            QVERIFY(shown->testOption(QFileDialog::DontUseNativeDialog));
            QVERIFY(shown->iconProvider() != nullptr);
            shown->reject();
        });
        QCOMPARE(FileChooser::getOpenFileName(nullptr, QStringLiteral("Pick"), m_dir.path()),
                 QString());
        QCOMPARE(title, QStringLiteral("Pick"));
    }
};

QTEST_MAIN(TstFileChooser)
#include "tst_file_chooser.moc"
