#pragma once

#include <string>
#include <utility>
#include <vector>

namespace kvs::detail {

// A program run without a shell (posix_spawnp), stdin from /dev/null, its stdout and stderr
// read through pipes. ssh, ssh-keyscan: OpenSSH's programs, run as a terminal would, but never
// on a terminal of ours (setsid), so that a prompt goes to SSH_ASKPASS or fails in batch mode.
// Thread rule: one thread at a time.
class ChildProcess
{
public:
    struct Exit
    {
        bool exited = false; // false: still running
        int code = -1;       // the exit status, or 128 + the signal that ended it
    };

    // Throws Error "kvs: cannot run PROGRAM: REASON" (ssh not installed, say).
    ChildProcess(const std::vector<std::string> &argv,
                 const std::vector<std::pair<std::string, std::string>> &environment);
    ~ChildProcess(); // ends the program (SIGTERM, then SIGKILL) when it still runs
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;

    // Reads what the program wrote, waiting at most timeoutMs for something (0: no wait).
    void read(int timeoutMs);
    // Whether it ended (without waiting), and how.
    Exit poll();
    // Reads everything until it ends, then its exit.
    Exit wait();
    // SIGTERM, and SIGKILL when it is not gone within a second; then reaped.
    void terminate();

    [[nodiscard]] long pid() const noexcept { return m_pid; }
    [[nodiscard]] const std::string &output() const noexcept { return m_stdout; }
    [[nodiscard]] const std::string &errors() const noexcept { return m_stderr; }

private:
    long m_pid = 0;
    int m_stdoutFd = -1;
    int m_stderrFd = -1;
    std::string m_stdout;
    std::string m_stderr;
    Exit m_exit;
};

// Runs argv to its end; its exit, stdout and stderr. Throws as ChildProcess.
struct ChildResult
{
    int code = -1;
    std::string output;
    std::string errors;
};
ChildResult runChild(const std::vector<std::string> &argv);

} // namespace kvs::detail
