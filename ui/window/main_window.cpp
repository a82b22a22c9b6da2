#include "window/main_window.h"

#include "common/file_chooser.h"
#include "common/window_frame.h"
#include "connection/connection_dialog.h"
#include "connection/dialog_password_prompt.h"
#include "connection/keychain_secret_store.h"
#include "connection/password_resolver.h"
#include "connection/recent_connections.h"
#include "connection/saved_connection_look.h"
#include "help/getting_started.h"
#include "help/shortcuts_dialog.h"
#include "i18n/language_menu.h"
#include "inspector/value_inspector.h"
#include "preferences/preferences_dialog.h"
#include "reconnect/reconnect_monitor.h"
#include "restore/column_memory.h"
#include "restore/session_recorder.h"
#include "restore/session_restorer.h"
#include "session/database_backup.h"
#include "session/database_import.h"
#include "session/database_restore.h"
#include "session/database_undo.h"
#include "session/database_view.h"
#include "session/running_jobs.h"
#include "startup/demo_database.h"
#include "theme/app_icons.h"
#include "window/database_tab_look.h"
#include "window/open_location.h"
#include "window/window_placement.h"

#include <kvs/async_kvstore.h>
#include <kvs/saved_connections.h>

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace kvs::ui {

const char *const MainWindow::kWindowLinkName = "windowLink";

MainWindow::MainWindow(QWidget *parent, SecretStore *secrets, PasswordPrompt *prompt)
    : QMainWindow(parent)
    , m_recent(std::make_unique<RecentConnections>())
    , m_secrets(secrets)
    , m_prompt(prompt)
    , m_tabs(new QTabWidget(this))
    , m_modeIndicator(new QLabel(this))
{
    if (!m_secrets) {
        m_ownSecrets = std::make_unique<KeychainSecretStore>();
        m_secrets = m_ownSecrets.get();
    }
    if (!m_prompt) {
        m_ownPrompt = std::make_unique<DialogPasswordPrompt>(this);
        m_prompt = m_ownPrompt.get();
    }
    m_resolver = new PasswordResolver(m_secrets, m_prompt, this);

    setWindowTitle(tr("KVS Admin"));
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    setCentralWidget(m_tabs);
    createMenus();

    m_modeIndicator->setObjectName(QStringLiteral("readOnlyIndicator"));
    statusBar()->addPermanentWidget(m_modeIndicator);

    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeTab);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateForCurrentTab);
    connect(m_resolver, &PasswordResolver::resolved, this, [this](const PasswordResolution &r) {
        removeConnecting();
        // A restored tab whose server does not answer stays, saying so with Retry: one tab
        // each, not a dialog each.
        if (r.tested && !r.test.ok && m_restorer && m_restorer->isRunning()) {
            addTab(r.spec, r.password);
            return;
        }
        if (r.tested && !r.test.ok) {
            emit openFailed(r.test.message);
            QMessageBox::warning(this, tr("Cannot connect"), r.test.summary());
            return;
        }
        addTab(r.spec, r.password);
    });
    connect(m_resolver, &PasswordResolver::cancelled, this, [this] {
        removeConnecting();
        emit openFailed(tr("Cancelled: no password given."));
    });
    placeOnItsScreen(*this); // fits a small screen
}

MainWindow::~MainWindow() = default;

void MainWindow::openDatabase(const QString &pathOrUrl)
{
    QString error;
    const std::optional<OpenLocation> location = parseOpenLocation(pathOrUrl, &error);
    if (!location) {
        emit openFailed(error);
        QMessageBox::warning(this, tr("Cannot open"), error);
        return;
    }
    // A database open in a tab (of any window) is shown there, not opened a second time.
    if (DatabaseView *open = tabShowing(allDatabases(), location->spec)) {
        showTab(open);
        return;
    }
    openSpec(location->spec, location->password);
}

void MainWindow::openDemoDatabase(const QString &path)
{
    statusBar()->showMessage(tr("Preparing the demo database…"));
    auto *watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcher<void>::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        statusBar()->clearMessage();
        try {
            watcher->waitForFinished(); // finished already: rethrows the worker's exception
        } catch (const std::exception &error) {
            const QString message = tr("Cannot create the demo database: %1")
                                        .arg(QString::fromStdString(error.what()));
            emit openFailed(message);
            statusBar()->showMessage(message);
            return;
        }
        openSpec(ConnectionSpec::sqlite(path));
    });
    watcher->setFuture(QtConcurrent::run([path] { (void)createDemoDatabase(path); }));
}

