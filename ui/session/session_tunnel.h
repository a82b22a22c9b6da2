#pragma once

#include "connection/connection_spec.h"

#include <kvs/ssh_tunnel.h>

#include <QObject>
#include <QString>

#include <memory>

namespace kvs::ui {

// The SSH tunnel of one tab (kvs/ssh_tunnel.h): started off the GUI thread, serving every
// connection of the tab (the spec's connectionString() goes through its port), restarted by
// itself when it drops, ended with the tab (off the GUI thread too). Passphrases go to
// askpassProgram() (kvs-admin itself, in its askpass mode); without one, ssh runs in batch mode.
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

    // The program ssh runs for a passphrase or password (SSH_ASKPASS); "" (the default, and in
    // tests) runs ssh in batch mode. kvs-admin sets its own path at start.
    static void setAskpassProgram(const QString &program);
    static QString askpassProgram();
    // Adds key to the known_hosts file the tunnels read (KVS Admin's, in the data folder): the
    // user trusted it. Throws Error "kvs: cannot write the SSH known hosts file PATH: REASON".
    static void trust(const SshHostKey &key);
    // Overrides for tests: the known_hosts file of ours, and whether the user's files and
    // ~/.ssh/config are read ("" and true: KVS Admin's data folder and the user's).
    static void setTestOverrides(const std::string &knownHostsFile, const std::string &configFile);

signals:
    void opened(int port);
    // why: the tunnel's error (kvs's message, ssh's words); key set for an unknown host key.
    void failed(const QString &why);
    void hostKeyUnknown(const kvs::SshHostKey &key);
    // The tunnel ended for good while open (a host key that changed meanwhile): why.
    void brokenForGood(const QString &why);

private:
    SshOptions options() const;

    ConnectionSpec m_spec;
    std::shared_ptr<SshTunnel> m_tunnel; // Shared with the thread that starts or stops it.
    int m_port = 0;
    bool m_starting = false;
    quint64 m_generation = 0;
};

} // namespace kvs::ui
