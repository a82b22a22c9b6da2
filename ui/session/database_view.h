#pragma once

#include "session/database_session.h"

#include <QWidget>

#include <functional>
#include <optional>

class QAction;
class QLabel;
class QPushButton;
class QSplitter;
class QTabWidget;
class QToolBar;

namespace kvs::ui {

class DatabaseBackup;
class DatabaseImport;
class DatabaseRestore;
class DatabaseUndo;
class EnvironmentStrip;
class WriteExpiry;
class KeyTreePane;
class MaintenancePane;
class LiveUpdates;
class KeyTreeLiveRefresh;
class MessageBanner;
class QueuesPane;
class BenchPane;
class AnalysisView;
class SqlConsolePane;
class TablesPane;
class TransactionPane;
class WatchTab;
class ValueInspector;

// One tab of the main window: a DatabaseSession shown as the key tree (left) and the value
// inspector (right), its queues and its watch panes, with the database's toolbar: "Allow writes"
// (the visible switch out of inspection; an older schema asks before it migrates), Refresh and New
// key. Problems of the session (a refused schema, a lost connection) show in a banner with what can
// be done. Thread rule: GUI thread only.
class DatabaseView : public QWidget
{
    Q_OBJECT

public:
    // Takes the session (reparented to this view) and opens it.
    explicit DatabaseView(DatabaseSession *session, QWidget *parent = nullptr);
    ~DatabaseView() override;

    DatabaseSession *session() const { return m_session; }
    KeyTreePane *tree() const { return m_tree; }
    ValueInspector *inspector() const { return m_inspector; }
    QueuesPane *queues() const { return m_queues; }
    TablesPane *tables() const { return m_tables; }
    SqlConsolePane *console() const { return m_console; }
    TransactionPane *transaction() const { return m_transaction; }
    WatchTab *watch() const { return m_watch; }
    LiveUpdates *liveUpdates() const { return m_live; }
    BenchPane *bench() const { return m_bench; }
    MaintenancePane *maintenance() const { return m_maintenance; }
    AnalysisView *analysis() const { return m_analysis; }
    QTabWidget *views() const { return m_views; }
    // The Keys view: the tree and the inspector side by side.
    QWidget *keysView() const { return m_keys; }
    QAction *allowWritesAction() const { return m_allowWrites; }
    // The database's tool bar (Allow writes, Refresh, New key, the mode).
    QToolBar *toolBar() const { return m_toolBar; }
    QAction *refreshAction() const { return m_refresh; }
    QAction *newKeyAction() const { return m_newKey; }
    // Import… (a kvs export file into this database), enabled while writes are allowed.
    DatabaseImport *importer() const { return m_import; }
    DatabaseBackup *backup() const { return m_backup; }
    DatabaseRestore *restore() const { return m_restore; }
    // Edit ▸ Undo and Redo of the tab's writes (issue 42).
    DatabaseUndo *undo() const { return m_undo; }
    QString bannerText() const;
    // Before the tab or the window closes: true when it may close now. An unsaved edit asks
    // Save / Discard / Cancel (the inspector's question); Save answers false and calls
    // afterSave once the save committed (a conflict or failure keeps the tab open).
    bool confirmClose(std::function<void()> afterSave);
    // "Read-only (inspect)", "Writable", "Opening…"
    QString modeText() const;
    // When writes end by themselves on a production tab.
    WriteExpiry *writeExpiry() const { return m_writeExpiry; }

signals:
    void modeChanged(const QString &modeText);

private:
    void onStoreChanged(const std::shared_ptr<AsyncKVStore> &store, bool writable);
    void onProblem(const SessionProblem &problem);
    void onAllowWritesToggled(bool on);
    void onUndoFinished(bool ok, const QString &message);
    // Why writes cannot be allowed on a database that failed to open with problem (not a kvs
    // database, a newer schema), or empty when allowing them may help.
    static QString writesRefusedReason(const SessionProblem &problem);
    // Asks before writes are allowed, saying what becomes possible, and what is created when
    // the database has no kvs tables yet (createsTables). True: allowed.
    bool confirmAllowWrites(bool createsTables);
    // The same on a production tab: the database's name is typed (TypedNameDialog).
    bool confirmProductionWrites(bool createsTables);
    // A production tab (the session's saved connection) shows its strip and marks itself, so
    // that the destructive actions of its views ask for the typed name.
    void updateEnvironment();
    // Writes allowed on a production tab ended after the time without a write.
    void onWritesExpired();
    // Every write of the tab's views starts the time without a write over.
    void wireWriteActivity();
    void updateMode();

    DatabaseSession *m_session;  // Owned (child QObject).
    QToolBar *m_toolBar;         // Owned.
    QAction *m_allowWrites;      // Owned by m_toolBar.
    QAction *m_newKey;           // Owned by m_toolBar.
    QAction *m_refresh;          // Owned by m_toolBar.
    QLabel *m_mode;              // Owned.
    EnvironmentStrip *m_strip;   // Owned.
    WriteExpiry *m_writeExpiry;  // Owned (child).
    MessageBanner *m_banner;     // Owned.
    QPushButton *m_migrate;      // Owned (in the banner).
    QPushButton *m_retry;        // Owned (in the banner).
    QPushButton *m_addTables;    // Owned (in the banner).
    QWidget *m_keys;             // Owned (in m_views): holds m_splitter.
    QSplitter *m_splitter;       // Owned (in m_keys).
    KeyTreePane *m_tree;         // Owned (in the splitter).
    ValueInspector *m_inspector; // Owned (in the splitter).
    // Owned: the Keys (m_splitter), Queues, Transaction, Watch, Benchmark, Tables and SQL tabs.
    QTabWidget *m_views;
    QueuesPane *m_queues;           // Owned (in m_views).
    TransactionPane *m_transaction; // Owned (in m_views).
    WatchTab *m_watch;              // Owned (in m_views).
    BenchPane *m_bench;             // Owned (in m_views).
    AnalysisView *m_analysis;       // Owned (in m_views).
    TablesPane *m_tables;           // Owned (in m_views).
    SqlConsolePane *m_console;      // Owned (in m_views).
    MaintenancePane *m_maintenance; // Owned (in m_views).
    LiveUpdates *m_live;            // Owned (child): other processes' writes in tree and inspector.
    KeyTreeLiveRefresh *m_treeRefresh; // Owned (child): expanded nodes follow every commit.
    DatabaseImport *m_import;          // Owned (child).
    DatabaseBackup *m_backup;          // Owned (child).
    DatabaseUndo *m_undo;              // Owned (child).
    DatabaseRestore *m_restore;        // Owned (child).
    long long m_outdatedVersion = 0;
    bool m_writesExpired = false;            // the next store change says why writes ended
    std::optional<SessionProblem> m_problem; // why the last open failed (none: it opened)
    std::function<void()> m_afterSave;       // confirmClose()'s close once the save committed
};

} // namespace kvs::ui
