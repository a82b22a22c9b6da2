#pragma once

#include <string>
#include <string_view>

namespace kvs::detail {

// What ssh's stderr says about why it ended: OpenSSH's messages (9.x), read by their fixed
// words, since ssh says it in no other way (its exit status is 255 for every failure).
struct SshFailure
{
    enum class Kind { UnknownHostKey, ChangedHostKey, PermissionDenied, Other };
    Kind kind = Kind::Other;
    std::string keyKind;        // "ED25519", "ECDSA", "RSA" (the host key ssh wanted or got)
    std::string knownHostsName; // "[127.0.0.1]:2222": how ssh looks the host up
    std::string fingerprint;    // the changed key's "SHA256:..."
    std::string offendingFile;  // the known_hosts file holding the old key
    std::string reason;         // ssh's own line that says it best ("" when it said nothing)
};

SshFailure sshFailureOf(std::string_view stderrText);

// The message of an SshError for a failure other than a host key's: "kvs: SSH to DEST failed:
// REASON", with what to do when batch mode kept ssh from asking.
std::string sshFailureMessage(const SshFailure &failure,
                              std::string_view destination,
                              bool batchMode,
                              int exitCode);

} // namespace kvs::detail
