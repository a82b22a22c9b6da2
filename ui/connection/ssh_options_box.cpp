#include "connection/ssh_options_box.h"

#include "common/file_chooser.h"

#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace kvs::ui {

SshOptionsBox::SshOptionsBox(QWidget *parent)
    : QGroupBox(tr("Through an SSH tunnel"), parent)
    , m_host(new QLineEdit(this))
    , m_user(new QLineEdit(this))
    , m_port(new QLineEdit(this))
    , m_identity(new QLineEdit(this))
{
    setObjectName(QStringLiteral("sshOptionsBox"));
    setCheckable(true);
    setChecked(false);
    setToolTip(tr("Reach the server through the system's ssh, as a terminal would: "
                  "~/.ssh/config, ProxyJump, the agent and known_hosts apply. The host above "
                  "is the database server as the SSH host sees it (often localhost)."));
    m_host->setObjectName(QStringLiteral("sshHostEdit"));
    m_host->setPlaceholderText(tr("bastion.example.com or a Host of ~/.ssh/config"));
    m_user->setObjectName(QStringLiteral("sshUserEdit"));
    m_user->setPlaceholderText(tr("From ~/.ssh/config, else your login"));
    m_port->setObjectName(QStringLiteral("sshPortEdit"));
    m_port->setPlaceholderText(QStringLiteral("22"));
    m_port->setValidator(new QIntValidator(1, 65535, m_port));
    m_port->setMaximumWidth(80);
    m_identity->setObjectName(QStringLiteral("sshIdentityEdit"));
    m_identity->setPlaceholderText(tr("The agent's keys, or ~/.ssh/config's"));
    m_identity->setClearButtonEnabled(true);

    auto *portLabel = new QLabel(tr("Po&rt:"), this);
    portLabel->setBuddy(m_port);
    auto *hostRow = new QHBoxLayout;
    hostRow->addWidget(m_host, 1);
    hostRow->addWidget(portLabel);
    hostRow->addWidget(m_port);
    auto *hostLabel = new QLabel(tr("SSH h&ost:"), this);
    hostLabel->setBuddy(m_host); // A row holding a layout gets no buddy by itself.
    auto *pick = new QToolButton(this);
    pick->setObjectName(QStringLiteral("sshIdentityBrowse"));
    pick->setText(tr("Browse…"));
    auto *identityRow = new QHBoxLayout;
    identityRow->addWidget(m_identity, 1);
    identityRow->addWidget(pick);
    auto *identityLabel = new QLabel(tr("&Identity file:"), this);
    identityLabel->setBuddy(m_identity);
    auto *note
        = new QLabel(tr("A passphrase or password is asked when connecting, never kept."), this);
    note->setObjectName(QStringLiteral("sshNoteLabel"));
    note->setEnabled(false); // The palette's muted text.
    note->setWordWrap(true);

    auto *form = new QFormLayout(this);
    form->addRow(hostLabel, hostRow);
    form->addRow(tr("SSH &user:"), m_user);
    form->addRow(identityLabel, identityRow);
    form->addRow(QString(), note);

    connect(pick, &QToolButton::clicked, this, &SshOptionsBox::browse);
    connect(this, &QGroupBox::toggled, this, &SshOptionsBox::edited);
    for (QLineEdit *field : {m_host, m_user, m_port, m_identity})
        connect(field, &QLineEdit::textEdited, this, &SshOptionsBox::edited);
}

ConnectionSpec::SshSettings SshOptionsBox::settings() const
{
    if (!isChecked())
        return {};
    return {m_host->text().trimmed(),
            m_user->text().trimmed(),
            m_port->text().toInt(),
            m_identity->text().trimmed()};
}

void SshOptionsBox::showSettings(const ConnectionSpec::SshSettings &ssh)
{
    const QSignalBlocker block(this);
    setChecked(!ssh.host.isEmpty());
    m_host->setText(ssh.host);
    m_user->setText(ssh.user);
    m_port->setText(ssh.port > 0 ? QString::number(ssh.port) : QString());
    m_identity->setText(ssh.identityFile);
}

void SshOptionsBox::browse()
{
    const QString start = m_identity->text().isEmpty() ? QDir::homePath() + QStringLiteral("/.ssh")
                                                       : m_identity->text();
    const QString chosen = FileChooser::getOpenFileName(this,
                                                        tr("Identity file"),
                                                        start,
                                                        tr("All files (*)"),
                                                        nullptr,
                                                        QFileDialog::DontResolveSymlinks);
    if (chosen.isEmpty())
        return;
    m_identity->setText(chosen);
    emit edited();
}

} // namespace kvs::ui
