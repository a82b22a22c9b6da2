#pragma once

#include <atomic>

// SIGINT and SIGTERM during an audited write of kvs: instead of dying between two batches, the
// command ends the batch in flight, writes the action's end line ("interrupted") and exits
// 128 + the signal (130 for SIGINT, 143 for SIGTERM). A second signal ends the process at once.
namespace kvs::cli {

// Catches SIGINT and SIGTERM while it lives; the previous handlers come back after. Thread rule:
// one at a time, made and destroyed on the command's thread (the signal may arrive on any).
class InterruptScope
{
public:
    InterruptScope();
    ~InterruptScope();
    InterruptScope(const InterruptScope &) = delete;
    InterruptScope &operator=(const InterruptScope &) = delete;

    // Turns true when a signal arrived (for DeadLetterSweepOptions::cancel).
    [[nodiscard]] const std::atomic_bool &flag() const;
    [[nodiscard]] bool interrupted() const { return flag().load(); }
    // SIGINT or SIGTERM once one arrived, else 0.
    [[nodiscard]] int signalNumber() const;
    // "SIGINT" or "SIGTERM".
    [[nodiscard]] const char *signalName() const;
    // 128 + signalNumber(): 130 or 143.
    [[nodiscard]] int exitCode() const { return 128 + signalNumber(); }
};

} // namespace kvs::cli
