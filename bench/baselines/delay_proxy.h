#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace kvs::bench {

// A TCP proxy on 127.0.0.1 that forwards every byte to a target after a fixed delay in each
// direction, so that a local server looks like one across a network (a delay of 0.5 ms makes a
// 1 ms round trip; no netem or root needed). It counts round trips: a client's write that follows
// an answer of the server (or is its first) starts one, on any of the proxied connections.
//
// Chunks keep their order and are not throttled: a chunk read at t is written at t + delay.
//
// Thread rule: the public calls from one thread; the proxy runs threads of its own (an acceptor,
// and one per direction of each connection), which the destructor stops and joins.
class DelayProxy
{
public:
    // Listens on a free port of 127.0.0.1, forwarding to the host and port of serverUrl
    // (postgresql://[user[:password]@]HOST:PORT/...; HOST a numeric IPv4 address or localhost).
    // Throws kvs::Error "kvs: bench: proxy: ..." when the URL has no such host and port or the
    // proxy cannot listen.
    DelayProxy(const std::string &serverUrl, std::chrono::microseconds delay);
    ~DelayProxy();
    DelayProxy(const DelayProxy &) = delete;
    DelayProxy &operator=(const DelayProxy &) = delete;

    [[nodiscard]] int port() const noexcept { return m_port; }
    // Round trips so far, over every connection.
    [[nodiscard]] std::int64_t roundTrips() const noexcept { return m_roundTrips.load(); }

    // serverUrl with its host and port replaced by the proxy's.
    [[nodiscard]] const std::string &url() const noexcept { return m_url; }

private:
    struct Link;
    void acceptLoop();
    void forward(int from, int to, bool clientToServer, const std::shared_ptr<Link> &link);

    std::string m_url;
    std::string m_targetHost;
    int m_targetPort = 0;
    std::chrono::microseconds m_delay;
    int m_listener = -1;
    int m_port = 0;
    std::atomic<bool> m_stopping{false};
    std::atomic<std::int64_t> m_roundTrips{0};
    std::thread m_acceptor;
    std::mutex m_mutex;                 // guards m_threads and m_sockets
    std::vector<std::thread> m_threads; // the forwarding threads
    std::vector<int> m_sockets;         // every connection's two sockets, closed at the end
};

} // namespace kvs::bench
