#include "session/database_view.h"

#include "analysis/analysis_view.h"
#include "atomic/transaction_controller.h"
#include "atomic/transaction_pane.h"
#include "benchmark/bench_pane.h"
#include "common/environment_strip.h"
#include "common/message_banner.h"
#include "common/production_mark.h"
#include "common/typed_name_dialog.h"
#include "connection/saved_connection_look.h"
#include "connection/ssh_host_key_dialog.h"
#include "inspector/value_inspector.h"
#include "preferences/preference_keys.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "session/analysis_wiring.h"
#include "session/database_backup.h"
#include "session/database_import.h"
#include "session/database_restore.h"
#include "session/database_undo.h"
#include "session/key_search_wiring.h"
#include "session/maintenance_wiring.h"
#include "session/outage_wiring.h"
#include "session/running_jobs.h"
#include "session/server_role_wiring.h"
#include "session/view_preferences.h"
#include "session/write_expiry.h"
#include "tables/console_controller.h"
#include "tables/sql_console_pane.h"
#include "tables/tables_pane.h"
#include "theme/ui_palette.h"
#include "tree/key_row_actions.h"
#include "tree/key_tree_live_refresh.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "tree/outside_rows_view.h"
#include "watch/live_updates.h"
#include "watch/watch_controller.h"
#include "watch/watch_tab.h"

#include <kvs/audit_log.h>

#include <QAction>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

