#include "cli/cli_ssh_tunnel.h"

#include "cli/cli_arguments.h"

#include <kvs/connection_string.h>
#include <kvs/data_folder.h>

#include <ostream>

namespace kvs::cli {

namespace {

// The --db value's place in args (the value after "--db", or "--db=VALUE" itself), args.size()
// when there is none.
std::size_t dbArgumentIndex(const std::vector<std::string> &args)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--")
            break;
        if (args[i] == "--db" && i + 1 < args.size())
            return i + 1;
        if (args[i].starts_with("--db="))
            return i;
    }
    return args.size();
}

} // namespace

std::optional<CliSshRequest> takeSshOptions(std::vector<std::string> &args)
{
    std::optional<std::string> destination;
    std::optional<std::string> identity;
    std::optional<std::string> fingerprint;
    std::vector<std::string> rest;
    bool options = true;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (options && arg == "--")
            options = false;
        std::optional<std::string> *target = nullptr;
        std::string name;
        for (auto [option, slot] : {std::pair{"--ssh", &destination},
                                    std::pair{"--ssh-identity", &identity},
                                    std::pair{"--ssh-accept-host-key", &fingerprint}}) {
            if (options && (arg == option || arg.starts_with(std::string(option) + "="))) {
                target = slot;
                name = option;
            }
        }
        if (!target) {
            rest.push_back(arg);
            continue;
        }
        if (arg == name) {
            if (i + 1 >= args.size())
                throw UsageError("kvs: " + name + " needs a value");
            *target = args[++i];
        } else {
            *target = arg.substr(name.size() + 1);
        }
    }
    if (!destination) {
        if (identity)
            throw UsageError("kvs: --ssh-identity needs --ssh");
        if (fingerprint)
            throw UsageError("kvs: --ssh-accept-host-key needs --ssh");
        return std::nullopt;
    }
    CliSshRequest request;
    try {
        request.options = sshOptionsOf(*destination);
    } catch (const Error &error) {
        throw UsageError(error.what());
    }
    request.options.identityFile = identity.value_or(std::string());
    request.options.batchMode = true;
    request.acceptFingerprint = fingerprint.value_or(std::string());
    args = std::move(rest);
    return request;
}

std::unique_ptr<SshTunnel>
startCliSshTunnel(const CliSshRequest &request, std::vector<std::string> &args, std::ostream &err)
{
    const std::size_t at = dbArgumentIndex(args);
    if (at == args.size())
        throw UsageError("kvs: --ssh needs --db with a PostgreSQL connection string");
    const bool equalsForm = args[at].starts_with("--db=");
    const std::string db = equalsForm ? args[at].substr(5) : args[at];
    if (!isPostgresConnection(db))
        throw UsageError("kvs: --ssh needs --db with a PostgreSQL connection string");
    const std::string target = sshForwardTarget(db);
    auto tunnel = std::make_unique<SshTunnel>(request.options, target);
    try {
        tunnel->start();
    } catch (const SshHostKeyUnknownError &error) {
        const SshHostKey &key = error.key();
        if (request.acceptFingerprint.empty()) {
            throw Error(std::string(error.what())
                        + "; run the command again with --ssh-accept-host-key " + key.fingerprint
                        + " to accept it");
        }
        if (request.acceptFingerprint != key.fingerprint) {
            throw Error("kvs: the SSH host key of " + key.knownHostsName + " is " + key.keyType
                        + " key " + key.fingerprint + ", not the " + request.acceptFingerprint
                        + " given to --ssh-accept-host-key; nothing was accepted");
        }
        acceptSshHostKey(key, request.options.knownHostsFile);
        err << "kvs: accepted the SSH host key of " << key.knownHostsName << " (" << key.keyType
            << " " << key.fingerprint << ") into "
            << (request.options.knownHostsFile.empty() ? dataFilePath("known_hosts")
                                                       : request.options.knownHostsFile)
            << '\n';
        tunnel = std::make_unique<SshTunnel>(request.options, target);
        tunnel->start();
    }
    const std::string through = tunneledConnection(db, tunnel->localPort());
    args[at] = equalsForm ? "--db=" + through : through;
    return tunnel;
}

} // namespace kvs::cli
