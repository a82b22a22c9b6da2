#pragma once

#include <csignal>

// Ctrl+C and SIGTERM for a command that stops between pages of its own (kvs find): the signal
// is noted, not acted on, so the command ends after the page being read with its own exit code.
namespace kvs::cli {

// Installs handlers for SIGINT and SIGTERM that note the signal (SA_RESTART: a write to stdout
// in progress completes) and restores the previous handlers when destroyed.
// Thread rule: one at a time, on the main thread.
class SignalWatch
{
public:
    SignalWatch();
    ~SignalWatch();
    SignalWatch(const SignalWatch &) = delete;
    SignalWatch &operator=(const SignalWatch &) = delete;

    // The signal received since construction (SIGINT or SIGTERM), or 0.
    [[nodiscard]] int received() const noexcept;

private:
    struct sigaction m_previousInt;
    struct sigaction m_previousTerm;
};

} // namespace kvs::cli
