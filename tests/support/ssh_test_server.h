#pragma once

#include "support/postgres_test_server.h"

#include <kvs/ssh_tunnel.h>

#include <QFile>
#include <QTemporaryDir>

#include <string>

// The OpenSSH server of a test run: scripts/run-tests.sh starts one on 127.0.0.1
// (scripts/sshd-test.sh) and exports its folder as KVS_TEST_SSH_DIR: the port, the login, the
// user's key (id_ed25519, no passphrase) and the host's public key (host_key.pub).
namespace kvs::test {

inline std::string sshTestDir()
{
    return requiredEnvironment("KVS_TEST_SSH_DIR");
}

inline std::string sshTestFile(const char *name)
{
    QFile file(QString::fromStdString(sshTestDir() + "/" + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s of the SSH test server", name);
    return file.readAll().trimmed().toStdString();
}

inline int sshTestPort()
{
    return std::stoi(sshTestFile("port"));
}

// The host key's known_hosts name, as ssh looks it up: "[127.0.0.1]:PORT".
inline std::string sshTestKnownHostsName()
{
    return "[127.0.0.1]:" + std::to_string(sshTestPort());
}

// The host key's base64 blob (the second field of host_key.pub).
inline std::string sshTestHostKeyBase64()
{
    const std::string line = sshTestFile("host_key.pub");
    const std::size_t first = line.find(' ');
    return line.substr(first + 1, line.find(' ', first + 1) - first - 1);
}

// Options for the test server with the test's own known_hosts file (in dir) and no file of the
// user's: no ~/.ssh of the machine is read or written.
inline SshOptions sshTestOptions(const QTemporaryDir &dir)
{
    SshOptions options;
    options.destination = "127.0.0.1";
    options.port = sshTestPort();
    options.user = sshTestFile("user");
    options.identityFile = sshTestDir() + "/id_ed25519";
    options.configFile = "none";
    options.knownHostsFile = dir.filePath(QStringLiteral("known_hosts")).toStdString();
    options.userKnownHosts = false;
    options.batchMode = true;
    return options;
}

// Writes the test server's real host key into options' known_hosts file, as an accepted one.
inline void trustSshTestHost(const SshOptions &options)
{
    acceptSshHostKey(SshHostKey{sshTestKnownHostsName(), "ssh-ed25519", sshTestHostKeyBase64(), {}},
                     options.knownHostsFile);
}

} // namespace kvs::test
