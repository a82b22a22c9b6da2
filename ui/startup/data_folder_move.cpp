#include "startup/data_folder_move.h"

#include <kvs/data_folder.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace kvs::ui {

QString legacyDataFolderPath()
{
    // Spelled out rather than AppLocalDataLocation: what the former release's names gave, not
    // what the running application's are.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
           + QStringLiteral("/KVS Admin/kvs-admin");
}

DataFolderMove moveLegacyDataFolder()
{
    DataFolderMove result;
    const QString legacy = legacyDataFolderPath();
    QDir from(legacy);
    if (!from.exists())
        return result;
    const QString target = QString::fromStdString(dataFolderPath());
    if (!QFileInfo::exists(target)) {
        if (!QDir().mkpath(target)) {
            result.problem = QStringLiteral("cannot create %1").arg(target);
            return result;
        }
        QFile::setPermissions(
            target, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    const QStringList names
        = from.entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        const QString destination = target + QLatin1Char('/') + name;
        if (QFileInfo::exists(destination) || QFileInfo(destination).isSymLink()) {
            result.kept << name;
            continue;
        }
        // rename(2): a file or a whole folder at once, on the same file system as it is (both
        // are in $XDG_DATA_HOME).
        const QByteArray source = QFile::encodeName(from.filePath(name));
        if (std::rename(source.constData(), QFile::encodeName(destination).constData()) != 0) {
            result.problem = QStringLiteral("cannot move %1 to %2: %3")
                                 .arg(from.filePath(name),
                                      target,
                                      QString::fromLocal8Bit(std::strerror(errno)));
            result.kept << name;
            continue;
        }
        result.moved << name;
    }
    if (result.kept.isEmpty()) {
        from.rmdir(legacy);
        QDir parent(QFileInfo(legacy).path());
        parent.rmdir(parent.path()); // only when empty
    }
    return result;
}

} // namespace kvs::ui