void MainWindow::openSpec(const ConnectionSpec &spec, const QString &password)
{
    if (spec.isPostgres()) {
        showConnecting(spec); // a server that never answers shows at once, with Cancel
        m_resolver->resolve(spec, password); // addTab() when it has a password that works
        return;
    }
    addTab(spec, password);
}

void MainWindow::addTab(const ConnectionSpec &spec, const QString &password)
{
    auto *view = new DatabaseView(new DatabaseSession(spec, password), m_tabs);
    // Recent lists what opened, not every attempt (a missing file, a refused server).
    connect(
        view->session(),
        &DatabaseSession::storeChanged,
        this,
        [this, spec] {
            m_recent->add(spec);
            rebuildRecentMenu();
        },
        Qt::SingleShotConnection);
    const int index = m_tabs->addTab(
        view,
        appIcon(spec.isPostgres() ? AppIcon::PostgresDatabase : AppIcon::SqliteDatabase),
        tabTitle(spec));
    m_tabs->setTabToolTip(index, spec.isPostgres() ? spec.postgresUrl() : spec.sqlitePath());
    connectToWindow(view);
    matchSaved(view);
    m_tabs->setCurrentIndex(index);
    updateForCurrentTab();
    new ColumnMemory(view); // the widths the user gave columns in earlier tabs
    if (m_recorder)
        m_recorder->watch(view);
    emit databaseOpened(view);
}

void MainWindow::connectToWindow(DatabaseView *view)
{
    // Every connection to this window goes through link, so that moving the tab to another
    // window (deleting link) leaves none behind.
    auto *link = new QObject(view);
    link->setObjectName(QLatin1String(kWindowLinkName));
    connect(view, &DatabaseView::modeChanged, link, [this] { updateForCurrentTab(); });
    // A database that cannot be reached says so on its tab, whichever tab is shown; a
    // production one says that, in its colour.
    ReconnectMonitor *monitor = view->session()->monitor();
    connect(monitor, &ReconnectMonitor::stateChanged, link, [this, view] {
        updateDatabaseTab(m_tabs, view);
    });
    connect(view->session(), &DatabaseSession::savedConnectionChanged, link, [this, view] {
        updateDatabaseTab(m_tabs, view);
        updateForCurrentTab();
    });
    connect(
        view->session(), &DatabaseSession::identityRead, link, [this, view] { matchSaved(view); });
    for (QAction *action : {view->newKeyAction(),
                            view->importer()->action(),
                            view->restore()->action(),
                            view->undo()->undoAction(),
                            view->undo()->redoAction()})
        connect(action, &QAction::changed, link, [this] { updateForCurrentTab(); });
    connect(view->undo(), &DatabaseUndo::finished, link, [this](bool ok, const QString &message) {
        if (ok)
            statusBar()->showMessage(message, 10000);
    });
}

void MainWindow::recordSession(const QString &path)
{
    if (m_recorder)
        return;
    m_recorder = new SessionRecorder(
        this, [this] { return allDatabases(); }, [this] { return currentDatabase(); }, path);
    m_recorder->watchTabs(m_tabs);
    for (DatabaseView *view : allDatabases())
        m_recorder->watch(view);
}

bool MainWindow::restoreSession(const SessionState &state, const QStringList &locations)
{
    if (state.tabs.isEmpty() && locations.isEmpty())
        return false;
    if (!state.geometry.isNull()) {
        const QScreen *screen = QGuiApplication::screenAt(state.geometry.center());
        if (!screen)
            screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
        setGeometry(screen ? clampToScreen(state.geometry, screen->availableGeometry())
                           : state.geometry);
        if (state.maximized)
            setWindowState(windowState() | Qt::WindowMaximized);
    }
    delete m_restorer;
    // A restored tab that the command line names too opens with the password its URL carries
    // (then the command line's location shows that tab instead of opening it again).
    QList<OpenLocation> named;
    for (const QString &location : locations) {
        if (const std::optional<OpenLocation> parsed = parseOpenLocation(location, nullptr))
            named.append(*parsed);
    }
    m_restorer = new SessionRestorer(
        state,
        [this, named](const ConnectionSpec &spec) {
            for (const OpenLocation &location : named) {
                if (location.spec.sameTarget(spec)) {
                    openSpec(spec, location.password);
                    return;
                }
            }
            openSpec(spec);
        },
        this);
    connect(this, &MainWindow::databaseOpened, m_restorer, &SessionRestorer::opened);
    connect(this, &MainWindow::openFailed, m_restorer, &SessionRestorer::failed);
    connect(m_restorer,
            &SessionRestorer::finished,
            this,
            [this, locations](const QList<DatabaseView *> &views, int current) {
                if (current >= 0 && current < views.size()
                    && m_tabs->indexOf(views.at(current)) >= 0)
                    m_tabs->setCurrentWidget(views.at(current));
                // What the command line names comes after the session's tabs, and shows.
                for (const QString &location : locations)
                    openDatabase(location);
            });
    m_restorer->start();
    return true;
}

