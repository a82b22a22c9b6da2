#include "ssh/ssh_child_process.h"
#include "ssh/ssh_command.h"
#include "ssh/ssh_failure.h"
#include "ssh/ssh_host_keys.h"

#include <kvs/reconnect_backoff.h>
#include <kvs/ssh_tunnel.h>

#include <arpa/inet.h>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace kvs {

namespace {

// A port of 127.0.0.1 that nobody listens on now (the kernel's pick). ssh binds it a moment
// later; should another program take it first, ssh ends (ExitOnForwardFailure) and start()
// picks again.
int freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = 0;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    if (fd >= 0)
        ::close(fd);
    if (port == 0)
        throw SshError("kvs: cannot find a free port on 127.0.0.1 for the SSH tunnel");
    return port;
}

// Whether something accepts on 127.0.0.1:port: ssh's forward, once it logged in. The
// connection is closed at once; ssh's channel to the database sees an empty connection.
bool loopbackPortAccepts(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    const bool accepted
        = ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
    ::close(fd);
    return accepted;
}

bool portWasTaken(const std::string &errors)
{
    return errors.find("Address already in use") != std::string::npos;
}

} // namespace

class SshTunnel::Supervisor
{
public:
    Supervisor(SshOptions options, std::string target)
        : m_options(std::move(options))
        , m_target(std::move(target))
    {}

    SshOptions m_options;
    std::string m_target;
    detail::ResolvedSsh m_resolved;
    std::atomic<int> m_port{0};
    std::atomic<long> m_pid{0};
    std::unique_ptr<detail::ChildProcess> m_child; // Owned; the watching thread's once started.
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false; // guarded by m_mutex
    State m_state;           // guarded by m_mutex
    StateCallback m_callback;

    bool stopping() const
    {
        const std::lock_guard lock(m_mutex);
        return m_stopping;
    }

    void setState(Status status, std::string message = {}, bool restarted = false)
    {
        State copy;
        {
            const std::lock_guard lock(m_mutex);
            m_state.status = status;
            m_state.message = std::move(message);
            if (restarted)
                ++m_state.restarts;
            copy = m_state;
        }
        if (m_callback)
            m_callback(copy);
    }

    // The error of an ssh that ended before its forward accepted.
    [[noreturn]] void throwFailure(const std::string &errors, int code)
    {
        const detail::SshFailure failure = detail::sshFailureOf(errors);
        if (failure.kind == detail::SshFailure::Kind::UnknownHostKey) {
            SshHostKey key = detail::scanSshHostKey(
                m_resolved.hostName, m_resolved.port, failure.knownHostsName, failure.keyKind);
            // The message first: the key is moved into the error.
            const std::string message
                = "kvs: the SSH host key of " + key.knownHostsName
                  + " is not known yet: " + failure.keyKind + " key " + key.fingerprint
                  + ". Nothing was sent to the host; check the fingerprint with its "
                    "administrator (ssh-keygen -lf on the host's key) before accepting it";
            throw SshHostKeyUnknownError(message, std::move(key));
        }
        if (failure.kind == detail::SshFailure::Kind::ChangedHostKey) {
            const std::string file = failure.offendingFile.empty()
                                         ? detail::ownKnownHostsFile(m_options)
                                         : failure.offendingFile;
            throw SshHostKeyChangedError(
                "kvs: the SSH host key of " + failure.knownHostsName
                    + " has CHANGED: the server sent the " + failure.keyKind + " key "
                    + failure.fingerprint + ", not the one known in " + file
                    + ". Someone may be intercepting the connection; it is refused. If the host "
                      "was reinstalled, remove its old key (ssh-keygen -R \""
                    + failure.knownHostsName + "\" -f \"" + file
                    + "\") and connect again to check the new one",
                failure.fingerprint);
        }
        throw SshError(
            detail::sshFailureMessage(failure, m_options.destination, m_options.batchMode, code));
    }

