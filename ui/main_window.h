#pragma once

#include "database_summary_loader.h"

#include <QMainWindow>
#include <QString>

namespace kvs::ui {

class DatabaseSummaryWidget;

// The main window of KVS Admin. It only builds the menus, the status bar and the central summary
// pane, and wires a DatabaseSummaryLoader to that pane; databases are opened read-only and read
// on the loader's worker, never on the GUI thread. Thread rule: GUI thread only.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);

    // Opens the SQLite file at path read-only and shows its summary; returns at once.
    void openDatabase(const QString &path);
    // Creates the demo database at path if no file is there yet (on the worker), then opens it as
    // openDatabase() does.
    void openDemoDatabase(const QString &path);
    // The path of the database shown (or being opened); empty before the first open.
    QString databasePath() const { return m_path; }

private:
    void createMenus();
    void open(const QString &path, DatabaseSummaryLoader::Mode mode);
    void chooseDatabase();
    void showAbout();

    DatabaseSummaryLoader *m_loader;        // Owned (child QObject).
    DatabaseSummaryWidget *m_summaryWidget; // Owned (central widget).
    QString m_path;
};

} // namespace kvs::ui
