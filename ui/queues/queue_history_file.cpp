#include "queues/queue_history_file.h"

#include <kvs/data_folder.h>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace kvs::ui {

namespace {

constexpr auto kOwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

QString trFile(const char *text)
{
    return QCoreApplication::translate("QueueHistory", text);
}

QueueHistoryError writeError(const QString &path, const QString &reason)
{
    return QueueHistoryError(
        trFile(QT_TRANSLATE_NOOP("QueueHistory", "cannot write the queue history %1: %2"))
            .arg(QDir::toNativeSeparators(path), reason)
            .toStdString());
}

} // namespace

QString queueHistoryPath(const QString &identity)
{
    const QByteArray hash
        = QCryptographicHash::hash(identity.toUtf8(), QCryptographicHash::Sha256).toHex().left(32);
    QString folder = qEnvironmentVariable("KVS_QUEUE_HISTORY_DIR");
    if (folder.isEmpty())
        folder = QString::fromStdString(dataFilePath("queue-history"));
    return folder + QLatin1Char('/') + QString::fromLatin1(hash) + QStringLiteral(".kqh");
}

QueueHistoryLoad loadQueueHistory(const QString &path, const QString &identity)
{
    QueueHistoryLoad load;
    QFile file(path);
    if (!file.exists())
        return load;
    QString problem;
    if (!file.open(QIODevice::ReadOnly)) {
        // Unreadable by us (permissions): left where it is, and not overwritten either, since
        // a save would fail the same way.
        load.problem = file.errorString();
        return load;
    }
    try {
        load.history = QueueHistory::decode(file.readAll(), identity);
        return load;
    } catch (const QueueHistoryError &error) {
        problem = QString::fromStdString(error.what());
    }
    file.close();
    const QString aside = path + QStringLiteral(".unreadable");
    QFile::remove(aside);
    if (QFile::rename(path, aside))
        load.movedAside = aside;
    load.problem = problem;
    return load;
}

void saveQueueHistory(const QString &path, const QByteArray &bytes)
{
    const QFileInfo info(path);
    QDir folder = info.dir();
    if (!folder.exists()) {
        if (!folder.mkpath(QStringLiteral(".")))
            throw writeError(path, trFile(QT_TRANSLATE_NOOP("QueueHistory", "no folder")));
        QFile::setPermissions(folder.path(), kOwnerOnly | QFileDevice::ExeOwner);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw writeError(path, file.errorString());
    // On the temporary file, before anything is written: the data is never readable by others.
    file.setPermissions(kOwnerOnly);
    if (file.write(bytes) != bytes.size() || !file.commit())
        throw writeError(path, file.errorString());
    QFile::setPermissions(path, kOwnerOnly);
}

} // namespace kvs::ui
