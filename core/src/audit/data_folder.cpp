#include <kvs/data_folder.h>

#include <QStandardPaths>

namespace kvs {

std::string dataFolderPath()
{
    // GenericDataLocation, not AppLocalDataLocation: the latter depends on the application's
    // organisation and name, which the CLI and the GUI do not share.
    const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return (data + QStringLiteral("/kvs-admin")).toStdString();
}

std::string dataFilePath(const std::string &name)
{
    return dataFolderPath() + "/" + name;
}

} // namespace kvs
