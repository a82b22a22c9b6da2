#include "ssh/ssh_child_process.h"

#include <kvs/errors.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace kvs::detail {

namespace {

void closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

// The environment of this process with the given variables set (replacing same-named ones).
std::vector<std::string>
environmentWith(const std::vector<std::pair<std::string, std::string>> &variables)
{
    std::vector<std::string> result;
    for (char **entry = environ; entry && *entry; ++entry) {
        const std::string text(*entry);
        bool replaced = false;
        for (const auto &[name, value] : variables)
            replaced = replaced || text.starts_with(name + "=");
        if (!replaced)
            result.push_back(text);
    }
    for (const auto &[name, value] : variables)
        result.push_back(name + "=" + value);
    return result;
}

} // namespace

ChildProcess::ChildProcess(const std::vector<std::string> &argv,
                           const std::vector<std::pair<std::string, std::string>> &environment)
{
    int out[2] = {-1, -1};
    int err[2] = {-1, -1};
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
        const std::string reason = std::strerror(errno);
        closeFd(out[0]), closeFd(out[1]), closeFd(err[0]), closeFd(err[1]);
        throw Error("kvs: cannot run " + argv.front() + ": " + reason);
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // A session of its own: no controlling terminal, so ssh never prompts on ours, and a
    // Ctrl+C in the terminal reaches kvs (which stops the tunnel), not ssh first.
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attributes, &none);
    std::vector<char *> args;
    for (const std::string &arg : argv)
        args.push_back(const_cast<char *>(arg.c_str()));
    args.push_back(nullptr);
    std::vector<std::string> env = environmentWith(environment);
    std::vector<char *> envp;
    for (std::string &entry : env)
        envp.push_back(entry.data());
    envp.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = ::posix_spawnp(
        &pid, argv.front().c_str(), &actions, &attributes, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    closeFd(out[1]);
    closeFd(err[1]);
    if (spawned != 0) {
        closeFd(out[0]), closeFd(err[0]);
        throw Error("kvs: cannot run " + argv.front() + ": " + std::strerror(spawned)
                    + (spawned == ENOENT ? " (is OpenSSH's client installed?)" : ""));
    }
    m_pid = pid;
    m_stdoutFd = out[0];
    m_stderrFd = err[0];
}

ChildProcess::~ChildProcess()
{
    terminate();
    closeFd(m_stdoutFd);
    closeFd(m_stderrFd);
}

void ChildProcess::read(int timeoutMs)
{
    pollfd fds[2] = {{m_stdoutFd, POLLIN, 0}, {m_stderrFd, POLLIN, 0}};
    const nfds_t count = 2;
    if (m_stdoutFd < 0 && m_stderrFd < 0) {
        if (timeoutMs > 0)
            ::poll(nullptr, 0, timeoutMs); // both closed: the wait the caller asked for
        return;
    }
    if (::poll(fds, count, timeoutMs) <= 0)
        return;
    int *targets[2] = {&m_stdoutFd, &m_stderrFd};
    std::string *buffers[2] = {&m_stdout, &m_stderr};
    for (int i = 0; i < 2; ++i) {
        if (*targets[i] < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        char buffer[4096];
        const ssize_t n = ::read(*targets[i], buffer, sizeof buffer);
        if (n > 0) {
            buffers[i]->append(buffer, static_cast<std::size_t>(n));
            // ssh's stderr of a tunnel that runs for days: keep the last 64 KiB.
            if (buffers[i]->size() > 65536)
                buffers[i]->erase(0, buffers[i]->size() - 32768);
        } else if (n == 0 || errno != EINTR) {
            closeFd(*targets[i]);
        }
    }
}

ChildProcess::Exit ChildProcess::poll()
{
    if (m_exit.exited || m_pid == 0)
        return m_exit;
    int status = 0;
    const pid_t done = ::waitpid(static_cast<pid_t>(m_pid), &status, WNOHANG);
    if (done == static_cast<pid_t>(m_pid)) {
        m_exit.exited = true;
        m_exit.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    } else if (done < 0 && errno == ECHILD) {
        m_exit.exited = true; // reaped elsewhere: gone all the same
    }
    return m_exit;
}

ChildProcess::Exit ChildProcess::wait()
{
    while (m_stdoutFd >= 0 || m_stderrFd >= 0)
        read(-1);
    while (!poll().exited) {
        int status = 0;
        if (::waitpid(static_cast<pid_t>(m_pid), &status, 0) == static_cast<pid_t>(m_pid)) {
            m_exit.exited = true;
            m_exit.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
    }
    return m_exit;
}

void ChildProcess::terminate()
{
    if (m_pid == 0 || poll().exited)
        return;
    ::kill(static_cast<pid_t>(m_pid), SIGTERM);
    for (int i = 0; i < 100 && !poll().exited; ++i)
        read(10); // ssh's last words, and the wait for its end
    if (!poll().exited) {
        ::kill(static_cast<pid_t>(m_pid), SIGKILL);
        int status = 0;
        ::waitpid(static_cast<pid_t>(m_pid), &status, 0);
        m_exit = {true, 128 + SIGKILL};
    }
}

ChildResult runChild(const std::vector<std::string> &argv)
{
    ChildProcess child(argv, {});
    const ChildProcess::Exit exit = child.wait();
    return {exit.code, child.output(), child.errors()};
}

} // namespace kvs::detail
