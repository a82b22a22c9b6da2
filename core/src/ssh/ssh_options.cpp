// The SSH side of a tunnel as the user gives it, and its errors (core/include/kvs/ssh_tunnel.h).
#include <kvs/ssh_tunnel.h>

#include <charconv>

namespace kvs {

SshError::SshError(const std::string &message)
    : Error(message)
{}

SshHostKeyUnknownError::SshHostKeyUnknownError(const std::string &message, SshHostKey key)
    : SshError(message)
    , m_key(std::move(key))
{}

SshHostKeyChangedError::SshHostKeyChangedError(const std::string &message, std::string fingerprint)
    : SshError(message)
    , m_fingerprint(std::move(fingerprint))
{}

SshOptions sshOptionsOf(std::string_view destination)
{
    const auto refuse = [destination]() {
        return Error("kvs: --ssh needs [user@]host[:port], not \"" + std::string(destination)
                     + "\"");
    };
    SshOptions options;
    std::string_view rest = destination;
    if (const std::size_t at = rest.rfind('@'); at != std::string_view::npos) {
        options.user = std::string(rest.substr(0, at));
        rest.remove_prefix(at + 1);
        if (options.user.empty())
            throw refuse();
    }
    std::string_view port;
    if (rest.starts_with('[')) {
        const std::size_t close = rest.find(']');
        if (close == std::string_view::npos)
            throw refuse();
        options.destination = std::string(rest.substr(1, close - 1));
        rest.remove_prefix(close + 1);
        if (!rest.empty() && (rest.front() != ':' || rest.size() == 1))
            throw refuse();
        if (!rest.empty())
            port = rest.substr(1);
    } else if (const std::size_t colon = rest.find(':'); colon != std::string_view::npos) {
        options.destination = std::string(rest.substr(0, colon));
        port = rest.substr(colon + 1);
        if (port.empty())
            throw refuse();
    } else {
        options.destination = std::string(rest);
    }
    if (options.destination.empty() || options.destination.starts_with('-')
        || options.user.starts_with('-'))
        throw refuse();
    if (!port.empty()) {
        int value = 0;
        const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
        if (error != std::errc() || end != port.data() + port.size() || value < 1 || value > 65535)
            throw refuse();
        options.port = value;
    }
    return options;
}

} // namespace kvs
