#pragma once

#include "connection/connection_spec.h"

#include <QMainWindow>
#include <QString>

#include <memory>

class QAction;
class QLabel;
class QMenu;
class QTabWidget;

namespace kvs::ui {

class DatabaseView;
class PasswordPrompt;
class PasswordResolver;
class RecentConnections;
class SecretStore;

// The main window of KVS Admin: one tab per open database (a DatabaseView: key tree and value
// inspector), the File menu (connect, open a SQLite file, the demo, recent connections, close
// tab) and the status bar's mode indicator for the current tab. It only builds widgets, menus
// and connections; opening runs in each tab's DatabaseSession, and PostgreSQL passwords go
// through the PasswordResolver (keychain, ~/.pgpass / PGPASSWORD, or asking).
// Thread rule: GUI thread only.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    // secrets: the keychain to use (null: the system keychain through QtKeychain); prompt: how
    // passwords are asked (null: a dialog). Tests pass memory-backed ones. Not owned; they must
    // outlive the window.
    explicit MainWindow(QWidget *parent = nullptr,
                        SecretStore *secrets = nullptr,
                        PasswordPrompt *prompt = nullptr);
    ~MainWindow() override;

    // Opens a SQLite path or a postgres:// URL (a password in it is used, never stored) in a new
    // tab, read-only. Returns at once.
    void openDatabase(const QString &pathOrUrl);
    // Creates the demo database at path if no file is there yet (on a worker), then opens it.
    void openDemoDatabase(const QString &path);
    // Opens spec in a new tab, resolving a PostgreSQL password first.
    void openSpec(const ConnectionSpec &spec, const QString &password = {});

    // The first start shows the Getting started page (not modal); later starts do not.
    void showGettingStartedOnFirstStart();
    // Opens the SQLite file at path; a file that is not there yet is created as a new kvs
    // database once the user agrees (asked on this window).
    void openOrCreateSqliteFile(const QString &path);

    int databaseCount() const;
    DatabaseView *currentDatabase() const;
    DatabaseView *databaseAt(int index) const;
    RecentConnections *recentConnections() const { return m_recent.get(); }
    // A tab's title: the file name, or user@host/db (the tooltip has the whole of it).
    static QString tabTitle(const ConnectionSpec &spec);

signals:
    // A tab was added for a database (tests wait for it).
    void databaseOpened(kvs::ui::DatabaseView *view);
    // Opening failed before a tab existed (bad URL, demo creation, password prompt cancelled).
    void openFailed(const QString &message);

protected:
    // An unsaved edit in any tab asks first (Save / Discard / Cancel).
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    void addTab(const ConnectionSpec &spec, const QString &password);
    void chooseSqliteFile();
    void showConnectDialog();
    void rebuildRecentMenu();
    void closeTab(int index);
    void updateForCurrentTab();
    void showAbout();
    void showShortcuts();
    void showGettingStarted();
    // Close Database and the tab's ×: an unsaved edit or a running job asks first.
    bool confirmClosing(DatabaseView *database, int index);
    // The tab that stands for a PostgreSQL database while its connection is tried.
    void showConnecting(const ConnectionSpec &spec);
    void removeConnecting();
    // Finds the saved connection of view's database (by identity once read, else by route)
    // and hands it to the session; records the identity in the saved connection.
    void matchSaved(DatabaseView *view);

    std::unique_ptr<RecentConnections> m_recent;
    std::unique_ptr<SecretStore> m_ownSecrets;   // When the caller gave none.
    std::unique_ptr<PasswordPrompt> m_ownPrompt; // When the caller gave none.
    SecretStore *m_secrets;                      // Not owned (or m_ownSecrets).
    PasswordPrompt *m_prompt;                    // Not owned (or m_ownPrompt).
    PasswordResolver *m_resolver;                // Owned (child QObject).
    QTabWidget *m_tabs;                          // Owned (central widget).
    QLabel *m_modeIndicator;                     // Owned (status bar).
    QMenu *m_recentMenu = nullptr;               // Owned by the menu bar.
    QAction *m_newKey = nullptr;                 // Owned by the File menu: the tab's.
    QAction *m_import = nullptr;                 // Owned by the File menu: the tab's.
    QAction *m_backUp = nullptr;                 // Owned by the File menu: the tab's.
    QAction *m_restore = nullptr;                // Owned by the File menu: the tab's.
    QAction *m_undo = nullptr;                   // Owned by the Edit menu: the tab's.
    QAction *m_redo = nullptr;                   // Owned by the Edit menu: the tab's.
    QAction *m_recentlyDeleted = nullptr;        // Owned by the Edit menu: the tab's.
    QWidget *m_connecting = nullptr;             // Owned by m_tabs while shown.
};

} // namespace kvs::ui