    // Starts ssh on m_port and returns once its forward accepts; throws why it did not.
    void launch()
    {
        m_child = std::make_unique<detail::ChildProcess>(
            detail::sshTunnelArguments(m_options, m_resolved, m_port, m_target),
            m_options.environment);
        m_pid = m_child->pid();
        const auto deadline = std::chrono::steady_clock::now() + m_options.startTimeout;
        for (;;) {
            const bool accepts = loopbackPortAccepts(m_port);
            const detail::ChildProcess::Exit exit = m_child->poll();
            if (exit.exited) {
                for (int i = 0; i < 20; ++i)
                    m_child->read(10); // the rest of what ssh said
                m_pid = 0;
                throwFailure(m_child->errors(), exit.code);
            }
            if (accepts)
                return;
            if (stopping() || std::chrono::steady_clock::now() > deadline) {
                m_child->terminate();
                m_pid = 0;
                throw SshError("kvs: SSH to " + m_options.destination
                               + " failed: the tunnel did not open within "
                               + std::to_string(m_options.startTimeout.count() / 1000) + " s");
            }
            m_child->read(25); // the wait between tries: ssh's output, or 25 ms
        }
    }

    // The watching thread: an ssh that ends while wanted is started again, at once and then
    // after the backoff's waits, until it works or a host key refuses it.
    void watch()
    {
        ReconnectBackoff backoff;
        while (!stopping()) {
            m_child->read(50);
            const detail::ChildProcess::Exit exit = m_child->poll();
            if (!exit.exited)
                continue;
            m_pid = 0;
            const detail::SshFailure failure = detail::sshFailureOf(m_child->errors());
            setState(Status::Down,
                     detail::sshFailureMessage(
                         failure, m_options.destination, m_options.batchMode, exit.code));
            bool first = true;
            while (!stopping()) {
                if (!first) {
                    std::unique_lock lock(m_mutex);
                    m_wake.wait_for(lock, backoff.next(), [this] { return m_stopping; });
                    if (m_stopping)
                        return;
                }
                first = false;
                try {
                    launch();
                    backoff.reset();
                    setState(Status::Up, {}, true);
                    break;
                } catch (const SshHostKeyUnknownError &error) {
                    setState(Status::Failed, error.what());
                    return;
                } catch (const SshHostKeyChangedError &error) {
                    setState(Status::Failed, error.what());
                    return;
                } catch (const std::exception &error) {
                    setState(Status::Down, error.what());
                }
            }
        }
    }
};

SshTunnel::SshTunnel(SshOptions options, std::string forwardTarget)
    : m_supervisor(std::make_unique<Supervisor>(std::move(options), std::move(forwardTarget)))
{}

SshTunnel::~SshTunnel()
{
    stop();
}

void SshTunnel::setStateCallback(StateCallback callback)
{
    m_supervisor->m_callback = std::move(callback);
}

void SshTunnel::start()
{
    Supervisor &s = *m_supervisor;
    s.setState(Status::Starting);
    try {
        s.m_resolved = detail::resolveSsh(s.m_options);
        for (int attempt = 0;; ++attempt) {
            s.m_port = freeLoopbackPort();
            try {
                s.launch();
                break;
            } catch (const SshError &error) {
                if (attempt < 2 && s.m_child && portWasTaken(s.m_child->errors()))
                    continue; // another program took the port first: another port
                throw;
            }
        }
    } catch (const std::exception &error) {
        s.setState(Status::Failed, error.what());
        throw;
    }
    s.setState(Status::Up);
    s.m_thread = std::thread([&s] { s.watch(); });
}

void SshTunnel::stop()
{
    Supervisor &s = *m_supervisor;
    {
        const std::lock_guard lock(s.m_mutex);
        if (s.m_state.status == Status::Stopped)
            return;
        s.m_stopping = true;
    }
    s.m_wake.notify_all();
    if (s.m_thread.joinable())
        s.m_thread.join();
    s.m_child.reset(); // ends ssh
    s.m_pid = 0;
    s.setState(Status::Stopped);
}

int SshTunnel::localPort() const noexcept
{
    return m_supervisor->m_port;
}

SshTunnel::State SshTunnel::state() const
{
    const std::lock_guard lock(m_supervisor->m_mutex);
    return m_supervisor->m_state;
}

long SshTunnel::sshProcessId() const noexcept
{
    return m_supervisor->m_pid;
}

} // namespace kvs
