#pragma once

#include "connection/connection_spec.h"

#include <kvs/ssh_tunnel.h>

#include <QObject>
#include <QString>

#include <memory>

namespace kvs::ui {

// The SSH tunnel of one tab (kvs/ssh_tunnel.h): started off the GUI thread, serving every
// connection of the tab (the spec's connectionString() goes through its port), restarted by
// itself when it drops, ended with the tab (off the GUI thread too). ssh runs as
// sshOptionsFor() says (connection/ssh_tunnel_settings.h).
// Thread rule: GUI thread only; its signals come on the GUI thread.
class SessionTunnel : public QObject
{
    Q_OBJECT

public:
    // Requires: spec.usesSsh().
    explicit SessionTunnel(const ConnectionSpec &spec, QObject *parent = nullptr);
    ~SessionTunnel() override;

    // Starts ssh (again, after a failure). opened() or failed() follows.
    void start();
    bool isStarting() const { return m_starting; }
    // The local port while open, else 0.
    int port() const { return m_port; }

signals:
    void opened(int port);
    // why: the tunnel's error (kvs's message, ssh's words); key set for an unknown host key.
    void failed(const QString &why);
    void hostKeyUnknown(const kvs::SshHostKey &key);
    // The tunnel ended for good while open (a host key that changed meanwhile): why.
    void brokenForGood(const QString &why);

private:
    ConnectionSpec m_spec;
    std::shared_ptr<SshTunnel> m_tunnel; // Shared with the thread that starts or stops it.
    int m_port = 0;
    bool m_starting = false;
    quint64 m_generation = 0;
};

} // namespace kvs::ui
