#pragma once

#include "connection/connection_spec.h"
#include "restore/session_state.h"

#include <QList>
#include <QMainWindow>
#include <QPointer>
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
class SessionRecorder;
class SessionRestorer;

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

    // From now on the session (tabs, views, keys, geometry) is written to path as it changes,
    // for restoreSession() at the next start.
    void recordSession(const QString &path);
    // Puts the window where state had it (clamped to the screen) and opens its tabs again,
    // read-only, one after another, then locations (paths or URLs given on the command line).
    // Returns false, doing nothing, when state has no tab and no location is given.
    bool restoreSession(const SessionState &state, const QStringList &locations = {});

    // Moves view, one of this window's tabs, to a new window of its own (several databases side
    // by side) and returns that window, which closes itself when its last tab moves back.
    MainWindow *moveToNewWindow(DatabaseView *view);
    // Moves view, one of this window's tabs, to target (its tab, state and jobs go along).
    void moveDatabase(DatabaseView *view, MainWindow *target);
    // The window this one was moved out of (null for the first window) and the windows moved
    // out of this one.
    MainWindow *firstWindow() const { return m_first; }
    QList<MainWindow *> detachedWindows() const;
    // Every database of this window and of its detached windows, in their tabs' order.
    QList<DatabaseView *> allDatabases() const;
    // The window the user used last (where a second start's databases go).
    static MainWindow *lastActive();

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
    // An unsaved edit in any tab asks first (Save / Discard / Cancel). The first window closes
    // its detached windows first.
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // The name of the object under a DatabaseView that holds its connections to its window.
    static const char *const kWindowLinkName;

    void createMenus();
    // Connects view's signals to this window (its tab's look, the menus' state).
    void connectToWindow(DatabaseView *view);
    void addTab(const ConnectionSpec &spec, const QString &password);
    void chooseSqliteFile();
    void showConnectDialog();
    void rebuildRecentMenu();
    void closeTab(int index);
    void showTabMenu(const QPoint &position);
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
    QAction *m_moveToWindow = nullptr;           // Owned by the Window menu: the tab's.
    QAction *m_moveBack = nullptr;               // Owned by the Window menu: the tab's.
    QAction *m_undo = nullptr;                   // Owned by the Edit menu: the tab's.
    QAction *m_redo = nullptr;                   // Owned by the Edit menu: the tab's.
    QAction *m_recentlyDeleted = nullptr;        // Owned by the Edit menu: the tab's.
    QWidget *m_connecting = nullptr;             // Owned by m_tabs while shown.
    SessionRecorder *m_recorder = nullptr;  // Owned (child) once recording; the first window's.
    QPointer<MainWindow> m_first;           // Set in a detached window.
    QList<QPointer<MainWindow>> m_detached; // Owned by themselves (deleted on close).
    SessionRestorer *m_restorer = nullptr;  // Owned (child QObject) once restoring.
};

} // namespace kvs::ui
