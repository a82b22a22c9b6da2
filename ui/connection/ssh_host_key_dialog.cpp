#include "connection/ssh_host_key_dialog.h"

#include <kvs/data_folder.h>

#include <QPushButton>

namespace kvs::ui {

SshHostKeyDialog::SshHostKeyDialog(const SshHostKey &key, QWidget *parent)
    : QMessageBox(parent)
{
    setObjectName(QStringLiteral("sshHostKeyDialog"));
    setIcon(QMessageBox::Warning);
    setWindowTitle(tr("Unknown SSH host key"));
    const QString host = QString::fromStdString(key.knownHostsName);
    setText(tr("The SSH host %1 is not known yet.").arg(host));
    setInformativeText(
        tr("Its %1 key has the fingerprint\n%2\n\nNothing has been sent to it. Compare the "
           "fingerprint with the one its administrator gives you (ssh-keygen -lf on the "
           "host's key) before trusting it; KVS Admin keeps trusted keys in %3.")
            .arg(QString::fromStdString(key.keyType),
                 QString::fromStdString(key.fingerprint),
                 QString::fromStdString(dataFilePath("known_hosts"))));
    m_trust = addButton(tr("&Trust and connect"), QMessageBox::AcceptRole);
    m_trust->setObjectName(QStringLiteral("sshTrustButton"));
    setDefaultButton(addButton(QMessageBox::Cancel));
}

bool SshHostKeyDialog::askToTrust(const SshHostKey &key, QWidget *parent)
{
    SshHostKeyDialog dialog(key, parent);
    dialog.exec();
    return dialog.clickedButton() == dialog.trustButton();
}

} // namespace kvs::ui
