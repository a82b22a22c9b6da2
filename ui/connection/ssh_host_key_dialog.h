#pragma once

#include <kvs/ssh_tunnel.h>

#include <QMessageBox>

namespace kvs::ui {

// Asks whether to trust an SSH host's key that no known_hosts file knows: the host, the key's
// type and SHA256 fingerprint, and where to check it. "Trust and connect" or Cancel (the
// default); nothing is sent to the host before the answer. Thread rule: GUI thread only.
class SshHostKeyDialog : public QMessageBox
{
    Q_OBJECT

public:
    SshHostKeyDialog(const SshHostKey &key, QWidget *parent = nullptr);

    // Whether the user trusts key (the caller then adds it to the known_hosts file).
    static bool askToTrust(const SshHostKey &key, QWidget *parent);

    QAbstractButton *trustButton() const { return m_trust; }

private:
    QAbstractButton *m_trust; // Owned (child).
};

} // namespace kvs::ui
