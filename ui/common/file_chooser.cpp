#include "common/file_chooser.h"

#include <QFileIconProvider>
#include <QFileInfo>
#include <QMimeDatabase>

namespace kvs::ui {

namespace {

// Icons and type names from a file's name (its extension), never from its bytes.
// QAbstractFileIconProvider's own icon() and type() ask QMimeDatabase with MatchDefault, which
// opens a file whose name does not settle its type; the dialog's file system model calls them
// for every file it lists, on its own thread (QMimeDatabase is thread-safe).
class NameOnlyIconProvider : public QFileIconProvider
{
public:
    QIcon icon(IconType type) const override { return QFileIconProvider::icon(type); }

    QIcon icon(const QFileInfo &info) const override
    {
        if (info.isDir())
            return QFileIconProvider::icon(QFileIconProvider::Folder);
        const QMimeType type = mimeTypeOf(info);
        return QIcon::fromTheme(type.iconName(), QFileIconProvider::icon(QFileIconProvider::File));
    }

    QString type(const QFileInfo &info) const override
    {
        if (info.isDir())
            return QFileIconProvider::type(info); // a folder's: never read either
        const QMimeType type = mimeTypeOf(info);
        return type.comment().isEmpty() ? type.name() : type.comment();
    }

private:
    QMimeType mimeTypeOf(const QFileInfo &info) const
    {
        return m_types.mimeTypeForFile(info.fileName(), QMimeDatabase::MatchExtension);
    }

    QMimeDatabase m_types;
};

QFileIconProvider *nameOnlyIcons()
{
    static NameOnlyIconProvider provider; // shared by every dialog; it keeps no state
    return &provider;
}

QString chosen(QFileDialog &dialog, QString *selectedFilter)
{
    if (dialog.exec() != QDialog::Accepted)
        return {};
    if (selectedFilter)
        *selectedFilter = dialog.selectedNameFilter();
    return dialog.selectedFiles().value(0);
}

// What a get...FileName call asks for.
struct Request
{
    QString caption;
    QString directory;
    QString filter;
    QFileDialog::Options options;
};

QString chooseFile(QWidget *parent,
                   const Request &request,
                   QFileDialog::AcceptMode accept,
                   QFileDialog::FileMode mode,
                   QString *selectedFilter)
{
    QFileDialog dialog(parent, request.caption, request.directory, request.filter);
    dialog.setOptions(request.options);
    FileChooser::blindToContents(dialog);
    dialog.setAcceptMode(accept);
    dialog.setFileMode(mode);
    if (selectedFilter && !selectedFilter->isEmpty())
        dialog.selectNameFilter(*selectedFilter);
    // As QFileDialog's functions: a directory that names a file proposes that file.
    if (!request.directory.isEmpty() && !QFileInfo(request.directory).isDir())
        dialog.selectFile(request.directory);
    return chosen(dialog, selectedFilter);
}

} // namespace

void FileChooser::blindToContents(QFileDialog &dialog)
{
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    dialog.setIconProvider(nameOnlyIcons());
}

QString FileChooser::getOpenFileName(QWidget *parent,
                                     const QString &caption,
                                     const QString &directory,
                                     const QString &filter,
                                     QString *selectedFilter,
                                     QFileDialog::Options options)
{
    return chooseFile(parent,
                      {caption, directory, filter, options},
                      QFileDialog::AcceptOpen,
                      QFileDialog::ExistingFile,
                      selectedFilter);
}

QString FileChooser::getSaveFileName(QWidget *parent,
                                     const QString &caption,
                                     const QString &directory,
                                     const QString &filter,
                                     QString *selectedFilter,
                                     QFileDialog::Options options)
{
    return chooseFile(parent,
                      {caption, directory, filter, options},
                      QFileDialog::AcceptSave,
                      QFileDialog::AnyFile,
                      selectedFilter);
}

QString
FileChooser::getExistingDirectory(QWidget *parent, const QString &caption, const QString &directory)
{
    QFileDialog dialog(parent, caption, directory);
    dialog.setOptions(QFileDialog::ShowDirsOnly);
    blindToContents(dialog);
    dialog.setFileMode(QFileDialog::Directory);
    return chosen(dialog, nullptr);
}

} // namespace kvs::ui
