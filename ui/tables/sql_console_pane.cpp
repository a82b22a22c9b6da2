#include "tables/sql_console_pane.h"

#include "common/file_chooser.h"
#include "common/message_banner.h"
#include "common/production_mark.h"
#include "preferences/preference_keys.h"
#include "tables/cell_grid.h"
#include "tables/console_controller.h"
#include "tables/statement_result_model.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace kvs::ui {
namespace {

QString elapsedText(qint64 us)
{
    return us < 10000 ? SqlConsolePane::tr("%1 ms").arg(QLocale().toString(us / 1000.0, 'f', 1))
                      : SqlConsolePane::tr("%1 ms").arg(QLocale().toString(us / 1000));
}

} // namespace

SqlConsolePane::SqlConsolePane(QWidget *parent)
    : QWidget(parent)
    , m_controller(new ConsoleController(this))
    , m_history(new QComboBox(this))
    , m_editor(new QPlainTextEdit(this))
    , m_run(new QPushButton(tr("Run"), this))
    , m_explain(new QPushButton(tr("Explain"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_export(new QPushButton(tr("Export CSV…"), this))
    , m_write(new QCheckBox(tr("Allow writing SQL"), this))
    , m_writeWarning(new MessageBanner(MessageBanner::Tone::Warning, this))
    , m_roleWarning(new MessageBanner(MessageBanner::Tone::Warning, this))
    , m_status(new QLabel(this))
    , m_view(new QTableView(this))
{
    m_history->setObjectName(QStringLiteral("sqlHistory"));
    m_history->setPlaceholderText(tr("History"));
    m_history->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_history->setMinimumContentsLength(16); // a narrow window keeps the buttons beside it
    m_editor->setObjectName(QStringLiteral("sqlEditor"));
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setPlaceholderText(tr("One SQL statement, e.g. SELECT * FROM kv LIMIT 100"));
    m_editor->setTabChangesFocus(true);
    m_run->setObjectName(QStringLiteral("runSql"));
    m_run->setToolTip(tr("Run the statement (Ctrl+Return)"));
    m_explain->setToolTip(tr("Show the database's plan for the statement without running it"));
    m_cancel->setObjectName(QStringLiteral("cancelSql"));
    m_cancel->setEnabled(false);
    m_export->setEnabled(false);
    m_write->setObjectName(QStringLiteral("allowWritingSql"));
    m_write->setEnabled(false);
    m_write->setToolTip(tr("Writing SQL needs the database's \"Allow writes\" first"));
    m_writeWarning->showMessage(
        tr("Writing SQL is on: statements change the tables directly, bypassing kvs's rules "
           "(versionstamps, expiry, queue states, the locks of kvs processes)."));
    m_writeWarning->hide();
    m_roleWarning->setObjectName(QStringLiteral("roleWarning"));
    m_roleWarning->hide();
    m_status->setObjectName(QStringLiteral("sqlStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true); // a long message must not widen the window
    m_status->setText(tr("Read-only: statements run in a read-only transaction"));
    m_confirm = [this](const QString &question) {
        return QMessageBox::warning(this,
                                    tr("Allow writing SQL?"),
                                    question,
                                    QMessageBox::Yes | QMessageBox::Cancel,
                                    QMessageBox::Cancel)
               == QMessageBox::Yes;
    };

    m_view->setObjectName(QStringLiteral("sqlResult"));
    m_view->setModel(m_controller->result());
    setUpCellGrid(*m_view, 160);
    auto *runShortcut = new QAction(tr("Run the statement"), this);
    runShortcut->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    runShortcut->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(runShortcut);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_explain);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_history, 1);
    buttons->addWidget(m_write);
    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_editor, 1);
    topLayout->addLayout(buttons);
    topLayout->addWidget(m_writeWarning);
    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    auto *statusLine = new QHBoxLayout;
    statusLine->addWidget(m_status, 1);
    statusLine->addWidget(m_export);
    bottomLayout->addLayout(statusLine);
    bottomLayout->addWidget(m_view, 1);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    // Outside the splitter, so it takes the height its wrapped text needs.
    layout->addWidget(m_roleWarning);
    layout->addWidget(splitter, 1);

    const auto runText = [this] {
        m_controller->setIdleCloseSeconds(prefs::consoleIdleCloseSeconds(QSettings()));
        m_controller->run(m_editor->toPlainText());
    };
    connect(m_run, &QPushButton::clicked, this, runText);
    connect(runShortcut, &QAction::triggered, this, runText);
    connect(m_explain, &QPushButton::clicked, this, [this] {
        m_controller->explain(m_editor->toPlainText());
    });
    connect(m_cancel, &QPushButton::clicked, m_controller, &ConsoleController::cancel);
    connect(m_export, &QPushButton::clicked, this, &SqlConsolePane::exportWithDialog);
    connect(m_write, &QCheckBox::toggled, this, &SqlConsolePane::onWriteToggled);
    connect(m_history, &QComboBox::activated, this, [this](int index) {
        m_editor->setPlainText(m_history->itemData(index).toString());
    });
    connect(m_controller, &ConsoleController::runningChanged, this, [this](bool running) {
        m_run->setEnabled(!running);
        m_explain->setEnabled(!running);
        m_cancel->setEnabled(running);
        if (running) {
            m_export->setEnabled(false);
            m_status->setText(tr("Running…"));
        } else {
            reloadHistory();
        }
    });
    connect(m_controller, &ConsoleController::finished, this, &SqlConsolePane::onFinished);
    connect(m_controller->result(), &QAbstractItemModel::rowsInserted, this, [this] {
        onFinished(m_last);
    });
    connect(m_controller, &ConsoleController::failed, this, [this](const QString &message) {
        m_status->setText(tr("Failed: %1").arg(message));
    });
    connect(m_controller, &ConsoleController::cancelled, this, [this] {
        m_status->setText(tr("Cancelled"));
    });
    connect(m_controller, &ConsoleController::idleClosed, this, [this](int seconds) {
        m_status->setText(
            tr("%1 row(s) read; the result was closed after %2 s idle, which ended its "
               "transaction (Preferences ▸ SQL console). Run the statement again to read on.")
                .arg(QLocale().toString(qint64(m_controller->result()->rowCount())))
                .arg(seconds));
    });
    connect(m_controller,
            &ConsoleController::roleCapabilitiesRead,
            this,
            &SqlConsolePane::onRoleCapabilities);
    connect(m_controller, &ConsoleController::historyFailed, this, [this](const QString &message) {
        m_status->setText(tr("The statement runs, but the history is not kept: %1").arg(message));
    });
    connect(
        m_controller, &ConsoleController::historyUnreadable, this, [this](const QString &message) {
            m_status->setText(tr("The history cannot be read: %1").arg(message));
        });
    connect(m_controller, &ConsoleController::historyLoaded, this, &SqlConsolePane::showHistory);
    connect(
        m_controller, &ConsoleController::exported, this, [this](qint64 rows, const QString &path) {
            m_status->setText(tr("Exported %1 row(s) to %2").arg(QLocale().toString(rows), path));
        });
}

SqlConsolePane::~SqlConsolePane() = default;

void SqlConsolePane::setTarget(const rawsql::RawSqlTarget &target)
{
    m_target = target;
    m_targetPending = true;
    if (isVisible()) {
        m_targetPending = false;
        m_controller->setTarget(target);
    }
}

void SqlConsolePane::setWritesPossible(bool possible)
{
    m_controller->setWritesPossible(possible);
    m_write->setEnabled(possible);
    m_write->setToolTip(possible ? tr("Let statements change the tables directly")
                                 : tr("Writing SQL needs the database's \"Allow writes\" first"));
    if (!possible) {
        const QSignalBlocker block(m_write);
        m_write->setChecked(false);
        onWriteToggled(false);
    }
}

QString SqlConsolePane::statusText() const
{
    return m_status->text();
}

QString SqlConsolePane::roleWarningText() const
{
    return m_roleWarning->message();
}

void SqlConsolePane::onRoleCapabilities(const rawsql::RoleCapabilities &capabilities)
{
    if (!capabilities.canDoMoreThanRead()) {
        m_roleWarning->hide();
        return;
    }
    QStringList can;
    if (capabilities.superuser)
        can << tr("superuser");
    if (capabilities.executeServerProgram)
        can << tr("runs programs on the server");
    if (capabilities.writeServerFiles)
        can << tr("writes files on the server");
    if (capabilities.signalBackend)
        can << tr("ends other sessions");
    if (capabilities.replication)
        can << tr("replication");
    m_roleWarning->showMessage(
        tr("Connected as %1, a role that can do more than read (%2). The read-only console "
           "refuses writes and the functions it knows to have effects, but a role that can only "
           "read is the sure way: connect as one, e.g. CREATE ROLE kvs_reader LOGIN; GRANT "
           "USAGE ON SCHEMA … TO kvs_reader; GRANT SELECT ON ALL TABLES IN SCHEMA … TO "
           "kvs_reader.")
            .arg(capabilities.role, can.join(QStringLiteral(", "))));
}

void SqlConsolePane::exportCsv(const QString &path)
{
    m_controller->exportResult(path);
}

void SqlConsolePane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_targetPending) {
        m_targetPending = false;
        m_controller->setTarget(m_target);
        reloadHistory();
    }
}

