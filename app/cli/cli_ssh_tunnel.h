#pragma once

#include <kvs/ssh_tunnel.h>

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// `kvs --ssh [user@]host[:port] --db postgres://dbhost:5432/...`: every command through a tunnel
// of the system's ssh (kvs/ssh_tunnel.h), started before the command and ended after it.
namespace kvs::cli {

// What --ssh, --ssh-identity and --ssh-accept-host-key asked for.
struct CliSshRequest
{
    SshOptions options;
    std::string acceptFingerprint; // "" when --ssh-accept-host-key is not given
};

// Takes --ssh, --ssh-identity and --ssh-accept-host-key (as "--name VALUE" or "--name=VALUE",
// before a lone "--") out of args; nullopt without --ssh. Throws UsageError "kvs: --ssh needs
// [user@]host[:port], not \"TEXT\"", "kvs: --ssh-identity needs --ssh" (likewise
// --ssh-accept-host-key) and "kvs: OPTION needs a value".
[[nodiscard]] std::optional<CliSshRequest> takeSshOptions(std::vector<std::string> &args);

// Starts the tunnel of request in batch mode (ssh asks for nothing) and points args' --db
// through it; the tunnel ends with the returned object. An unknown host key is accepted only
// when its fingerprint is the one given to --ssh-accept-host-key (saying so on err); otherwise
// Error "kvs: the SSH host key of NAME is not known yet: ... ; run the command again with
// --ssh-accept-host-key SHA256:... to accept it", or "... is TYPE key SHA256:X, not the
// SHA256:Y given to --ssh-accept-host-key; nothing was accepted". Throws UsageError "kvs: --ssh
// needs --db with a PostgreSQL connection string", and SshError as SshTunnel::start().
[[nodiscard]] std::unique_ptr<SshTunnel>
startCliSshTunnel(const CliSshRequest &request, std::vector<std::string> &args, std::ostream &err);

} // namespace kvs::cli
