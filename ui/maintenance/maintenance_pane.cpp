#include "maintenance/maintenance_pane.h"

#include "common/audited_job.h"
#include "common/confirm_destructive.h"
#include "common/production_mark.h"
#include "maintenance/maintenance_actions.h"
#include "maintenance/pg_activity_models.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace kvs::ui {

using Action = MaintenanceController::Action;

namespace {

QLabel *wrappedLabel(QWidget *parent, const char *name)
{
    auto *label = new QLabel(parent);
    label->setObjectName(QString::fromLatin1(name));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QTableView *tableView(QAbstractItemModel *model, QWidget *parent, const char *name)
{
    auto *view = new QTableView(parent);
    view->setObjectName(QString::fromLatin1(name));
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->setWordWrap(false);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setMinimumHeight(110);
    return view;
}

QString bytesText(std::int64_t bytes)
{
    return QLocale().formattedDataSize(bytes);
}

} // namespace

MaintenancePane::MaintenancePane(QWidget *parent)
    : QWidget(parent)
    , m_controller(new MaintenanceController(this))
    , m_status(new QLabel(this))
    , m_refresh(new QPushButton(tr("Refresh"), this))
    , m_writesNote(wrappedLabel(this, "maintenanceWritesNote"))
    , m_actionResult(nullptr)
    , m_storageModel(new PgStorageModel(this))
    , m_sessionsModel(new PgSessionsModel(this))
    , m_lockWaitsModel(new PgLockWaitsModel(this))
{
    setObjectName(QStringLiteral("maintenance"));
    m_refresh->setObjectName(QStringLiteral("maintenanceRefresh"));
    m_status->setObjectName(QStringLiteral("maintenanceStatus"));
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_refresh);
    layout->addLayout(top);
    layout->addWidget(m_writesNote);

    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("maintenanceScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *content = new QWidget(scroll);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    m_actionResult = wrappedLabel(content, "maintenanceActionResult");
    m_sqlite = buildSqlite();
    m_postgres = buildPostgres();
    m_sqlite->setParent(content);
    m_postgres->setParent(content);
    contentLayout->addWidget(m_sqlite);
    contentLayout->addWidget(m_postgres);
    contentLayout->addWidget(m_actionResult);
    contentLayout->addStretch(1);
    scroll->setWidget(content);
    layout->addWidget(scroll, 1);
    m_postgres->hide();

    connect(m_refresh, &QPushButton::clicked, m_controller, &MaintenanceController::refresh);
    connect(m_controller, &MaintenanceController::figuresRead, this, &MaintenancePane::showFigures);
    connect(m_controller, &MaintenanceController::readFailed, this, [this](const QString &message) {
        m_status->setText(tr("Could not read the figures: %1").arg(message));
    });
    connect(m_controller, &MaintenanceController::busyChanged, this, &MaintenancePane::updateState);
    connect(m_controller,
            &MaintenanceController::checkFinished,
            this,
            [this](const QString &text, bool) { m_checkResult->setText(text); });
    connect(m_controller,
            &MaintenanceController::actionFinished,
            this,
            [this](const QString &text, bool ok) {
                m_actionResult->setText(ok ? text : tr("Failed: %1").arg(text));
            });
    updateState();
}

MaintenancePane::~MaintenancePane() = default;

QWidget *MaintenancePane::buildSqlite()
{
    auto *section = new QWidget(this);
    auto *layout = new QVBoxLayout(section);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *file = new QGroupBox(tr("File"), section);
    auto *form = new QFormLayout(file);
    const std::pair<const char *, QString> figures[] = {
        {"file", tr("Database file:")},
        {"wal", tr("WAL file:")},
        {"free", tr("Free pages:")},
        {"pageSize", tr("Page size:")},
        {"journal", tr("Journal mode:")},
    };
    for (const auto &[name, label] : figures) {
        QLabel *value = wrappedLabel(file, name);
        value->setObjectName(QStringLiteral("sqliteFigure_") + QString::fromLatin1(name));
        m_sqliteFigures[name] = value;
        form->addRow(label, value);
    }
    layout->addWidget(file);

    auto *checks = new QGroupBox(tr("Checks (read-only)"), section);
    auto *checksLayout = new QVBoxLayout(checks);
    auto *row = new QHBoxLayout;
    m_quickCheck = new QPushButton(tr("Quick check"), checks);
    m_quickCheck->setObjectName(QStringLiteral("quickCheck"));
    m_quickCheck->setToolTip(tr("PRAGMA quick_check: every page and record is well formed"));
    m_integrityCheck = new QPushButton(tr("Integrity check"), checks);
    m_integrityCheck->setObjectName(QStringLiteral("integrityCheck"));
    m_integrityCheck->setToolTip(
        tr("PRAGMA integrity_check: the quick check, and every index against its table (slower)"));
    m_checkProgress = new QProgressBar(checks);
    m_checkProgress->setObjectName(QStringLiteral("checkProgress"));
    m_checkProgress->setRange(0, 0); // SQLite says nothing of how far it is: busy
    m_checkProgress->setTextVisible(false);
    m_cancelCheck = new QPushButton(tr("Cancel"), checks);
    m_cancelCheck->setObjectName(QStringLiteral("cancelCheck"));
    row->addWidget(m_quickCheck);
    row->addWidget(m_integrityCheck);
    row->addWidget(m_checkProgress, 1);
    row->addWidget(m_cancelCheck);
    row->addStretch(0); // the buttons keep their size while the busy bar is hidden
    checksLayout->addLayout(row);
    m_checkResult = wrappedLabel(checks, "checkResult");
    checksLayout->addWidget(m_checkResult);
    layout->addWidget(checks);
    connect(m_quickCheck, &QPushButton::clicked, this, [this] {
        m_checkResult->setText(tr("Quick check running…"));
        m_controller->startCheck(false);
    });
    connect(m_integrityCheck, &QPushButton::clicked, this, [this] {
        m_checkResult->setText(tr("Integrity check running…"));
        m_controller->startCheck(true);
    });
    connect(
        m_cancelCheck, &QPushButton::clicked, m_controller, &MaintenanceController::cancelCheck);

    m_sqliteActions = new QGroupBox(tr("Actions (they write)"), section);
    auto *grid = new QVBoxLayout(m_sqliteActions);
    auto *first = new QHBoxLayout;
    first->addWidget(addAction(Action::CheckpointPassive, tr("Checkpoint…")));
    first->addWidget(addAction(Action::CheckpointTruncate, tr("Checkpoint and truncate…")));
    first->addWidget(addAction(Action::Optimize, tr("Optimize…")));
    first->addWidget(addAction(Action::VacuumSqlite, tr("Vacuum…")));
    first->addStretch(1);
    auto *second = new QHBoxLayout;
    second->addWidget(addAction(Action::PurgeExpired, tr("Purge expired now…")));
    second->addWidget(addAction(Action::CleanQueue, tr("Clean the queue now…")));
    second->addStretch(1);
    grid->addLayout(first);
    grid->addLayout(second);
    layout->addWidget(m_sqliteActions);
    return section;
}

QWidget *MaintenancePane::buildPostgres()
{
    auto *section = new QWidget(this);
    auto *layout = new QVBoxLayout(section);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *tables = new QGroupBox(tr("Tables and indexes"), section);
    auto *tablesLayout = new QVBoxLayout(tables);
    tablesLayout->addWidget(tableView(m_storageModel, tables, "pgStorage"));
    auto *tablesNote = wrappedLabel(tables, "pgStorageNote");
    tablesNote->setText(tr("Row counts are the server's statistics, updated after each "
                           "transaction, not counts."));
    tablesLayout->addWidget(tablesNote);
    layout->addWidget(tables);

    auto *sessions = new QGroupBox(tr("Sessions of this database"), section);
    auto *sessionsLayout = new QVBoxLayout(sessions);
    m_sessionsView = tableView(m_sessionsModel, sessions, "pgSessions");
    sessionsLayout->addWidget(m_sessionsView);
    m_sessionsNote = wrappedLabel(sessions, "pgSessionsNote");
    sessionsLayout->addWidget(m_sessionsNote);
    layout->addWidget(sessions);

    auto *locks = new QGroupBox(tr("Locks waited on"), section);
    auto *locksLayout = new QVBoxLayout(locks);
    locksLayout->addWidget(tableView(m_lockWaitsModel, locks, "pgLockWaits"));
    m_locksNote = wrappedLabel(locks, "pgLocksNote");
    locksLayout->addWidget(m_locksNote);
    layout->addWidget(locks);

    m_postgresActions = new QGroupBox(tr("Actions (they write)"), section);
    auto *row = new QHBoxLayout(m_postgresActions);
    row->addWidget(addAction(Action::VacuumPostgres, tr("Vacuum and analyze…")));
    row->addStretch(1);
    layout->addWidget(m_postgresActions);
    return section;
}

QPushButton *MaintenancePane::addAction(Action action, const QString &text)
{
    auto *button = new QPushButton(text, this);
    static const std::map<Action, const char *> names{
        {Action::CheckpointPassive, "checkpointPassive"},
        {Action::CheckpointTruncate, "checkpointTruncate"},
        {Action::Optimize, "optimize"},
        {Action::VacuumSqlite, "vacuumSqlite"},
        {Action::PurgeExpired, "purgeExpired"},
        {Action::CleanQueue, "cleanQueue"},
        {Action::VacuumPostgres, "vacuumPostgres"},
    };
    button->setObjectName(QString::fromLatin1(names.at(action)));
    m_actions[action] = button;
    connect(button, &QPushButton::clicked, this, [this, action] { (void)askAndRun(action); });
    return button;
}

QPushButton *MaintenancePane::actionButton(Action action) const
{
    const auto found = m_actions.find(action);
    return found == m_actions.end() ? nullptr : found->second;
}

void MaintenancePane::setTarget(MaintenanceTarget target)
{
    m_sqlite->setVisible(target.store && !target.postgres);
    m_postgres->setVisible(target.store && target.postgres);
    if (!target.store)
        m_status->setText(tr("No database open."));
    m_controller->setTarget(std::move(target));
    updateState();
}

bool MaintenancePane::askAndRun(Action action)
{
    if (!offersWrites() || m_controller->isActing())
        return false;
    const MaintenanceQuestion question = questionFor(action);
    const QString problem = auditLogProblem();
    if (!confirmDestructive(this,
                            {QStringLiteral("confirmMaintenance"),
                             question.title,
                             questionWithAudit(question.question, problem),
                             question.details,
                             question.button})) {
        return false;
    }
    const bool vacuum = action == Action::VacuumSqlite || action == Action::VacuumPostgres;
    if (vacuum
        && !confirmOnProduction(
            this, QStringLiteral("confirmMaintenanceTyped"), question.details, question.button)) {
        return false;
    }
    m_actionResult->setText(tr("%1 running…").arg(question.title));
    return m_controller->run(action, policyAfter(problem));
}

MaintenanceQuestion MaintenancePane::questionFor(Action action) const
{
    std::int64_t freeBytes = 0;
    if (const std::optional<SqliteFileFigures> &file = m_controller->sqliteFigures())
        freeBytes = file->storage.freeBytes();
    std::int64_t deadRows = 0;
    if (const std::optional<StorageFigures> &storage = m_controller->storage()) {
        for (const PgTableFigures &table : storage->tables)
            deadRows += table.deadTuples.value_or(0);
    }
    return MaintenanceActions::question(action, freeBytes, deadRows);
}

void MaintenancePane::showFigures()
{
    m_status->setText(tr("Figures read at %1.")
                          .arg(QLocale().toString(QTime::currentTime(), QLocale::ShortFormat)));
    if (const std::optional<SqliteFileFigures> &file = m_controller->sqliteFigures()) {
        const SqliteStorageFigures &s = file->storage;
        m_sqliteFigures["file"]->setText(
            tr("%1 (%Ln pages)", nullptr, int(s.pageCount)).arg(bytesText(s.fileBytes)));
        m_sqliteFigures["file"]->setToolTip(QString::fromStdString(s.path));
        m_sqliteFigures["wal"]->setText(s.walBytes > 0 ? bytesText(s.walBytes)
                                                       : tr("none (0 bytes)"));
        m_sqliteFigures["free"]->setText(
            tr("%Ln pages (%1): what a VACUUM would reclaim", nullptr, int(s.freePages))
                .arg(bytesText(s.freeBytes())));
        m_sqliteFigures["pageSize"]->setText(bytesText(s.pageSize));
        m_sqliteFigures["journal"]->setText(QString::fromStdString(file->journalMode));
    }
    if (const std::optional<StorageFigures> &storage = m_controller->storage())
        m_storageModel->setTables(storage->tables);
    if (const std::optional<PgActivity> &activity = m_controller->activity()) {
        m_standby = activity->standby;
        m_sessionsModel->setSessions(activity->sessions);
        m_lockWaitsModel->setActivity(*activity);
        m_sessionsView->resizeColumnsToContents();
        int marked = 0;
        for (int row = 0; row < m_sessionsModel->rowCount(); ++row)
            marked += m_sessionsModel->isMarked(row) ? 1 : 0;
        QStringList notes;
        if (marked > 0) {
            notes << tr("%Ln session(s) hold back VACUUM: idle in a transaction, or in one open "
                        "for 5 minutes or more (marked).",
                        nullptr,
                        marked);
        }
        if (!activity->seesAllSessions) {
            notes << tr("Without the role pg_read_all_stats (or superuser), other roles' "
                        "statements and states are hidden: they show as \"<insufficient "
                        "privilege>\".");
        }
        if (activity->sessions.empty())
            notes << tr("No other session is connected to this database.");
        m_sessionsNote->setText(notes.join(QLatin1Char(' ')));
        m_locksNote->setText(
            activity->waits.empty()
                ? tr("No session waits for a lock.")
                : tr("%Ln session(s) wait for a lock.", nullptr, int(activity->waits.size())));
    }
    updateState();
}

bool MaintenancePane::offersWrites() const
{
    const MaintenanceTarget &target = m_controller->target();
    return target.store && target.writable && !m_standby;
}

void MaintenancePane::updateState()
{
    const MaintenanceTarget &target = m_controller->target();
    const bool writes = offersWrites();
    m_sqliteActions->setVisible(writes && !target.postgres);
    m_postgresActions->setVisible(writes && target.postgres);
    if (m_standby) {
        m_writesNote->setText(tr("This server is a standby (in recovery): maintenance that "
                                 "writes runs on the primary. The figures are the standby's."));
    } else if (target.store && !target.writable && target.postgres) {
        m_writesNote->setText(tr("Read-only: the figures only. Allow writes to run VACUUM "
                                 "(ANALYZE)."));
    } else if (target.store && !target.writable) {
        m_writesNote->setText(tr("Read-only: the figures and the checks. Allow writes to "
                                 "checkpoint, optimize, vacuum or clean."));
    } else {
        m_writesNote->clear();
    }
    m_writesNote->setVisible(!m_writesNote->text().isEmpty());
    const bool checking = m_controller->isChecking();
    m_quickCheck->setEnabled(!checking && target.store);
    m_integrityCheck->setEnabled(!checking && target.store);
    m_checkProgress->setVisible(checking);
    m_cancelCheck->setVisible(checking);
    const bool acting = m_controller->isActing();
    for (const auto &[action, button] : m_actions)
        button->setEnabled(!acting);
    m_refresh->setEnabled(target.store && !m_controller->isReading());
}

void MaintenancePane::reveal()
{
    // The tab widget's stack holds this pane; the tab widget is the stack's parent.
    for (QWidget *up = parentWidget(); up != nullptr; up = up->parentWidget()) {
        if (auto *tabs = qobject_cast<QTabWidget *>(up)) {
            tabs->setCurrentWidget(this);
            break;
        }
    }
    m_controller->refresh();
}

void MaintenancePane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_controller->setLive(true);
    m_controller->refresh();
}

void MaintenancePane::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_controller->setLive(false);
}

QString MaintenancePane::sqliteFigureText(const QString &name) const
{
    const auto found = m_sqliteFigures.find(name.toStdString());
    return found == m_sqliteFigures.end() ? QString() : found->second->text();
}

} // namespace kvs::ui
