#include "ssh/ssh_command.h"

#include "ssh/ssh_child_process.h"
#include "ssh/ssh_failure.h"

#include <kvs/data_folder.h>

#include <sstream>

namespace kvs::detail {

namespace {

// The options every ssh of ours gets, before the destination.
std::vector<std::string> commonArguments(const SshOptions &options)
{
    std::vector<std::string> args{options.sshProgram};
    if (!options.configFile.empty())
        args.insert(args.end(), {"-F", options.configFile});
    if (!options.user.empty())
        args.insert(args.end(), {"-l", options.user});
    if (options.port > 0)
        args.insert(args.end(), {"-p", std::to_string(options.port)});
    if (!options.identityFile.empty())
        args.insert(args.end(), {"-i", options.identityFile});
    return args;
}

std::string quoted(const std::string &path)
{
    return "\"" + path + "\"";
}

} // namespace

ResolvedSsh resolveSsh(const SshOptions &options)
{
    std::vector<std::string> args = commonArguments(options);
    args.insert(args.end(), {"-G", "--", options.destination});
    const ChildResult result = runChild(args);
    if (result.code != 0) {
        throw SshError(sshFailureMessage(
            sshFailureOf(result.errors), options.destination, false, result.code));
    }
    ResolvedSsh resolved;
    std::istringstream lines(result.output);
    std::string line;
    while (std::getline(lines, line)) {
        const std::size_t space = line.find(' ');
        if (space == std::string::npos)
            continue;
        const std::string name = line.substr(0, space);
        const std::string value = line.substr(space + 1);
        if (name == "hostname")
            resolved.hostName = value;
        else if (name == "port")
            resolved.port = std::stoi(value);
        else if (name == "userknownhostsfile")
            resolved.userKnownHostsFiles = value;
    }
    return resolved;
}

std::string ownKnownHostsFile(const SshOptions &options)
{
    return options.knownHostsFile.empty() ? dataFilePath("known_hosts") : options.knownHostsFile;
}

std::vector<std::string> sshTunnelArguments(const SshOptions &options,
                                            const ResolvedSsh &resolved,
                                            int localPort,
                                            const std::string &forwardTarget)
{
    std::vector<std::string> args = commonArguments(options);
    std::string knownHosts;
    if (options.userKnownHosts) {
        std::istringstream files(resolved.userKnownHostsFiles);
        std::string file;
        while (files >> file)
            knownHosts += quoted(file) + " ";
    }
    knownHosts += quoted(ownKnownHostsFile(options));
    args.insert(args.end(),
                {"-N",
                 "-T",
                 "-o",
                 "ExitOnForwardFailure=yes",
                 // Never asks about a host key: an unknown one is shown by us and accepted by
                 // the user (acceptSshHostKey), a changed one refused.
                 "-o",
                 "StrictHostKeyChecking=yes",
                 "-o",
                 "UserKnownHostsFile=" + knownHosts,
                 // A tunnel of its own: never a user's ControlMaster connection, which would
                 // outlive us or end with another program.
                 "-o",
                 "ControlMaster=no",
                 "-o",
                 "ControlPath=none",
                 // A server that stops answering ends ssh within 45 s, so it is started again.
                 "-o",
                 "ServerAliveInterval=15",
                 "-o",
                 "ServerAliveCountMax=3",
                 "-o",
                 "ConnectTimeout=15",
                 "-o",
                 std::string("BatchMode=") + (options.batchMode ? "yes" : "no"),
                 "-L",
                 "127.0.0.1:" + std::to_string(localPort) + ":" + forwardTarget});
    if (!options.userKnownHosts)
        args.insert(args.end(), {"-o", "GlobalKnownHostsFile=none"});
    args.insert(args.end(), {"--", options.destination});
    return args;
}

} // namespace kvs::detail
