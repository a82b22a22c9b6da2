// The database's side of a tunnel: where ssh forwards to, and the connection string that goes
// through it (core/include/kvs/ssh_tunnel.h).
#include <kvs/connection_string.h>
#include <kvs/ssh_tunnel.h>

#include <cctype>
#include <optional>

namespace kvs {

namespace {

std::string percentDecoded(std::string_view text)
{
    std::string result;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size()
            && std::isxdigit(static_cast<unsigned char>(text[i + 1]))
            && std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
            result.push_back(
                static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16)));
            i += 2;
        } else {
            result.push_back(text[i]);
        }
    }
    return result;
}

struct DatabaseAddress
{
    std::string url;  // the connection in the URL form
    std::string host; // hostaddr, else host ("" when neither)
    bool hostIsSocket = false;
    std::string port; // "" when not given
};

DatabaseAddress addressOf(std::string_view connection)
{
    if (!isPostgresConnection(connection))
        throw Error("kvs: an SSH tunnel reaches a PostgreSQL server; "
                    + redactedConnection(connection) + " is not a PostgreSQL connection string");
    std::string error;
    const std::optional<std::string> url = postgresUrlOf(connection, &error);
    if (!url)
        throw Error("kvs: " + error);
    DatabaseAddress address{*url, {}, false, {}};
    // The authority: after "://", up to the path or the query; the user info cut off.
    const std::size_t start = url->find("://") + 3;
    std::size_t end = url->find_first_of("/?", start);
    std::string authority
        = url->substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (const std::size_t at = authority.rfind('@'); at != std::string::npos)
        authority.erase(0, at + 1);
    std::string host = authority;
    if (authority.starts_with('[')) {
        const std::size_t close = authority.find(']');
        host = authority.substr(1, close == std::string::npos ? std::string::npos : close - 1);
        if (close != std::string::npos && close + 1 < authority.size()
            && authority[close + 1] == ':')
            address.port = authority.substr(close + 2);
    } else if (const std::size_t colon = authority.find(':'); colon != std::string::npos) {
        host = authority.substr(0, colon);
        address.port = authority.substr(colon + 1);
    }
    host = percentDecoded(host);
    std::string query = *url;
    if (auto value = takeConnectionParameter(query, "host", false))
        host = *value;
    if (auto value = takeConnectionParameter(query, "port", false))
        address.port = *value;
    const bool hasHostaddr = takeConnectionParameter(query, "hostaddr", false).has_value();
    if (hasHostaddr)
        host = *takeConnectionParameter(query, "hostaddr", false);
    if (host.find(',') != std::string::npos || address.port.find(',') != std::string::npos)
        throw Error("kvs: an SSH tunnel reaches one database host; the connection names several ("
                    + host + ")");
    address.host = host;
    address.hostIsSocket = !hasHostaddr && (host.starts_with('/') || host.starts_with('@'));
    return address;
}

} // namespace

std::string sshForwardTarget(std::string_view connection)
{
    const DatabaseAddress address = addressOf(connection);
    const std::string port = address.port.empty() ? "5432" : address.port;
    if (address.hostIsSocket) // the server's socket on the SSH server: ssh forwards to a path
        return address.host + "/.s.PGSQL." + port;
    const std::string host = address.host.empty() ? "localhost" : address.host;
    return (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + port;
}

std::string tunneledConnection(std::string_view connection, int port)
{
    DatabaseAddress address = addressOf(connection);
    std::string url = address.url;
    (void)takeConnectionParameter(url, "hostaddr", true);
    (void)takeConnectionParameter(url, "port", true);
    // libpq takes a query parameter over the authority's: the host name stays for TLS's
    // verify-full, the address and port are the tunnel's. A socket path names no host to
    // verify: 127.0.0.1 then.
    std::string extra = "hostaddr=127.0.0.1&port=" + std::to_string(port);
    if (address.hostIsSocket) {
        (void)takeConnectionParameter(url, "host", true);
        extra += "&host=127.0.0.1";
    }
    url += (url.find('?') == std::string::npos ? "?" : "&") + extra;
    return url;
}

} // namespace kvs
