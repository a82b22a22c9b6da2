#pragma once

#include "connection/connection_spec.h"

#include <kvs/ssh_tunnel.h>

#include <QString>

#include <string>

// How KVS Admin runs ssh for a spec's tunnel (a tab's, or "Test connection"'s): the spec's SSH
// settings, passphrases through askpassProgram() (kvs-admin itself, in its askpass mode; none:
// batch mode), host keys in KVS Admin's known_hosts file. Thread rule: the setters at start (or
// in a test) before any tunnel; the rest from any thread.
namespace kvs::ui {

// Requires: spec.usesSsh().
SshOptions sshOptionsFor(const ConnectionSpec &spec);

// The program ssh runs for a passphrase or password (SSH_ASKPASS); "" (the default, and in
// tests) runs ssh in batch mode. kvs-admin sets its own path at start.
void setSshAskpassProgram(const QString &program);
QString sshAskpassProgram();

// Adds key to the known_hosts file the tunnels read: the user trusted it. Throws Error "kvs:
// cannot write the SSH known hosts file PATH: REASON".
void trustSshHostKey(const SshHostKey &key);

// For tests: the known_hosts file of ours and ssh's config file ("none": none); the user's
// known_hosts files are then not read. ("", ""): KVS Admin's and the user's again.
void setSshTestOverrides(const std::string &knownHostsFile, const std::string &configFile);

} // namespace kvs::ui
