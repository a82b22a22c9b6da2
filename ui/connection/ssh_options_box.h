#pragma once

#include "connection/connection_spec.h"

#include <QGroupBox>

class QLineEdit;

namespace kvs::ui {

// The SSH part of the PostgreSQL connection form: a checkable "Through an SSH tunnel" box with
// the SSH host (or a Host alias of ~/.ssh/config), user, port and identity file (with a file
// picker). The tunnel is the system's ssh, so ~/.ssh/config, ProxyJump and the agent apply; a
// passphrase is asked when connecting, never kept. Thread rule: GUI thread only.
class SshOptionsBox : public QGroupBox
{
    Q_OBJECT

public:
    explicit SshOptionsBox(QWidget *parent = nullptr);

    // The fields as settings; an empty host when the box is off.
    ConnectionSpec::SshSettings settings() const;
    // Fills the fields (the box on when ssh names a host).
    void showSettings(const ConnectionSpec::SshSettings &ssh);

signals:
    // The user changed a field or the box's check.
    void edited();

private:
    void browse();

    QLineEdit *m_host;     // Owned (child).
    QLineEdit *m_user;     // Owned (child).
    QLineEdit *m_port;     // Owned (child).
    QLineEdit *m_identity; // Owned (child).
};

} // namespace kvs::ui
