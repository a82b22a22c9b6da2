#include "connection/postgres_connection_page.h"

#include "connection/password_command_box.h"
#include "connection/ssh_options_box.h"
#include "connection/tls_options_box.h"

#include <kvs/connection_string.h>

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QTabWidget>
#include <QUrl>

namespace kvs::ui {

PostgresConnectionPage::PostgresConnectionPage(QWidget *parent)
    : QWidget(parent)
    , m_url(new QLineEdit(this))
    , m_host(new QLineEdit(this))
    , m_port(new QLineEdit(this))
    , m_database(new QLineEdit(this))
    , m_user(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_remember(new QCheckBox(tr("&Remember password in the system keychain"), this))
    , m_keychainNote(new QLabel(this))
    , m_schema(new QLineEdit(this))
    , m_callTimeout(new QSpinBox(this))
    , m_tlsWarning(new QLabel(this))
    , m_tls(new TlsOptionsBox(this))
    , m_unverifiedHost(new QLabel(this))
    , m_ssh(new SshOptionsBox(this))
    , m_passwordCommand(new PasswordCommandBox(this))
{
    m_url->setObjectName(QStringLiteral("postgresUrlEdit"));
    m_url->setPlaceholderText(QStringLiteral("postgres://user@host:5432/database?sslmode=prefer"));
    m_url->setClearButtonEnabled(true);
    m_host->setObjectName(QStringLiteral("hostEdit"));
    m_host->setPlaceholderText(tr("localhost"));
    m_port->setObjectName(QStringLiteral("portEdit"));
    m_port->setPlaceholderText(QStringLiteral("5432"));
    m_port->setValidator(new QIntValidator(1, 65535, m_port));
    m_port->setMaximumWidth(80);
    m_database->setObjectName(QStringLiteral("databaseEdit"));
    m_user->setObjectName(QStringLiteral("userEdit"));
    m_password->setObjectName(QStringLiteral("passwordEdit"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("From the keychain, ~/.pgpass or PGPASSWORD if empty"));
    m_remember->setObjectName(QStringLiteral("rememberCheck"));
    m_keychainNote->setObjectName(QStringLiteral("keychainNoteLabel"));
    m_keychainNote->setEnabled(false); // The palette's muted text.
    m_keychainNote->setWordWrap(true);
    m_keychainNote->hide();
    m_schema->setObjectName(QStringLiteral("schemaEdit"));
    m_schema->setPlaceholderText(tr("The server's search_path"));
    m_schema->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{0,62}")), m_schema));

    m_callTimeout->setObjectName(QStringLiteral("callTimeoutSpin"));
    m_callTimeout->setRange(0, 3600);
    m_callTimeout->setValue(30);
    m_callTimeout->setSuffix(tr(" s"));
    m_callTimeout->setSpecialValueText(tr("No limit"));
    m_callTimeout->setToolTip(tr("A call the server does not answer in this time is cancelled, "
                                 "and its connection closed (timeout_ms in the URL wins)"));
    m_tlsWarning->setObjectName(QStringLiteral("tlsWarningLabel"));
    m_tlsWarning->setWordWrap(true);
    m_tlsWarning->hide();
    m_unverifiedHost->setObjectName(QStringLiteral("tlsHostWarning"));
    m_unverifiedHost->setWordWrap(true);
    m_unverifiedHost->hide();

    auto *portLabel = new QLabel(tr("P&ort:"), this);
    portLabel->setBuddy(m_port);
    auto *hostRow = new QHBoxLayout;
    hostRow->addWidget(m_host, 1);
    hostRow->addWidget(portLabel);
    hostRow->addWidget(m_port);
    auto *hostLabel = new QLabel(tr("&Host:"), this);
    hostLabel->setBuddy(m_host); // A row holding a layout gets no buddy by itself.

    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&URL:"), m_url);
    form->addRow(hostLabel, hostRow);
    form->addRow(tr("&Database:"), m_database);
    form->addRow(tr("U&ser:"), m_user);
    form->addRow(tr("&Password:"), m_password);
    form->addRow(QString(), m_remember);
    form->addRow(QString(), m_keychainNote);
    form->addRow(QString(), m_tlsWarning);
    form->addRow(tr("S&chema:"), m_schema);
    form->addRow(tr("Call &timeout:"), m_callTimeout);
    // TLS and the SSH tunnel on tabs of one row: the dialog stays within a 1024x700 screen.
    auto *routes = new QTabWidget(this);
    routes->setObjectName(QStringLiteral("routeTabs"));
    routes->addTab(m_tls, tr("TLS"));
    routes->addTab(m_ssh, tr("SSH tunnel"));
    routes->addTab(m_passwordCommand, tr("Password command"));
    form->addRow(routes);
    form->addRow(QString(), m_unverifiedHost);

    connect(m_url, &QLineEdit::textChanged, this, &PostgresConnectionPage::urlEdited);
    connect(m_url, &QLineEdit::editingFinished, this, &PostgresConnectionPage::takePasswordFromUrl);
    for (QLineEdit *part : {m_host, m_port, m_database, m_user})
        connect(part, &QLineEdit::textEdited, this, &PostgresConnectionPage::partsEdited);
    for (QLineEdit *field : {m_url, m_schema, m_password})
        connect(field, &QLineEdit::textChanged, this, &PostgresConnectionPage::changed);
    connect(m_remember, &QCheckBox::toggled, this, &PostgresConnectionPage::changed);
    for (QLineEdit *field : {m_url, m_password})
        connect(field, &QLineEdit::textChanged, this, &PostgresConnectionPage::updateTlsWarning);
    connect(m_tls, &TlsOptionsBox::edited, this, &PostgresConnectionPage::tlsEdited);
    connect(m_ssh, &SshOptionsBox::edited, this, &PostgresConnectionPage::changed);
    connect(m_passwordCommand, &PasswordCommandBox::edited, this, [this] {
        updateRemember();
        emit changed();
    });
}

ConnectionSpec PostgresConnectionPage::spec() const
{
    std::optional<ConnectionSpec> spec = ConnectionSpec::fromPostgresUrl(m_url->text());
    if (!spec)
        return ConnectionSpec(); // Invalid; problem() says why.
    spec->setSchema(m_schema->text().trimmed());
    spec->setRememberPassword(m_remember->isEnabled() && m_remember->isChecked());
    spec->setCallTimeout(std::chrono::seconds(m_callTimeout->value()));
    spec->setSsh(m_ssh->settings());
    spec->setPasswordCommand(m_passwordCommand->command());
    // A token from a command is never kept in the keychain.
    if (!spec->passwordCommand().isEmpty())
        spec->setRememberPassword(false);
    return *spec;
}

QString PostgresConnectionPage::problem() const
{
    QString error;
    if (ConnectionSpec::fromPostgresUrl(m_url->text(), nullptr, &error))
        return QString();
    return error;
}

QString PostgresConnectionPage::password() const
{
    if (!m_password->text().isEmpty())
        return m_password->text();
    QString inUrl;
    (void)ConnectionSpec::fromPostgresUrl(m_url->text(), &inUrl);
    return inUrl;
}

void PostgresConnectionPage::setSpec(const ConnectionSpec &spec)
{
    m_url->setText(spec.postgresUrl());
    showParts(spec);
    m_password->clear();
    m_schema->setText(spec.schema());
    m_remember->setChecked(spec.rememberPassword());
    m_callTimeout->setValue(static_cast<int>(
        std::chrono::duration_cast<std::chrono::seconds>(spec.callTimeout()).count()));
    m_ssh->showSettings(spec.ssh());
    m_passwordCommand->showCommand(spec.passwordCommand());
    updateRemember();
}

void PostgresConnectionPage::updateRemember()
{
    // With a command, the password fields have nothing to do.
    const bool command = !m_passwordCommand->command().isEmpty();
    m_password->setEnabled(!command);
    // A token is never kept in the keychain (an unavailable keychain keeps the box off anyway).
    m_remember->setEnabled(!command && m_keychainNote->isHidden());
    if (command)
        m_remember->setChecked(false);
    m_password->setPlaceholderText(command ? tr("From the password command")
                                           : tr("From the keychain, ~/.pgpass or PGPASSWORD if "
                                                "empty"));
}

void PostgresConnectionPage::updateTlsWarning()
{
    const std::optional<ConnectionSpec> spec = ConnectionSpec::fromPostgresUrl(m_url->text());
    const QString given = password();
    const bool warn = spec && !plaintextPasswordWarning(spec->connectionString(given)).empty();
    m_tlsWarning->setText(warn ? tr("The password goes to %1 without TLS being required: add "
                                    "sslmode=require (or verify-full) to the URL.")
                                     .arg(spec->host())
                               : QString());
    m_tlsWarning->setVisible(warn);
    // The password warning already asks for TLS; once it is required, whether the server is
    // verified is the next question.
    const QString host
        = spec && !warn ? QString::fromStdString(unverifiedRemoteHost(spec->connectionString()))
                        : QString();
    m_unverifiedHost->setText(host.isEmpty()
                                  ? QString()
                                  : tr("%1 is not this machine: without verify-full nothing checks "
                                       "that the server is %1, and a machine in between could pose "
                                       "as it.")
                                        .arg(host));
    m_unverifiedHost->setVisible(!host.isEmpty());
}

void PostgresConnectionPage::setKeychainUnavailable(const QString &note)
{
    m_remember->setChecked(false);
    m_remember->setEnabled(false);
    m_keychainNote->setText(note);
    m_keychainNote->setToolTip(note);
    m_keychainNote->show();
}

void PostgresConnectionPage::urlEdited()
{
    if (m_syncing)
        return; // The URL is being rewritten from the parts.
    if (auto spec = ConnectionSpec::fromPostgresUrl(m_url->text())) {
        showParts(*spec);
        m_tls->showUrl(spec->postgresUrl());
    }
}

void PostgresConnectionPage::tlsEdited()
{
    // The URL holds the TLS settings (libpq's parameters). libpq's key=value text becomes the
    // URL it stands for first, its password moved to the password field.
    QString text = m_url->text().trimmed();
    QString inUrl;
    const std::optional<ConnectionSpec> spec = ConnectionSpec::fromPostgresUrl(text, &inUrl);
    if (!spec) {
        text = QStringLiteral("postgres://");
    } else if (!text.contains(QLatin1String("://"))) {
        text = spec->postgresUrl();
        if (!inUrl.isEmpty() && m_password->text().isEmpty())
            m_password->setText(inUrl);
    }
    m_syncing = true;
    m_url->setText(m_tls->appliedTo(text));
    m_syncing = false;
}

void PostgresConnectionPage::takePasswordFromUrl()
{
    QString inUrl;
    const auto spec = ConnectionSpec::fromPostgresUrl(m_url->text(), &inUrl);
    if (!spec || inUrl.isEmpty())
        return;
    m_password->setText(inUrl);
    m_url->setText(spec->postgresUrl());
}

void PostgresConnectionPage::partsEdited()
{
    // The URL keeps its parameters (sslmode, ...); only the four parts change.
    QUrl url(m_url->text().trimmed());
    if (!ConnectionSpec::fromPostgresUrl(m_url->text()))
        url = QUrl(QStringLiteral("postgres://"));
    url.setHost(m_host->text().trimmed());
    const int port = m_port->text().toInt();
    url.setPort(port > 0 ? port : -1);
    url.setUserName(m_user->text().trimmed().isEmpty() ? QString() : m_user->text().trimmed());
    const QString database = m_database->text().trimmed();
    url.setPath(database.isEmpty() ? QString() : QLatin1Char('/') + database);
    QString text = url.toString(QUrl::FullyEncoded);
    // QUrl drops an empty authority ("postgres:/db"); libpq needs it ("postgres:///db").
    if (!text.contains(QLatin1String("://")))
        text.insert(text.indexOf(QLatin1Char(':')) + 1, QLatin1String("//"));
    m_syncing = true;
    m_url->setText(text);
    m_syncing = false;
}

void PostgresConnectionPage::showParts(const ConnectionSpec &spec)
{
    m_host->setText(spec.host());
    m_port->setText(spec.port() > 0 ? QString::number(spec.port()) : QString());
    m_database->setText(spec.database());
    m_user->setText(spec.user());
}

} // namespace kvs::ui
