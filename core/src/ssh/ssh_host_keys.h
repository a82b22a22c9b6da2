#pragma once

#include <kvs/ssh_tunnel.h>

#include <string>
#include <string_view>

namespace kvs::detail {

// "SHA256:..." of a key's base64 blob, as ssh prints it (unpadded base64 of the SHA-256).
std::string sshFingerprintOf(std::string_view keyBase64);

// The key of kind keyKind ("ED25519", as ssh's message names it) that host:port offers,
// read with ssh-keyscan (key exchange only: nothing of the user is sent), under
// knownHostsName. Throws SshError when it cannot be read ("kvs: cannot read the SSH host key of
// NAME to show its fingerprint: REASON"; through a ProxyJump, say).
SshHostKey scanSshHostKey(const std::string &hostName,
                          int port,
                          const std::string &knownHostsName,
                          const std::string &keyKind);

} // namespace kvs::detail
