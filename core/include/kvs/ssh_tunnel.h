#pragma once

#include <kvs/errors.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

/// A PostgreSQL connection through SSH, by the system's OpenSSH client (`ssh`), so that
/// ~/.ssh/config, ProxyJump, the agent, hardware keys and known_hosts work as in a terminal.
/// The tunnel forwards a random free port on 127.0.0.1 to the database host as the SSH server
/// sees it; the connection string keeps the database's host name (for TLS's verify-full) and
/// gains hostaddr=127.0.0.1 and the port, so every connection made from it (a pool, a probe, a
/// worker) goes through the one tunnel.
namespace kvs {

/// Where and how to reach the SSH server. Nothing here is a secret: a passphrase or password
/// goes to ssh through its agent or SSH_ASKPASS, never through this.
struct SshOptions
{
    /// A host name, an address or a Host alias of ~/.ssh/config. Required.
    std::string destination;
    /// The login; "" for ssh's (the config's User, else the local user).
    std::string user;
    /// The SSH port; 0 for ssh's (the config's Port, else 22).
    int port = 0;
    /// A private key file (ssh -i); "" for ssh's (the agent, the config's IdentityFile).
    std::string identityFile;
    /// ssh's configuration file (ssh -F); "" for ssh's own (~/.ssh/config), "none" for none.
    std::string configFile;
    /// The known_hosts file of ours, where accepted host keys go; "" for
    /// dataFilePath("known_hosts"). ssh reads it after the user's own (below).
    std::string knownHostsFile;
    /// Whether ssh also reads the user's known_hosts files (UserKnownHostsFile of the config,
    /// by default ~/.ssh/known_hosts): a host known in a terminal is known here too.
    bool userKnownHosts = true;
    /// ssh never asks anything (BatchMode=yes): the CLI. Otherwise a passphrase or password is
    /// asked by SSH_ASKPASS (environment below) and never on a terminal.
    bool batchMode = true;
    /// Variables set for ssh (SSH_ASKPASS, SSH_ASKPASS_REQUIRE, DISPLAY ...).
    std::vector<std::pair<std::string, std::string>> environment;
    /// The ssh program; "ssh" is looked up in PATH.
    std::string sshProgram = "ssh";
    /// How long start() waits for the forward to accept (login included).
    std::chrono::milliseconds startTimeout{30000};
};

/// options for "[user@]host[:port]" (an IPv6 address in brackets: "[::1]:2222"), the rest at
/// their defaults. Throws Error "kvs: --ssh needs [user@]host[:port], not \"TEXT\"" for an
/// empty host, a port that is not 1-65535, or a host starting with '-'.
[[nodiscard]] SshOptions sshOptionsOf(std::string_view destination);

/// The host key an SSH server offered that no known_hosts file knows. fingerprint is
/// "SHA256:..." as ssh prints it.
struct SshHostKey
{
    std::string knownHostsName; ///< the name ssh looks it up by: "host" or "[host]:port"
    std::string keyType;        ///< "ssh-ed25519", "ecdsa-sha2-nistp256", "ssh-rsa"
    std::string keyBase64;
    std::string fingerprint;
};

/// The SSH connection failed (ssh could not log in, the server could not be reached, the
/// forward could not be opened, ssh is not installed). what() says why, with ssh's own words.
/// Not a ConnectionError: a pool must not retry a login that failed.
class SshError : public Error
{
public:
    explicit SshError(const std::string &message);
};

/// The server's host key is not known yet: nothing was sent beyond the key exchange. The user
/// checks key().fingerprint and accepts it (acceptSshHostKey), then starts again.
class SshHostKeyUnknownError : public SshError
{
public:
    SshHostKeyUnknownError(const std::string &message, SshHostKey key);
    const SshHostKey &key() const noexcept { return m_key; }

private:
    SshHostKey m_key;
};

/// The server's host key differs from the known one: refused, never accepted here.
/// fingerprint() is the key the server sent.
class SshHostKeyChangedError : public SshError
{
public:
    SshHostKeyChangedError(const std::string &message, std::string fingerprint);
    const std::string &fingerprint() const noexcept { return m_fingerprint; }

private:
    std::string m_fingerprint;
};

/// Appends key to knownHostsFile ("" for dataFilePath("known_hosts"); created 0600 in a 0700
/// folder). Throws Error "kvs: cannot write the SSH known hosts file PATH: REASON".
void acceptSshHostKey(const SshHostKey &key, const std::string &knownHostsFile = {});

/// The database host and port the tunnel forwards to, taken from a PostgreSQL connection string
/// (URL or key=value): hostaddr, else host, else "localhost"; port, else 5432. A Unix socket
/// directory is forwarded as a socket path. Throws Error for a string naming several hosts
/// ("kvs: an SSH tunnel reaches one database host; the connection names several (HOSTS)") and
/// for one that is not a PostgreSQL connection string.
[[nodiscard]] std::string sshForwardTarget(std::string_view connection);

/// connection (URL or key=value) turned to go through a tunnel listening on 127.0.0.1:port: the
/// URL form with hostaddr=127.0.0.1 and port=PORT (the host name kept, for TLS). Throws as
/// sshForwardTarget.
[[nodiscard]] std::string tunneledConnection(std::string_view connection, int port);

/// One ssh process forwarding 127.0.0.1:localPort() to a database host, watched and restarted
/// when it ends while wanted. Thread rule: start(), stop() and the destructor from one thread;
/// state() and localPort() from any thread; the state callback runs on the tunnel's own thread.
class SshTunnel
{
public:
    enum class Status { Stopped, Starting, Up, Down, Failed };
    struct State
    {
        Status status = Status::Stopped;
        std::string message; ///< why it is Down or Failed (ssh's words)
        int restarts = 0;    ///< how often ssh was started again after dropping
    };
    using StateCallback = std::function<void(const State &)>;

    /// forwardTarget: sshForwardTarget()'s "host:port" or socket path.
    SshTunnel(SshOptions options, std::string forwardTarget);
    ~SshTunnel();
    SshTunnel(const SshTunnel &) = delete;
    SshTunnel &operator=(const SshTunnel &) = delete;

    /// Called at every change of state(), on the tunnel's thread. Set before start().
    void setStateCallback(StateCallback callback);

    /// Starts ssh and returns once the forward accepts connections. Throws SshHostKeyUnknownError,
    /// SshHostKeyChangedError, or SshError ("kvs: SSH to DEST failed: ..."; with batchMode, a
    /// key or password ssh would have to ask for is named as such). From then on, a tunnel that
    /// drops is started again at once, then after 1 s, 2 s, 4 s ... (at most 30 s), on the same
    /// port; a host key that is then unknown or changed ends it (Failed), never accepted.
    /// Requires: not started.
    void start();
    /// Ends ssh; state() becomes Stopped. Idempotent.
    void stop();

    [[nodiscard]] int localPort() const noexcept;
    [[nodiscard]] State state() const;
    /// The pid of the running ssh, 0 when none (for tests that end it from outside).
    [[nodiscard]] long sshProcessId() const noexcept;

private:
    class Supervisor;
    std::unique_ptr<Supervisor> m_supervisor; // Owned.
};

} // namespace kvs