void MainWindow::matchSaved(DatabaseView *view)
{
    DatabaseSession *session = view->session();
    QSettings settings;
    SavedConnections saved(settings);
    const QString identity = session->identity();
    std::optional<SavedConnection> match
        = matchSavedConnection(saved.list(), session->spec(), identity);
    // Opened by its route: the identity it has now lets other routes find it later.
    if (match && !identity.isEmpty() && match->target.value(kIdentityField) != identity) {
        match->target.insert(kIdentityField, identity);
        saved.put(*match, match->name);
    }
    session->setSavedConnection(match);
}

QString MainWindow::tabTitle(const ConnectionSpec &spec)
{
    // Short, as tabs are: the file name, or user@host/db (the tooltip has the whole of it).
    if (!spec.isPostgres())
        return QFileInfo(spec.sqlitePath()).fileName();
    const QString who = spec.user().isEmpty() ? QString() : spec.user() + QLatin1Char('@');
    const QString where = spec.host().isEmpty() ? tr("local socket") : spec.host();
    return who + where + QLatin1Char('/') + spec.database();
}

void MainWindow::showConnecting(const ConnectionSpec &spec)
{
    removeConnecting(); // a new resolve() replaces the one running
    m_connecting = new QWidget(m_tabs);
    m_connecting->setObjectName(QStringLiteral("connectingTab"));
    auto *label
        = new QLabel(tr("Connecting to %1:%2…")
                         .arg(spec.host().isEmpty() ? tr("the default server") : spec.host())
                         .arg(spec.port() > 0 ? spec.port() : 5432),
                     m_connecting);
    label->setObjectName(QStringLiteral("connectingLabel"));
    auto *cancel = new QPushButton(tr("Cancel"), m_connecting);
    cancel->setObjectName(QStringLiteral("cancelConnecting"));
    auto *layout = new QVBoxLayout(m_connecting);
    layout->addStretch();
    layout->addWidget(label, 0, Qt::AlignCenter);
    layout->addWidget(cancel, 0, Qt::AlignCenter);
    layout->addStretch();
    connect(cancel, &QPushButton::clicked, this, [this] {
        removeConnecting();
        m_resolver->cancel();
        emit openFailed(tr("Cancelled while connecting."));
    });
    const int index = m_tabs->addTab(m_connecting, tr("Connecting…"));
    m_tabs->setTabToolTip(index, spec.postgresUrl());
    m_tabs->setCurrentIndex(index);
}

void MainWindow::removeConnecting()
{
    if (!m_connecting)
        return;
    m_tabs->removeTab(m_tabs->indexOf(m_connecting));
    std::exchange(m_connecting, nullptr)->deleteLater();
}

int MainWindow::databaseCount() const
{
    int count = 0;
    for (int index = 0; index < m_tabs->count(); ++index)
        count += databaseAt(index) ? 1 : 0;
    return count;
}

DatabaseView *MainWindow::currentDatabase() const
{
    return qobject_cast<DatabaseView *>(m_tabs->currentWidget());
}

DatabaseView *MainWindow::databaseAt(int index) const
{
    return qobject_cast<DatabaseView *>(m_tabs->widget(index));
}

