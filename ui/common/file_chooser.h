#pragma once

#include <QFileDialog>
#include <QString>

class QWidget;

namespace kvs::ui {

// The app's file dialogs: QFileDialog's own (never the platform's) with an icon provider that
// names files by their names alone and never reads them. Qt's dialog, and the native ones that
// run inside the process (GTK's, KDE's), read the first bytes of every file they list to guess
// its type. Opening and closing a database file, its -wal or its -shm in this process releases
// every POSIX lock SQLite holds on it here; another process that then closes the same database
// takes itself for the last one and deletes the -wal and -shm this process still writes to, and
// what this process writes afterwards is lost. Every dialog of the app goes through here.
// Thread rule: GUI thread only.
class FileChooser
{
public:
    // As QFileDialog's functions of the same names (modal; empty when cancelled).
    [[nodiscard]] static QString getOpenFileName(QWidget *parent,
                                                 const QString &caption,
                                                 const QString &directory = {},
                                                 const QString &filter = {},
                                                 QString *selectedFilter = nullptr,
                                                 QFileDialog::Options options = {});
    [[nodiscard]] static QString getSaveFileName(QWidget *parent,
                                                 const QString &caption,
                                                 const QString &directory = {},
                                                 const QString &filter = {},
                                                 QString *selectedFilter = nullptr,
                                                 QFileDialog::Options options = {});
    [[nodiscard]] static QString
    getExistingDirectory(QWidget *parent, const QString &caption, const QString &directory = {});

    // Makes a dialog built by hand one of these: Qt's own, listing files by name only.
    static void blindToContents(QFileDialog &dialog);
};

} // namespace kvs::ui
