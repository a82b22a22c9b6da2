#pragma once

#include <kvs/ssh_tunnel.h>

#include <string>
#include <vector>

namespace kvs::detail {

// What ssh makes of the options with its configuration (ssh -G): the host it connects to, the
// port, and the user's known_hosts files, so that ours is read after them.
struct ResolvedSsh
{
    std::string hostName;
    int port = 22;
    std::string userKnownHostsFiles; // as ssh -G prints them (space-separated, ~ unexpanded)
};

// Throws SshError "kvs: SSH to DEST failed: ..." when ssh refuses the options or its config.
ResolvedSsh resolveSsh(const SshOptions &options);

// The known_hosts file of ours options names (dataFilePath("known_hosts") by default).
std::string ownKnownHostsFile(const SshOptions &options);

// The argv of an ssh that only forwards 127.0.0.1:localPort to forwardTarget (-N: no command,
// no shell on the server), checks host keys strictly against the user's files and ours, and
// ends when the forward cannot be opened or the server stops answering.
std::vector<std::string> sshTunnelArguments(const SshOptions &options,
                                            const ResolvedSsh &resolved,
                                            int localPort,
                                            const std::string &forwardTarget);

} // namespace kvs::detail
