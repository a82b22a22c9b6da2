#include "connection/connection_dialog.h"

#include "common/file_chooser.h"
#include "connection/connection_test_status.h"
#include "connection/connection_tester.h"
#include "connection/postgres_connection_page.h"
#include "connection/recent_connections.h"
#include "connection/saved_connection_look.h"
#include "connection/saved_connections_panel.h"
#include "connection/secret_store.h"
#include "connection/sqlite_connection_page.h"

#include <QAction>
#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpressionValidator>
#include <QStyle>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace kvs::ui {

namespace {

QString keychainNote(const QString &reason)
{
    return ConnectionDialog::tr("No system keychain is available (%1): passwords are asked for "
                                "when needed and not remembered.")
        .arg(reason.isEmpty() ? ConnectionDialog::tr("no backend") : reason);
}

QLabel *heading(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    return label;
}

} // namespace

ConnectionDialog::ConnectionDialog(RecentConnections *recent, SecretStore *secrets, QWidget *parent)
    : QDialog(parent)
    , m_recent(recent)
    , m_secrets(secrets)
    , m_tester(new ConnectionTester(this))
    , m_recentList(new QListWidget(this))
    , m_saved(new SavedConnectionsPanel(nullptr, this))
    , m_sqliteKind(new QRadioButton(tr("S&QLite file"), this))
    , m_postgresKind(new QRadioButton(tr("Postgre&SQL server"), this))
    , m_sqlite(new SqliteConnectionPage(this))
    , m_postgres(new PostgresConnectionPage(this))
    , m_tablePrefix(new QLineEdit(this))
    , m_testButton(new QPushButton(tr("&Test connection"), this))
    , m_status(new ConnectionTestStatus(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Open a kvs Database"));
    setObjectName(QStringLiteral("connectionDialog"));

    // Left: the saved connections, and the recent ones below them.
    m_recentList->setObjectName(QStringLiteral("recentList"));
    m_recentList->setMinimumWidth(230);
    m_recentList->setMaximumWidth(340);
    m_saved->setMaximumWidth(340);
    m_recentList->setTextElideMode(Qt::ElideMiddle);
    m_recentList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_recentList->setUniformItemSizes(true);
    m_recentList->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *forget = new QAction(tr("&Remove from recent connections"), m_recentList);
    m_recentList->addAction(forget);
    auto *left = new QVBoxLayout;
    left->addWidget(heading(tr("Connections"), this));
    left->addWidget(m_saved, 3);
    left->addWidget(heading(tr("Recent connections"), this));
    left->addWidget(m_recentList, 2);

    // Right: the form.
    m_sqliteKind->setObjectName(QStringLiteral("sqliteKindRadio"));
    m_postgresKind->setObjectName(QStringLiteral("postgresKindRadio"));
    auto *kinds = new QButtonGroup(this);
    kinds->addButton(m_sqliteKind);
    kinds->addButton(m_postgresKind);
    m_sqliteKind->setChecked(true);
    auto *kindRow = new QHBoxLayout;
    kindRow->addWidget(m_sqliteKind);
    kindRow->addWidget(m_postgresKind);
    kindRow->addStretch(1);

    m_tablePrefix->setObjectName(QStringLiteral("tablePrefixEdit"));
    m_tablePrefix->setPlaceholderText(tr("None (tables kv, queue, meta)"));
    m_tablePrefix->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{0,39}")), m_tablePrefix));
    auto *common = new QFormLayout;
    common->setContentsMargins(0, 0, 0, 0);
    common->addRow(tr("Table &prefix:"), m_tablePrefix);

    m_testButton->setObjectName(QStringLiteral("testButton"));
    m_testButton->setAutoDefault(false);
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(m_testButton, 0, Qt::AlignTop);
    testRow->addWidget(m_status, 1);

    // The page not in use is hidden, not stacked: the table prefix follows the visible one.
    auto *right = new QVBoxLayout;
    right->addWidget(heading(tr("Database"), this));
    right->addLayout(kindRow);
    right->addWidget(m_sqlite);
    right->addWidget(m_postgres);
    right->addLayout(common);
    right->addStretch(1);

    auto *columns = new QHBoxLayout;
    columns->addLayout(left);
    columns->addSpacing(8);
    columns->addLayout(right, 1);

    auto *line = new QFrame(this);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Connect"));
    m_buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("connectButton"));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addSpacing(4);
    layout->addLayout(testRow);
    layout->addWidget(line);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_testButton, &QPushButton::clicked, this, &ConnectionDialog::testConnection);
    connect(m_tester, &ConnectionTester::finished, this, &ConnectionDialog::onTestFinished);
    connect(m_sqliteKind, &QRadioButton::toggled, this, &ConnectionDialog::kindChanged);
    connect(m_sqlite, &SqliteConnectionPage::changed, this, &ConnectionDialog::formChanged);
    connect(m_postgres, &PostgresConnectionPage::changed, this, &ConnectionDialog::formChanged);
    connect(m_tablePrefix, &QLineEdit::textChanged, this, &ConnectionDialog::formChanged);
    connect(m_recentList, &QListWidget::itemActivated, this, &ConnectionDialog::fillFromRecent);
    connect(forget, &QAction::triggered, this, &ConnectionDialog::removeRecent);
    if (m_secrets) {
        if (m_secrets->isKnownUnavailable())
            m_postgres->setKeychainUnavailable(keychainNote(m_secrets->unavailableReason()));
        connect(m_secrets, &SecretStore::becameUnavailable, this, [this](const QString &reason) {
            m_postgres->setKeychainUnavailable(keychainNote(reason));
        });
    }

    m_saved->setFormSpec([this] { return spec(); });
    connect(m_saved, &SavedConnectionsPanel::selected, this, [this](const SavedConnection &saved) {
        if (const std::optional<ConnectionSpec> spec = specOf(saved))
            setSpec(*spec);
    });
    connect(m_saved, &SavedConnectionsPanel::openRequested, this, &ConnectionDialog::openSaved);
    m_locate = [this](const QString &missing) {
        return FileChooser::getOpenFileName(this,
                                            tr("Locate the Database File"),
                                            QFileInfo(missing).absolutePath(),
                                            tr("SQLite databases (*.db *.sqlite *.sqlite3);;All "
                                               "files (*)"));
    };

    buildRecentList();
    kindChanged();
    alignFormLabels();
    // Room for the PostgreSQL form with its TLS part and a warning, within a 1024x700 screen.
    resize(860, 640);
}

