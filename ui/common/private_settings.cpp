#include "common/private_settings.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>

namespace kvs::ui {

namespace {

constexpr QFileDevice::Permissions kOwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

} // namespace

void syncPrivately(QSettings &settings)
{
    const QString path = settings.fileName();
    if (!path.isEmpty() && !QFileInfo::exists(path)) {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        (void)file.open(QIODevice::WriteOnly | QIODevice::NewOnly, kOwnerOnly);
    }
    settings.sync();
    if (!path.isEmpty() && QFileInfo::exists(path) && QFile::permissions(path) != kOwnerOnly)
        QFile::setPermissions(path, kOwnerOnly);
}

} // namespace kvs::ui
