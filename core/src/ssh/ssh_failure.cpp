#include "ssh/ssh_failure.h"

#include <regex>
#include <sstream>
#include <vector>

namespace kvs::detail {

namespace {

std::vector<std::string> linesOf(std::string_view text)
{
    std::vector<std::string> lines;
    std::istringstream stream{std::string(text)};
    std::string line;
    while (std::getline(stream, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (!line.empty())
            lines.push_back(line);
    }
    return lines;
}

// The line that says why: the last one that is not ssh's closing summary or a banner.
std::string reasonOf(const std::vector<std::string> &lines)
{
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        if (it->starts_with("Pseudo-terminal") || it->starts_with("Warning: Permanently added"))
            continue;
        return *it;
    }
    return {};
}

} // namespace

SshFailure sshFailureOf(std::string_view stderrText)
{
    SshFailure failure;
    const std::string text(stderrText);
    const std::vector<std::string> lines = linesOf(text);
    failure.reason = reasonOf(lines);
    std::smatch match;
    static const std::regex unknown(
        R"(No (\S+) host key is known for (\S+) and you have requested strict checking)");
    static const std::regex changedName(R"(Host key for (\S+) has changed)");
    static const std::regex changedKind(R"(The fingerprint for the (\S+) key sent by the remote)");
    static const std::regex fingerprint(R"((SHA256:[A-Za-z0-9+/]+))");
    static const std::regex offending(R"(Offending \S+ key in (.+):\d+)");
    if (std::regex_search(text, match, unknown)) {
        failure.kind = SshFailure::Kind::UnknownHostKey;
        failure.keyKind = match[1];
        failure.knownHostsName = match[2];
        return failure;
    }
    if (text.find("REMOTE HOST IDENTIFICATION HAS CHANGED") != std::string::npos
        || std::regex_search(text, match, changedName)) {
        failure.kind = SshFailure::Kind::ChangedHostKey;
        if (std::regex_search(text, match, changedName))
            failure.knownHostsName = match[1];
        if (std::regex_search(text, match, changedKind))
            failure.keyKind = match[1];
        if (std::regex_search(text, match, fingerprint))
            failure.fingerprint = match[1];
        if (std::regex_search(text, match, offending))
            failure.offendingFile = match[1];
        return failure;
    }
    if (text.find("Permission denied") != std::string::npos)
        failure.kind = SshFailure::Kind::PermissionDenied;
    return failure;
}

std::string sshFailureMessage(const SshFailure &failure,
                              std::string_view destination,
                              bool batchMode,
                              int exitCode)
{
    std::string message = "kvs: SSH to " + std::string(destination) + " failed: ";
    message += failure.reason.empty() ? "ssh ended with status " + std::to_string(exitCode)
                                      : failure.reason;
    if (failure.kind == SshFailure::Kind::PermissionDenied && batchMode) {
        message += " (ssh runs in batch mode here and asks for nothing: a key with a passphrase "
                   "must be in ssh-agent (ssh-add), a password cannot be typed)";
    }
    return message;
}

} // namespace kvs::detail