void MainWindow::createMenus()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    // Ctrl+O is "Open database…" (a file or a server), as users of other tools expect.
    QAction *connectAction
        = fileMenu->addAction(tr("&Open Database…"), this, &MainWindow::showConnectDialog);
    connectAction->setObjectName(QStringLiteral("openDatabase"));
    connectAction->setShortcut(QKeySequence::Open);
    connectAction->setStatusTip(tr("Open a SQLite file or a PostgreSQL database"));
    connectAction->setIcon(appIcon(AppIcon::Connect));
    QAction *openAction
        = fileMenu->addAction(tr("Open SQLite &File…"), this, &MainWindow::chooseSqliteFile);
    openAction->setObjectName(QStringLiteral("openSqliteFile"));
    openAction->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    openAction->setStatusTip(tr("Open a SQLite database for inspection (read-only)"));
    openAction->setIcon(appIcon(AppIcon::Open));
    QAction *demoAction = fileMenu->addAction(tr("Open the &Demo Database"), this, [this] {
        openDemoDatabase(defaultDemoDatabasePath());
    });
    demoAction->setIcon(appIcon(AppIcon::Demo));
    m_recentMenu = fileMenu->addMenu(tr("&Recent"));
    rebuildRecentMenu();
    fileMenu->addSeparator();
    // The current tab's: what fills a new, empty database.
    m_newKey = fileMenu->addAction(tr("&New Key…"), this, [this] {
        if (DatabaseView *view = currentDatabase())
            view->newKeyAction()->trigger();
    });
    m_newKey->setObjectName(QStringLiteral("fileNewKey"));
    m_newKey->setShortcut(QKeySequence::New);
    m_import = fileMenu->addAction(tr("&Import…"), this, [this] {
        if (DatabaseView *view = currentDatabase())
            view->importer()->action()->trigger();
    });
    m_import->setObjectName(QStringLiteral("fileImport"));
    m_import->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    // A copy of the tab's database: reads only, so read-only tabs offer it too.
    m_backUp = fileMenu->addAction(tr("&Back Up…"), this, [this] {
        if (DatabaseView *view = currentDatabase())
            view->backup()->action()->trigger();
    });
    m_backUp->setObjectName(QStringLiteral("fileBackUp"));
    m_restore = fileMenu->addAction(tr("&Restore…"), this, [this] {
        if (DatabaseView *view = currentDatabase())
            view->restore()->action()->trigger();
    });
    m_restore->setObjectName(QStringLiteral("fileRestore"));
    fileMenu->addSeparator();
    QAction *closeAction = fileMenu->addAction(
        tr("&Close Database"), this, [this] { closeTab(m_tabs->currentIndex()); });
    closeAction->setShortcut(QKeySequence::Close);
    closeAction->setIcon(appIcon(AppIcon::Close));
    QAction *quitAction = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction->setShortcut(QKeySequence::Quit);
    quitAction->setMenuRole(QAction::QuitRole);
    quitAction->setIcon(appIcon(AppIcon::Quit));

    // The tab's Undo and Redo (issue 42). Ctrl+Z reaches them only when the focus is not in a
    // text editor: an editor takes its own undo keys first (Qt's shortcut override).
    QMenu *editMenu = menuBar()->addMenu(tr("&Edit"));
    m_undo = editMenu->addAction(tr("&Undo"), this, [this] {
        if (DatabaseView *view = currentDatabase())
            view->undo()->undo();
    });
    m_undo->setObjectName(QStringLiteral("editUndo"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = editMenu->addAction(tr("&Redo"), this, [this] {
        if (DatabaseView *view = currentDatabase())
            view->undo()->redo();
    });
    m_redo->setObjectName(QStringLiteral("editRedo"));
    m_redo->setShortcut(QKeySequence::Redo);
    editMenu->addSeparator();
    m_recentlyDeleted = editMenu->addAction(tr("Recently &Deleted…"), this, [this] {
        if (DatabaseView *view = currentDatabase())
            view->undo()->showRecentlyDeleted();
    });
    m_recentlyDeleted->setObjectName(QStringLiteral("editRecentlyDeleted"));

    // Several databases side by side: the current tab in a window of its own, and back.
    QMenu *windowMenu = menuBar()->addMenu(tr("&Window"));
    m_moveToWindow = windowMenu->addAction(tr("Move Tab to &New Window"), this, [this] {
        if (DatabaseView *view = currentDatabase())
            moveToNewWindow(view);
    });
    m_moveToWindow->setObjectName(QStringLiteral("moveTabToNewWindow"));
    m_moveBack = windowMenu->addAction(tr("Move Tab &Back to the First Window"), this, [this] {
        if (DatabaseView *view = currentDatabase(); view && m_first)
            moveDatabase(view, m_first);
    });
    m_moveBack->setObjectName(QStringLiteral("moveTabBack"));
    m_tabs->tabBar()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tabs->tabBar(), &QWidget::customContextMenuRequested, this, &MainWindow::showTabMenu);

    // Preferences (every view's settings, the language too) and the language menu's shortcut.
    QMenu *settingsMenu = menuBar()->addMenu(tr("&Settings"));
    QAction *preferencesAction = settingsMenu->addAction(tr("&Preferences…"), this, [this] {
        PreferencesDialog dialog(this);
        dialog.exec();
    });
    preferencesAction->setObjectName(QStringLiteral("preferences"));
    preferencesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    preferencesAction->setMenuRole(QAction::PreferencesRole);
    settingsMenu->addMenu(new LanguageMenu(this));

    QToolBar *toolBar = addToolBar(tr("Main Toolbar"));
    toolBar->setObjectName(QStringLiteral("mainToolBar"));
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->addAction(connectAction);
    toolBar->addAction(openAction);
    toolBar->addSeparator();
    toolBar->addAction(closeAction);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    QAction *started
        = helpMenu->addAction(tr("&Getting Started"), this, &MainWindow::showGettingStarted);
    started->setObjectName(QStringLiteral("gettingStarted"));
    QAction *shortcuts
        = helpMenu->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    shortcuts->setObjectName(QStringLiteral("keyboardShortcuts"));
    shortcuts->setShortcut(QKeySequence::HelpContents);
    helpMenu->addSeparator();
    QAction *aboutAction
        = helpMenu->addAction(tr("&About KVS Admin"), this, &MainWindow::showAbout);
    aboutAction->setMenuRole(QAction::AboutRole);
    aboutAction->setIcon(appIcon(AppIcon::About));
}