void SqlConsolePane::onFinished(const rawsql::StatementResult &first)
{
    m_last = first;
    m_export->setEnabled(first.returnsRows);
    if (!first.returnsRows) {
        m_status->setText(
            first.rowsAffected >= 0
                ? tr("%1 row(s) affected in %2")
                      .arg(QLocale().toString(first.rowsAffected), elapsedText(first.elapsedUs))
                : tr("Done in %1").arg(elapsedText(first.elapsedUs)));
        return;
    }
    const StatementResultModel *result = m_controller->result();
    const QString rows = QLocale().toString(qint64(result->rowCount()));
    m_status->setText(result->isAtEnd()
                          ? tr("%1 row(s) in %2").arg(rows, elapsedText(first.elapsedUs))
                          : tr("%1 row(s) so far (more as you scroll; it closes after %3 s idle), "
                               "first page in %2")
                                .arg(rows, elapsedText(first.elapsedUs))
                                .arg(m_controller->idleCloseSeconds()));
}

void SqlConsolePane::onWriteToggled(bool on)
{
    if (on) {
        const QString question
            = tr("Statements will change the tables of %1 directly. They bypass kvs's rules: "
                 "versionstamps, expiry, queue states and the locks other kvs processes take. A "
                 "wrong statement can corrupt the store for every program that uses it.\n\nEach "
                 "statement commits when it ends.")
                  .arg(m_target.displayName());
        // On a production tab the database's name is typed too.
        if (!m_confirm(question)
            || !confirmOnProduction(this,
                                    QStringLiteral("confirmWritingSqlProduction"),
                                    question,
                                    tr("Allow writing SQL"))) {
            const QSignalBlocker block(m_write);
            m_write->setChecked(false);
            return;
        }
    }
    m_controller->setWriteMode(on);
    m_writeWarning->setVisible(on);
    if (!m_controller->isRunning())
        m_status->setText(on ? tr("Writing: each statement commits when it ends")
                             : tr("Read-only: statements run in a read-only transaction"));
}

void SqlConsolePane::reloadHistory()
{
    m_controller->loadHistory(); // showHistory() follows
}

void SqlConsolePane::showHistory(const QList<rawsql::StatementHistory::Entry> &entries)
{
    const QSignalBlocker block(m_history);
    m_history->clear();
    for (auto it = entries.crbegin(); it != entries.crend(); ++it) {
        QString line = it->sql.simplified();
        if (line.size() > 80)
            line = line.left(80) + QChar(0x2026);
        m_history->addItem(it->write ? tr("[write] %1").arg(line) : line, it->sql);
    }
    m_history->setCurrentIndex(-1);
}

void SqlConsolePane::exportWithDialog()
{
    const QString path = FileChooser::getSaveFileName(this,
                                                      tr("Export the result as CSV"),
                                                      QStringLiteral("result.csv"),
                                                      tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        exportCsv(path);
}

} // namespace kvs::ui
