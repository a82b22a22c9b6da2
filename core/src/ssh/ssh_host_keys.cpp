#include "ssh/ssh_host_keys.h"

#include "ssh/ssh_child_process.h"

#include <kvs/data_folder.h>
#include <kvs/private_file.h>

#include <QByteArray>
#include <QCryptographicHash>

#include <algorithm>
#include <sstream>

namespace kvs {

namespace detail {

namespace {

// ssh-keyscan's -t name and the key types it may answer with, for ssh's kind of a host key.
std::pair<std::string, std::string> scanTypeOf(const std::string &keyKind)
{
    if (keyKind == "ED25519")
        return {"ed25519", "ssh-ed25519"};
    if (keyKind == "ECDSA")
        return {"ecdsa", "ecdsa-sha2-"};
    if (keyKind == "RSA")
        return {"rsa", "ssh-rsa"};
    return {{}, {}};
}

} // namespace

std::string sshFingerprintOf(std::string_view keyBase64)
{
    const QByteArray blob = QByteArray::fromBase64(
        QByteArray(keyBase64.data(), static_cast<qsizetype>(keyBase64.size())));
    const QByteArray digest = QCryptographicHash::hash(blob, QCryptographicHash::Sha256);
    return "SHA256:" + digest.toBase64(QByteArray::OmitTrailingEquals).toStdString();
}

SshHostKey scanSshHostKey(const std::string &hostName,
                          int port,
                          const std::string &knownHostsName,
                          const std::string &keyKind)
{
    const auto [scanType, keyPrefix] = scanTypeOf(keyKind);
    const std::string failed
        = "kvs: cannot read the SSH host key of " + knownHostsName + " to show its fingerprint: ";
    if (scanType.empty())
        throw SshError(failed + "ssh asked for a " + keyKind + " key, which kvs does not read");
    const ChildResult scan = runChild(
        {"ssh-keyscan", "-T", "15", "-p", std::to_string(port), "-t", scanType, "--", hostName});
    std::istringstream lines(scan.output);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream fields(line);
        std::string name, type, key;
        if (!(fields >> name >> type >> key) || name.starts_with("#")
            || !type.starts_with(keyPrefix))
            continue;
        return SshHostKey{knownHostsName, type, key, sshFingerprintOf(key)};
    }
    std::string reason = scan.errors;
    reason.erase(std::remove(reason.begin(), reason.end(), '\r'), reason.end());
    while (!reason.empty() && reason.back() == '\n')
        reason.pop_back();
    throw SshError(failed
                   + (reason.empty() ? "ssh-keyscan read none (a host reached through a "
                                       "ProxyJump cannot be scanned: add its key from a terminal)"
                                     : reason));
}

} // namespace detail

void acceptSshHostKey(const SshHostKey &key, const std::string &knownHostsFile)
{
    const std::string path = knownHostsFile.empty() ? dataFilePath("known_hosts") : knownHostsFile;
    appendPrivateFile(path,
                      key.knownHostsName + " " + key.keyType + " " + key.keyBase64 + "\n",
                      "the SSH known hosts file");
}

} // namespace kvs