ConnectionDialog::~ConnectionDialog() = default;

ConnectionSpec ConnectionDialog::spec() const
{
    ConnectionSpec spec = m_postgresKind->isChecked() ? m_postgres->spec() : m_sqlite->spec();
    spec.setTablePrefix(m_tablePrefix->text().trimmed());
    return spec;
}

QString ConnectionDialog::password() const
{
    return m_postgresKind->isChecked() ? m_postgres->password() : QString();
}

void ConnectionDialog::setSpec(const ConnectionSpec &spec)
{
    if (spec.isPostgres()) {
        m_postgres->setSpec(spec);
        m_postgresKind->setChecked(true);
    } else {
        m_sqlite->setSpec(spec);
        m_sqliteKind->setChecked(true);
    }
    m_tablePrefix->setText(spec.tablePrefix());
}

void ConnectionDialog::openSaved(const SavedConnection &connection)
{
    std::optional<ConnectionSpec> spec = specOf(connection);
    if (!spec)
        return;
    if (!spec->isPostgres() && !QFileInfo::exists(spec->sqlitePath())) {
        QMessageBox box(QMessageBox::Warning,
                        tr("Database File Missing"),
                        tr("The file of \"%1\" is missing: %2")
                            .arg(connection.name, QDir::toNativeSeparators(spec->sqlitePath())),
                        QMessageBox::Cancel,
                        this);
        box.setObjectName(QStringLiteral("savedFileMissing"));
        box.setInformativeText(tr("It may have been moved, renamed or deleted. Locate it to "
                                  "update the saved connection and open it."));
        QPushButton *locate = box.addButton(tr("Locate…"), QMessageBox::AcceptRole);
        box.setDefaultButton(locate);
        box.exec();
        if (box.clickedButton() != static_cast<QAbstractButton *>(locate))
            return;
        const QString path = m_locate ? m_locate(spec->sqlitePath()) : QString();
        if (path.isEmpty())
            return;
        m_saved->relocate(connection, path);
        spec->setCreateNew(false);
        ConnectionSpec moved = ConnectionSpec::sqlite(path);
        moved.setTablePrefix(spec->tablePrefix());
        spec = moved;
    }
    setSpec(*spec);
    accept();
}