void MainWindow::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QList<ConnectionSpec> recent = m_recent->list();
    for (const ConnectionSpec &spec : recent) {
        QAction *action = m_recentMenu->addAction(spec.displayName());
        action->setToolTip(spec.isPostgres() ? spec.postgresUrl() : spec.sqlitePath());
        connect(action, &QAction::triggered, this, [this, spec] {
            ConnectionSpec again = spec;
            again.setCreateNew(false);
            openSpec(again);
        });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::chooseSqliteFile()
{
    // Any name: a file not there yet is offered as a new database (an existing-file dialog
    // would only say "File not found").
    QFileDialog dialog(this,
                       tr("Open SQLite Database"),
                       {},
                       tr("SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)"));
    FileChooser::blindToContents(dialog);
    dialog.setFileMode(QFileDialog::AnyFile);
    dialog.setAcceptMode(QFileDialog::AcceptOpen);
    dialog.setLabelText(QFileDialog::Accept, tr("&Open"));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    openOrCreateSqliteFile(dialog.selectedFiles().constFirst());
}

void MainWindow::openOrCreateSqliteFile(const QString &path)
{
    const QFileInfo file(path);
    if (file.exists()) {
        openDatabase(path);
        return;
    }
    if (!file.dir().exists()) {
        QMessageBox::warning(this,
                             tr("Cannot create %1").arg(file.fileName()),
                             tr("The folder %1 does not exist.").arg(file.absolutePath()));
        return;
    }
    QMessageBox box(QMessageBox::Question,
                    tr("Create %1?").arg(file.fileName()),
                    tr("%1 does not exist. Create a new, empty kvs database there? It opens with "
                       "writes allowed, ready for New key or Import.")
                        .arg(file.absoluteFilePath()),
                    QMessageBox::Yes | QMessageBox::Cancel,
                    this);
    box.setObjectName(QStringLiteral("confirmCreateDatabase"));
    box.button(QMessageBox::Yes)->setText(tr("Create"));
    box.setDefaultButton(QMessageBox::Yes);
    if (box.exec() == QMessageBox::Yes)
        openSpec(ConnectionSpec::sqlite(file.absoluteFilePath(), true));
}

void MainWindow::showConnectDialog()
{
    ConnectionDialog dialog(m_recent.get(), m_secrets, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    openSpec(dialog.spec(), dialog.password());
}

void MainWindow::closeTab(int index)
{
    QWidget *view = m_tabs->widget(index);
    if (!view)
        return;
    if (view == m_connecting) {
        removeConnecting();
        m_resolver->cancel();
        return;
    }
    if (auto *database = qobject_cast<DatabaseView *>(view);
        database && !confirmClosing(database, index))
        return;
    m_tabs->removeTab(index);
    view->deleteLater(); // its session closes the store on a worker
    if (m_recorder)
        m_recorder->schedule();
}

bool MainWindow::confirmClosing(DatabaseView *database, int index)
{
    // A running job asks as closing the window does; an unsaved edit asks first, and Save
    // closes the tab once the save committed.
    const QStringList jobs = runningJobs(*database);
    if (!jobs.isEmpty() || database->inspector()->hasUnsavedEdit())
        m_tabs->setCurrentIndex(index); // the question is about what the user then sees
    if (!confirmCancellingJobs(this, database->session()->displayName(), jobs))
        return false;
    return database->confirmClose([this, database] {
        // Asked already: the save's close only removes the tab.
        const int at = m_tabs->indexOf(database);
        if (at >= 0) {
            m_tabs->removeTab(at);
            database->deleteLater();
        }
    });
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // The first window is the application: its detached windows close first, each asking
    // about its own unsaved edits and jobs.
    for (const QPointer<MainWindow> &window : std::as_const(m_detached)) {
        if (window && !window->close()) {
            event->ignore();
            return;
        }
    }
    for (int index = 0; index < m_tabs->count(); ++index) {
        auto *database = qobject_cast<DatabaseView *>(m_tabs->widget(index));
        if (!database)
            continue;
        if (const QStringList jobs = runningJobs(*database); !jobs.isEmpty()) {
            m_tabs->setCurrentIndex(index);
            if (!confirmCancellingJobs(this, database->session()->displayName(), jobs)) {
                event->ignore();
                return;
            }
        }
        if (!database->inspector()->hasUnsavedEdit())
            continue;
        m_tabs->setCurrentIndex(index); // the question is about what the user then sees
        if (!database->confirmClose([this] { close(); })) {
            event->ignore();
            return;
        }
    }
    if (m_recorder && !m_first)
        m_recorder->finish(); // the tabs going away next is not the user closing them
    QMainWindow::closeEvent(event);
}

void MainWindow::updateForCurrentTab()
{
    DatabaseView *view = currentDatabase();
    if (!view) {
        setWindowTitle(tr("KVS Admin"));
        m_modeIndicator->clear();
        m_newKey->setEnabled(false);
        m_import->setEnabled(false);
        m_backUp->setEnabled(false);
        m_restore->setEnabled(false);
        m_moveToWindow->setEnabled(false);
        m_moveBack->setEnabled(false);
        m_undo->setEnabled(false);
        m_redo->setEnabled(false);
        m_recentlyDeleted->setEnabled(false);
        m_undo->setText(tr("&Undo"));
        m_redo->setText(tr("&Redo"));
        return;
    }
    m_moveToWindow->setEnabled(true);
    m_moveBack->setEnabled(!m_first.isNull());
    setWindowTitle(windowTitleFor(view));
    m_modeIndicator->setText(view->modeText());
    m_newKey->setEnabled(view->newKeyAction()->isEnabled());
    m_import->setEnabled(view->importer()->action()->isEnabled());
    m_backUp->setEnabled(true);
    m_restore->setEnabled(view->restore()->action()->isEnabled());
    m_recentlyDeleted->setEnabled(true); // lists on any tab; restores only where writable
    for (auto [menu, tab] : {std::pair{m_undo, view->undo()->undoAction()},
                             std::pair{m_redo, view->undo()->redoAction()}}) {
        menu->setEnabled(tab->isEnabled());
        menu->setText(tab->text());
        menu->setToolTip(tab->toolTip());
    }
}

void MainWindow::showGettingStartedOnFirstStart()
{
    GettingStartedDialog::showOnFirstStart(this);
}

void MainWindow::showGettingStarted()
{
    auto *page = new GettingStartedDialog(this);
    page->setAttribute(Qt::WA_DeleteOnClose);
    page->show();
}

void MainWindow::showShortcuts()
{
    auto *dialog = new ShortcutsDialog(*this, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this,
                       tr("About KVS Admin"),
                       tr("<p><b>KVS Admin</b> %1</p>"
                          "<p>An admin, inspector and benchmark console for kvs key-value "
                          "databases on SQLite and PostgreSQL.</p>")
                           .arg(QStringLiteral(KVS_ADMIN_VERSION)));
}

} // namespace kvs::ui
