#include "bench/baselines/delay_proxy.h"

#include <kvs/errors.h>

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <deque>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace kvs::bench {

namespace {

using Clock = std::chrono::steady_clock;

[[noreturn]] void fail(const std::string &what)
{
    throw Error("kvs: bench: proxy: " + what);
}

struct Chunk
{
    Clock::time_point due;
    std::string bytes;
};

bool sendAll(int socket, const std::string &bytes)
{
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(socket, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        sent += static_cast<std::size_t>(n);
    }
    return true;
}

void noDelay(int socket)
{
    const int on = 1;
    ::setsockopt(socket, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

} // namespace

// What the two directions of one proxied connection share.
struct DelayProxy::Link
{
    std::atomic<bool> serverSpoke{true}; // the client's first write starts a round trip
};

DelayProxy::DelayProxy(const std::string &serverUrl, std::chrono::microseconds delay)
    : m_delay(delay)
{
    // postgresql://[userinfo@]host:port/...
    const std::size_t scheme = serverUrl.find("://");
    if (scheme == std::string::npos)
        fail("no host in " + serverUrl);
    const std::size_t authorityStart = scheme + 3;
    const std::size_t authorityEnd = serverUrl.find_first_of("/?", authorityStart);
    const std::string authority = serverUrl.substr(authorityStart, authorityEnd - authorityStart);
    const std::size_t at = authority.rfind('@');
    const std::size_t hostStart = at == std::string::npos ? 0 : at + 1;
    const std::size_t colon = authority.rfind(':');
    if (colon == std::string::npos || colon < hostStart)
        fail("no port in the server URL");
    m_targetHost = authority.substr(hostStart, colon - hostStart);
    if (m_targetHost == "localhost")
        m_targetHost = "127.0.0.1";
    m_targetPort = std::atoi(authority.substr(colon + 1).c_str());

    m_listener = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (m_listener < 0 || ::bind(m_listener, reinterpret_cast<sockaddr *>(&address), length) != 0
        || ::listen(m_listener, 64) != 0
        || ::getsockname(m_listener, reinterpret_cast<sockaddr *>(&address), &length) != 0) {
        const std::string reason = std::strerror(errno);
        if (m_listener >= 0)
            ::close(m_listener);
        fail("cannot listen: " + reason);
    }
    m_port = ntohs(address.sin_port);
    m_url = serverUrl.substr(0, authorityStart) + authority.substr(0, hostStart)
            + "127.0.0.1:" + std::to_string(m_port)
            + (authorityEnd == std::string::npos ? "" : serverUrl.substr(authorityEnd));
    m_acceptor = std::thread([this] { acceptLoop(); });
}

DelayProxy::~DelayProxy()
{
    m_stopping = true;
    ::shutdown(m_listener, SHUT_RDWR);
    m_acceptor.join();
    ::close(m_listener);
    std::vector<std::thread> threads;
    {
        const std::lock_guard lock(m_mutex);
        for (const int socket : m_sockets)
            ::shutdown(socket, SHUT_RDWR);
        threads.swap(m_threads);
    }
    for (std::thread &thread : threads)
        thread.join();
    for (const int socket : m_sockets)
        ::close(socket);
}

void DelayProxy::acceptLoop()
{
    while (!m_stopping) {
        const int client = ::accept(m_listener, nullptr, nullptr);
        if (client < 0) {
            if (errno == EINTR)
                continue;
            return; // shut down
        }
        const int server = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in target{};
        target.sin_family = AF_INET;
        target.sin_port = htons(static_cast<std::uint16_t>(m_targetPort));
        ::inet_pton(AF_INET, m_targetHost.c_str(), &target.sin_addr);
        if (server < 0
            || ::connect(server, reinterpret_cast<sockaddr *>(&target), sizeof target) != 0) {
            ::close(client);
            if (server >= 0)
                ::close(server);
            continue;
        }
        noDelay(client);
        noDelay(server);
        auto link = std::make_shared<Link>();
        const std::lock_guard lock(m_mutex);
        m_sockets.push_back(client);
        m_sockets.push_back(server);
        m_threads.emplace_back(
            [this, client, server, link] { forward(client, server, true, link); });
        m_threads.emplace_back(
            [this, client, server, link] { forward(server, client, false, link); });
    }
}

// Reads from `from` and writes each chunk to `to` m_delay after it was read, until `from` ends;
// then ends `to`'s writing side.
void DelayProxy::forward(int from, int to, bool clientToServer, const std::shared_ptr<Link> &link)
{
    std::deque<Chunk> queue;
    bool open = true;
    char buffer[65536];
    while (open || !queue.empty()) {
        timespec timeout{0, 50'000'000}; // wakes to see m_stopping
        if (!queue.empty()) {
            const auto wait = std::max(Clock::duration::zero(), queue.front().due - Clock::now());
            const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(wait).count();
            timeout
                = {static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
        }
        pollfd watched{from, POLLIN, 0};
        const int ready = ::ppoll(&watched, open ? 1 : 0, &timeout, nullptr);
        if (m_stopping)
            return;
        if (ready > 0 && open) {
            const ssize_t n = ::recv(from, buffer, sizeof buffer, 0);
            if (n > 0) {
                if (clientToServer) {
                    if (link->serverSpoke.exchange(false))
                        ++m_roundTrips;
                } else {
                    link->serverSpoke = true;
                }
                queue.push_back({Clock::now() + m_delay, std::string(buffer, std::size_t(n))});
            } else if (n == 0 || errno != EINTR) {
                open = false;
            }
        }
        const auto now = Clock::now();
        while (!queue.empty() && queue.front().due <= now) {
            if (!sendAll(to, queue.front().bytes))
                return;
            queue.pop_front();
        }
    }
    ::shutdown(to, SHUT_WR);
}

} // namespace kvs::bench