void ConnectionDialog::testConnection()
{
    Q_ASSERT(QThread::currentThread() == thread());
    const quint64 generation = ++m_testGeneration;
    m_tester->cancel();
    const ConnectionSpec spec = this->spec();
    if (m_postgresKind->isChecked() && !m_postgres->problem().isEmpty()) {
        const ConnectionTestResult result = ConnectionTestResult::failure(
            ConnectionTestResult::Step::Input, m_postgres->problem(), {});
        // Reported like every other result: later, through the event loop.
        QTimer::singleShot(0, this, [this, generation, result] {
            if (generation == m_testGeneration)
                onTestFinished(result);
        });
        return;
    }
    const QString typed = password();
    if (spec.isPostgres() && typed.isEmpty() && spec.rememberPassword() && m_secrets
        && !m_secrets->isKnownUnavailable()) {
        m_status->showBusy(tr("Reading the password from the system keychain…"));
        m_secrets->read(
            spec.secretAccount(), this, [this, generation, spec](const SecretResult &result) {
                if (generation != m_testGeneration)
                    return;
                startTest(spec,
                          result.status == SecretResult::Status::Ok ? result.secret : QString());
            });
        return;
    }
    startTest(spec, typed);
}

bool ConnectionDialog::isTesting() const
{
    return m_tester->isTesting();
}

QString ConnectionDialog::testStatusText() const
{
    return m_status->text();
}

void ConnectionDialog::startTest(const ConnectionSpec &spec, const QString &password)
{
    m_status->showBusy(tr("Testing the connection…"));
    m_tester->test(spec, password);
}

void ConnectionDialog::onTestFinished(const ConnectionTestResult &result)
{
    m_lastResult = result;
    m_status->showResult(result);
    emit testFinished(result);
}

void ConnectionDialog::buildRecentList()
{
    m_recentList->clear();
    const QList<ConnectionSpec> specs = m_recent ? m_recent->list() : QList<ConnectionSpec>();
    for (const ConnectionSpec &spec : specs) {
        auto *item
            = new QListWidgetItem(style()->standardIcon(spec.isPostgres() ? QStyle::SP_DriveNetIcon
                                                                          : QStyle::SP_FileIcon),
                                  spec.displayName(),
                                  m_recentList);
        item->setToolTip(spec.isPostgres() ? spec.postgresUrl() : spec.sqlitePath());
        item->setData(Qt::UserRole, QVariant::fromValue(spec));
    }
    if (specs.isEmpty()) {
        auto *none = new QListWidgetItem(tr("No recent connections yet"), m_recentList);
        none->setFlags(Qt::NoItemFlags);
    }
}

void ConnectionDialog::fillFromRecent(QListWidgetItem *item)
{
    if (!item || !item->data(Qt::UserRole).canConvert<ConnectionSpec>())
        return;
    setSpec(item->data(Qt::UserRole).value<ConnectionSpec>());
}

void ConnectionDialog::removeRecent()
{
    QListWidgetItem *item = m_recentList->currentItem();
    if (!m_recent || !item || !item->data(Qt::UserRole).canConvert<ConnectionSpec>())
        return;
    m_recent->remove(item->data(Qt::UserRole).value<ConnectionSpec>());
    buildRecentList();
}

void ConnectionDialog::kindChanged()
{
    m_sqlite->setVisible(!m_postgresKind->isChecked());
    m_postgres->setVisible(m_postgresKind->isChecked());
    formChanged();
}

void ConnectionDialog::alignFormLabels()
{
    // The pages and the table prefix are separate forms; one label width lines their fields up.
    QList<QWidget *> labels;
    for (QFormLayout *form : findChildren<QFormLayout *>()) {
        for (int row = 0; row < form->rowCount(); ++row) {
            if (QLayoutItem *item = form->itemAt(row, QFormLayout::LabelRole);
                item && item->widget())
                labels.append(item->widget());
        }
    }
    int width = 0;
    for (QWidget *label : labels)
        width = std::max(width, label->sizeHint().width());
    for (QWidget *label : labels)
        label->setMinimumWidth(width);
}

void ConnectionDialog::formChanged()
{
    // A result shown for other settings would mislead: drop it, and a test still running.
    ++m_testGeneration;
    m_tester->cancel();
    m_status->clear();
    const bool usable
        = m_postgresKind->isChecked() ? m_postgres->problem().isEmpty() : spec().isValid();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(usable);
}

} // namespace kvs::ui