namespace kvs::ui {

DatabaseView::DatabaseView(DatabaseSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_toolBar(new QToolBar(this))
    , m_mode(new QLabel(this))
    , m_strip(new EnvironmentStrip(this))
    , m_banner(new MessageBanner(MessageBanner::Tone::Warning, this))
    , m_migrate(new QPushButton(tr("Migrate and allow writes…"), m_banner))
    , m_retry(new QPushButton(tr("Retry"), m_banner))
    , m_addTables(new QPushButton(tr("Add the kvs tables…"), m_banner))
    , m_keys(new QWidget(this))
    , m_splitter(new QSplitter(Qt::Horizontal, m_keys))
    , m_tree(new KeyTreePane(m_splitter))
    , m_inspector(new ValueInspector(m_splitter))
    , m_views(new QTabWidget(this))
    , m_queues(new QueuesPane(m_views))
    , m_transaction(new TransactionPane(m_views))
    , m_watch(new WatchTab(m_views))
    , m_bench(new BenchPane(m_views))
    , m_analysis(new AnalysisView(m_views))
    , m_tables(new TablesPane(m_views))
    , m_console(new SqlConsolePane(m_views))
    , m_live(new LiveUpdates(m_tree->model(), m_inspector, m_watch->controller(), this))
    , m_treeRefresh(new KeyTreeLiveRefresh(m_tree->model(), m_tree->view(), this))
    , m_import(new DatabaseImport(m_tree->rowActions(), this))
    , m_backup(new DatabaseBackup(m_session, this))
    , m_undo(new DatabaseUndo(m_session, this))
    , m_restore(new DatabaseRestore(m_session, this))
{
    m_session->setParent(this);
    m_writeExpiry = new WriteExpiry(
        m_session->clock(), [this] { return !runningJobs(*this).isEmpty(); }, this);
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_allowWrites = m_toolBar->addAction(tr("Allow writes"));
    m_allowWrites->setCheckable(true);
    m_allowWrites->setObjectName(QStringLiteral("allowWrites"));
    m_allowWrites->setToolTip(tr("The database is opened for inspection, read-only. Allow writes "
                                 "to edit, delete and create keys through the kvs API."));
    m_refresh = m_toolBar->addAction(tr("Refresh"));
    m_refresh->setShortcut(QKeySequence::Refresh);
    m_newKey = m_toolBar->addAction(tr("New key…"));
    m_newKey->setObjectName(QStringLiteral("newKey"));
    m_newKey->setEnabled(false);
    m_newKey->setToolTip(tr("Create a key under the selected node (allow writes first)"));
    auto *spacer = new QWidget(m_toolBar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_toolBar->addWidget(spacer);
    m_mode->setObjectName(QStringLiteral("modeIndicator"));
    m_toolBar->addWidget(m_mode);

    m_banner->addButton(m_migrate);
    m_banner->addButton(m_retry);
    m_retry->setObjectName(QStringLiteral("retryOpening"));
    m_banner->addButton(m_addTables);
    m_addTables->setObjectName(QStringLiteral("addKvsTables"));
    m_addTables->hide();

    m_splitter->addWidget(m_tree);
    m_splitter->addWidget(m_inspector);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    // Two fifths for the tree from the start (its size hint alone leaves the filter's literal
    // fields too narrow to show their hints); setSizes scales these to the splitter's width.
    m_splitter->setSizes({2000, 3000});
    m_splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 0, 6, 6);
    layout->setSpacing(4);
    // Across the top of every view of the tab: they are all below it.
    layout->addWidget(m_strip);
    m_strip->hide();
    layout->addWidget(m_toolBar);
    layout->addWidget(m_banner);
    // The views of this database: its keys, its queues, a transaction editor, watches, a
    // benchmark of its server or disk, its tables and a SQL console.
    m_views->setDocumentMode(true);
    auto *keysLayout = new QVBoxLayout(m_keys);
    keysLayout->setContentsMargins(0, 0, 0, 0);
    keysLayout->addWidget(m_splitter, 1);
    m_views->addTab(m_keys, tr("Keys"));
    m_views->addTab(m_queues, tr("Queues"));
    m_views->addTab(m_transaction, tr("Transaction"));
    m_views->addTab(m_watch, tr("Watch"));
    m_views->addTab(m_bench, tr("Benchmark"));
    m_views->addTab(m_analysis, tr("Analysis"));
    if (m_session->spec().isPostgres())
        m_bench->setPostgresServer(m_session->connectionString(), m_session->displayName());
    else
        m_bench->setSqliteDatabase(m_session->spec().sqlitePath());
    // The tables as stored, through Qt Sql: they connect when first shown.
    m_views->addTab(m_tables, tr("Tables"));
    m_views->addTab(m_console, tr("SQL"));
    m_maintenance = addMaintenanceView(*this);
    const rawsql::RawSqlTarget tables = m_session->rawSqlTarget();
    m_tables->setTarget(tables);
    m_console->setTarget(tables);
    layout->addWidget(m_views, 1);

    connect(m_session, &DatabaseSession::storeChanged, this, &DatabaseView::onStoreChanged);
    connect(m_session, &DatabaseSession::problem, this, &DatabaseView::onProblem);
    connect(m_session, &DatabaseSession::sshHostKeyUnknown, this, [this](const SshHostKey &key) {
        if (SshHostKeyDialog::askToTrust(key, this))
            m_session->trustSshHostKey(key);
    });
    connect(m_session, &DatabaseSession::openingChanged, this, &DatabaseView::updateMode);
    connect(m_session, &DatabaseSession::schemaOutdated, this, [this](long long version) {
        m_outdatedVersion = version;
        m_migrate->show();
        m_retry->hide();
        m_banner->showMessage(
            tr("This database is at kvs schema version %1 (this release writes %2). It "
               "reads as it is; writing needs a migration, which asks first.")
                .arg(version)
                .arg(kSchemaVersion));
    });
    connect(m_allowWrites, &QAction::toggled, this, &DatabaseView::onAllowWritesToggled);
    // What a restore replaced: the views read the database again.
    connect(m_restore, &DatabaseRestore::finished, this, [this](bool ok) {
        if (ok)
            m_refresh->trigger();
    });
    connect(m_undo, &DatabaseUndo::finished, this, &DatabaseView::onUndoFinished);
    connect(m_refresh, &QAction::triggered, this, [this] {
        if (m_inspector->confirmLeave())
            m_tree->refresh();
    });
    connect(m_newKey, &QAction::triggered, this, [this] {
        m_inspector->createKeyUnder(m_tree->selectedKey().value_or(Key{}));
    });
    connect(m_migrate, &QPushButton::clicked, this, [this] {
        const auto answer
            = QMessageBox::question(this,
                                    tr("Migrate %1?").arg(m_session->displayName()),
                                    DatabaseSession::migrationExplanation(m_outdatedVersion),
                                    QMessageBox::Yes | QMessageBox::Cancel,
                                    QMessageBox::Cancel);
        if (answer == QMessageBox::Yes) {
            m_banner->hide();
            m_session->setWritable(true, true);
        }
    });
    connect(m_addTables, &QPushButton::clicked, this, [this] {
        if (!confirmAllowWrites(true))
            return;
        m_banner->hide();
        m_session->setWritable(true, true);
    });
    connect(m_retry, &QPushButton::clicked, this, [this] {
        m_banner->hide();
        if (m_session->store())
            m_session->setWritable(m_session->isWritable());
        else
            m_session->open();
    });
    connect(m_tree, &KeyTreePane::keySelected, this, [this](const std::string &key, bool) {
        if (key == m_inspector->shownKey())
            return; // another column of the same row
        // No current tree row: a row outside the key space, which has no children.
        const QModelIndex current = m_tree->view()->currentIndex().siblingAtColumn(0);
        m_inspector->showKey(key, current.isValid() && m_tree->model()->hasChildren(current));
    });
    // Another row, or a refresh, asks first when the editor holds unsaved changes.
    m_tree->setLeaveGuard([this] { return m_inspector->confirmLeave(); });
    connect(m_inspector, &ValueInspector::editSaved, this, [this] {
        if (std::function<void()> close = std::exchange(m_afterSave, nullptr)) {
            close();
            return;
        }
        m_tree->resumeLeave();
    });
    connect(m_tree, &KeyTreePane::selectionCleared, m_inspector, &ValueInspector::clear);
    // An empty database (or the space below the rows) offers what fills it.
    connect(m_tree, &KeyTreePane::emptyAreaMenuRequested, this, [this](const QPoint &at) {
        m_import->emptyTreeMenu(m_newKey, m_tree)->popup(at);
    });
    // Writes update their rows in place: the tree keeps its expansion, selection and scroll.
    KeyTreeLoader *treeLoader = m_tree->model()->loader();
    connect(m_inspector, &ValueInspector::keyWritten, treeLoader, &KeyTreeLoader::noteKeyWritten);
    connect(m_inspector, &ValueInspector::keyDeleted, treeLoader, &KeyTreeLoader::noteKeyDeleted);
    connect(m_inspector,
            &ValueInspector::keyDeleted,
            m_tree->outsideRows(),
            &OutsideRowsView::noteRowDeleted);

    // Commits of other processes (and of this one's other tabs) reach the expanded nodes.
    connect(
        m_live, &LiveUpdates::databaseChanged, m_treeRefresh, &KeyTreeLiveRefresh::databaseChanged);

    // Del and F2 on a tree row: the inspector shows that row's key; it asks before it deletes.
    const auto whenShown = [this](void (ValueInspector::*act)()) {
        return [this, act](const std::string &key) {
            if (m_inspector->shows(key))
                (m_inspector->*act)();
        };
    };
    connect(m_tree->rowActions(),
            &KeyRowActions::deleteKeyRequested,
            this,
            whenShown(&ValueInspector::deleteKey));
    connect(m_tree->rowActions(),
            &KeyRowActions::editKeyRequested,
            this,
            whenShown(&ValueInspector::startEditing));
    // "Copy subtree to": the databases of the window's other tabs, asked when the menu opens.
    m_tree->rowActions()->setCopyTargets(m_session->displayName(), [this] {
        std::vector<CopyTarget> targets;
        for (DatabaseView *other : window()->findChildren<DatabaseView *>()) {
            if (other != this) {
                targets.push_back({other->session()->displayName(),
                                   other->session()->store(),
                                   other->session()->isWritable(),
                                   other->session()->auditDatabaseName()});
            }
        }
        return targets;
    });
    // "Add to transaction" on a key's row: a check of its current version.
    connect(m_tree, &KeyTreePane::addToTransactionRequested, this, [this](const Key &key) {
        m_transaction->controller()->addCheckFor(key);
        m_views->setCurrentWidget(m_transaction);
    });
    TransactionController *transaction = m_transaction->controller();
    connect(transaction,
            &TransactionController::keyWritten,
            treeLoader,
            &KeyTreeLoader::noteKeyWritten);
    connect(transaction,
            &TransactionController::keyDeleted,
            treeLoader,
            &KeyTreeLoader::noteKeyDeleted);

    // The Search view (Ctrl+Shift+F), and the preferences the views read as the tab opens.
    addKeySearch(*this);
    wireAnalysis(*this);
    applyViewPreferences(*this);
    // The tab's reconnect mechanism reaches every view (a banner each, stale rows, actions off).
    addOutageHandling(*this);
    // A standby says so (its primary and replay lag) and offers no Allow writes; after a
    // failover the tab says which host it reaches now.
    addServerRoleStatus(*this);

    // One time for the tab: the stores the session opens, and every view that shows time.
    const std::shared_ptr<Clock> &clock = m_session->clock();
    m_tree->setClock(clock);
    m_inspector->setClock(clock);
    m_queues->setClock(clock);

    connect(m_session,
            &DatabaseSession::savedConnectionChanged,
            this,
            &DatabaseView::updateEnvironment);
    connect(m_session, &DatabaseSession::identityRead, this, &DatabaseView::updateEnvironment);
    connect(m_writeExpiry, &WriteExpiry::expired, this, &DatabaseView::onWritesExpired);
    wireWriteActivity();
    updateEnvironment();

    updateMode();
    m_session->open();
}

void DatabaseView::wireWriteActivity()
{
    const auto wrote = [this] {
        m_writeExpiry->noteWrite();
    };
    connect(m_inspector, &ValueInspector::keyWritten, m_writeExpiry, wrote);
    connect(m_inspector, &ValueInspector::keyDeleted, m_writeExpiry, wrote);
    connect(m_transaction->controller(), &TransactionController::committed, m_writeExpiry, wrote);
    connect(m_tree->rowActions(), &KeyRowActions::bulkFinished, m_writeExpiry, wrote);
    connect(m_tree->outsideRows(), &OutsideRowsView::rowDeleted, m_writeExpiry, wrote);
    connect(m_queues->controller(), &QueuesController::actionFinished, m_writeExpiry, wrote);
    connect(m_queues->controller(), &QueuesController::jobFinished, m_writeExpiry, wrote);
    connect(m_console->controller(), &ConsoleController::finished, m_writeExpiry, wrote);
}

void DatabaseView::updateEnvironment()
{
    installProductionDialogStrips();
    const std::optional<SavedConnection> &saved = m_session->savedConnection();
    if (!m_session->isProduction() || !saved) {
        m_strip->hide();
        setProductionMark(this, std::nullopt);
        m_writeExpiry->stop();
        updateMode();
        return;
    }
    const QColor colour = colourOf(*saved);
    m_strip->setColour(colour);
    m_strip->setText(tr("%1 · %2").arg(environmentLabel(saved->environment), saved->name));
    m_strip->show();
    setProductionMark(this, ProductionMark{m_session->typedName(), colour});
    if (m_session->isWritable() && !m_writeExpiry->isActive()) {
        m_writeExpiry->setMinutes(prefs::productionWriteMinutes(QSettings()));
        m_writeExpiry->start();
    }
    updateMode();
}

void DatabaseView::onWritesExpired()
{
    if (!m_session->isWritable())
        return;
    m_writesExpired = true;
    m_session->setWritable(false);
}

DatabaseView::~DatabaseView() = default;

bool DatabaseView::confirmClose(std::function<void()> afterSave)
{
    m_afterSave = nullptr;
    if (m_inspector->confirmLeave())
        return true;
    if (m_inspector->savesBeforeLeaving())
        m_afterSave = std::move(afterSave);
    return false;
}

void DatabaseView::onUndoFinished(bool ok, const QString &message)
{
    if (ok) {
        // What the undo or redo wrote: the views read the keys again.
        m_refresh->trigger();
        return;
    }
    m_migrate->hide();
    m_retry->hide();
    m_addTables->hide();
    m_banner->showMessage(message);
}

QString DatabaseView::bannerText() const
{
    return m_banner->message();
}

QString DatabaseView::modeText() const
{
    return m_mode->text();
}

void DatabaseView::onStoreChanged(const std::shared_ptr<AsyncKVStore> &store, bool writable)
{
    m_banner->hide();
    m_problem.reset();
    if (writable && m_session->isProduction()) {
        m_writeExpiry->setMinutes(prefs::productionWriteMinutes(QSettings()));
        m_writeExpiry->start();
    } else {
        m_writeExpiry->stop();
    }
    const QSignalBlocker block(m_allowWrites);
    m_allowWrites->setChecked(writable);
    m_newKey->setEnabled(writable);
    m_import->setWritable(writable);
    m_restore->setWritable(writable);
    // Writes switched on or off: the same database, so the tree and the selection stay.
    const bool reopened = m_tree->model()->loader()->hasStore() && store;
    if (reopened)
        m_tree->model()->loader()->replaceStore(store);
    else
        m_tree->setStore(store);
    m_inspector->setStore(store, writable);
    m_tree->rowActions()->setStore(store, writable);
    m_tree->outsideRows()->setStore(store, writable);
    // The audit log names the database as kvs does (its path, or the server without password).
    const QString audited = m_session->auditDatabaseName();
    m_queues->setStore(store, writable, m_session->spec().displayName(), audited);
    m_queues->setSqliteFile(store && !m_session->spec().isPostgres() ? m_session->connectionString()
                                                                     : std::string());
    m_console->setWritesPossible(writable);
    m_transaction->setStore(store, writable);
    m_transaction->controller()->setAuditDatabase(audited);
    m_tree->rowActions()->setAuditDatabase(audited);
    if (store && !m_watch->controller()->hasSource()) {
        // A feed reads through connections of its own, read-only, whatever the mode.
        FeedSource source{m_session->connectionString(),
                          m_session->spec().schema().toStdString(),
                          m_session->spec().tablePrefix().toStdString(),
                          m_session->clock()};
        m_watch->setSource(source);
        m_live->setSource(source);
    }
    if (const std::optional<std::string> selected = m_tree->currentEncodedKey();
        reopened && selected)
        m_inspector->showKey(*selected);
    if (std::exchange(m_writesExpired, false) && !writable) {
        m_retry->hide();
        m_migrate->hide();
        m_banner->showMessage(tr("Writes ended by themselves after %Ln minute(s) without a write "
                                 "(production). Allow writes again to write.",
                                 nullptr,
                                 m_writeExpiry->minutes()));
    }
    updateMode();
}

QString DatabaseView::writesRefusedReason(const SessionProblem &problem)
{
    switch (problem.kind) {
    case SessionProblem::Kind::NotKvs:
        return tr("Writes cannot be allowed: this is not a kvs database (%1). \"Add the kvs "
                  "tables…\" adds kvs's tables beside the ones it has.")
            .arg(problem.message);
    case SessionProblem::Kind::SchemaTooNew:
        return tr("Writes cannot be allowed: %1 A newer KVS Admin can write it.")
            .arg(problem.message);
    case SessionProblem::Kind::ForeignTable:
        return tr("Writes cannot be allowed: %1").arg(problem.message);
    default:
        return {};
    }
}

void DatabaseView::onProblem(const SessionProblem &problem)
{
    m_problem = problem;
    {
        const QSignalBlocker block(m_allowWrites);
        m_allowWrites->setChecked(m_session->isWritable());
    }
    m_migrate->setVisible(problem.kind == SessionProblem::Kind::SchemaOutdated);
    m_addTables->setVisible(problem.kind == SessionProblem::Kind::NotKvs);
    m_retry->setVisible(problem.kind == SessionProblem::Kind::Connection
                        || problem.kind == SessionProblem::Kind::Other);
    switch (problem.kind) {
    case SessionProblem::Kind::SchemaOutdated:
        m_outdatedVersion = problem.schemaVersion;
        m_banner->showMessage(tr("Writing needs a schema upgrade: %1").arg(problem.message));
        break;
    case SessionProblem::Kind::NotKvs:
        m_banner->showMessage(tr("Not a kvs database: %1").arg(problem.message));
        break;
    case SessionProblem::Kind::Connection:
        m_banner->showMessage(tr("Connection problem: %1").arg(problem.message));
        break;
    default:
        m_banner->showMessage(problem.message);
        break;
    }
    updateMode();
}

void DatabaseView::onAllowWritesToggled(bool on)
{
    // No kvs tables yet (an empty file or schema): allowing writes creates them.
    const ConnectionSpec &spec = m_session->spec();
    const bool emptyFile = !spec.isPostgres() && QFileInfo(spec.sqlitePath()).exists()
                           && QFileInfo(spec.sqlitePath()).size() == 0;
    // A database that cannot be written as it is (an empty file can: it gets the tables): say
    // why at once, instead of asking and then failing the same way again.
    if (on && !m_session->store() && m_problem && !emptyFile) {
        const QString why = writesRefusedReason(*m_problem);
        if (!why.isEmpty()) {
            const QSignalBlocker block(m_allowWrites);
            m_allowWrites->setChecked(false);
            m_banner->showMessage(why);
            return;
        }
    }
    const bool createsTables
        = m_session->store() ? m_session->store()->schemaVersion() == 0 : emptyFile;
    const auto allowed = [this, createsTables] {
        return m_session->isProduction() ? confirmProductionWrites(createsTables)
                                         : confirmAllowWrites(createsTables);
    };
    if (on && !allowed()) {
        const QSignalBlocker block(m_allowWrites);
        m_allowWrites->setChecked(false);
        return;
    }
    m_session->setWritable(on);
}

bool DatabaseView::confirmAllowWrites(bool createsTables)
{
    QMessageBox box(QMessageBox::Question,
                    tr("Allow writes to %1?").arg(m_session->displayName()),
                    tr("With writes allowed you can edit values, increment numbers, set expiries, "
                       "delete keys and create new ones in this database. Each change is written "
                       "at once and is seen by every application that uses the database; Edit ▸ "
                       "Undo takes the last one back while nobody changed its keys since."),
                    QMessageBox::Yes | QMessageBox::Cancel,
                    this);
    box.setObjectName(QStringLiteral("confirmAllowWrites"));
    box.button(QMessageBox::Yes)->setText(tr("Allow writes"));
    box.setDefaultButton(QMessageBox::Cancel);
    if (createsTables) {
        box.setInformativeText(
            tr("This database has no kvs tables yet. Allowing writes creates them: the tables kv, "
               "queue, versionstamp and meta (named with the connection's table prefix) and "
               "their indexes; a SQLite file is also switched to WAL journal mode."));
    }
    return box.exec() == QMessageBox::Yes;
}

bool DatabaseView::confirmProductionWrites(bool createsTables)
{
    const std::optional<SavedConnection> &saved = m_session->savedConnection();
    TypedNameQuestion question;
    question.objectName = QStringLiteral("confirmProductionWrites");
    question.title = TypedNameDialog::productionTitle(m_session->typedName());
    const int minutes = prefs::productionWriteMinutes(QSettings());
    question.what = tr("%1 is a production database (%2). With writes allowed you can edit, "
                       "delete and create keys there; each change is seen at once by every "
                       "application that uses it. Writes end by themselves after %Ln minute(s) "
                       "without a write.",
                       nullptr,
                       minutes)
                        .arg(m_session->displayName(), saved ? saved->name : QString());
    if (createsTables)
        question.what += QLatin1Char(' ') + tr("Allowing writes also creates the kvs tables.");
    question.name = m_session->typedName();
    question.action = tr("Allow writes");
    question.colour = saved ? colourOf(*saved) : QColor();
    return confirmTypedName(this, question);
}

void DatabaseView::updateMode()
{
    QString text;
    QString style;
    if (m_session->isOpening()) {
        text = tr("Opening…");
    } else if (!m_session->store()) {
        text = tr("Not open");
    } else if (m_session->isWritable() && m_writeExpiry->isActive()) {
        text = tr("Writable, ends %Ln min after the last write", nullptr, m_writeExpiry->minutes());
        style = UiPalette::fillStyle(UiPalette::Role::Error);
    } else if (m_session->isWritable()) {
        text = tr("Writable");
        style = UiPalette::fillStyle(UiPalette::Role::Error);
    } else {
        text = tr("Read-only (inspect)");
        style = UiPalette::fillStyle(UiPalette::Role::Success);
    }
    m_mode->setText(text);
    m_mode->setStyleSheet(
        QStringLiteral("QLabel { padding: 2px 8px; border-radius: 3px; %1 }").arg(style));
    emit modeChanged(text);
}

} // namespace kvs::ui
