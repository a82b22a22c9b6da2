#include "cli/cli_interrupt.h"

#include <csignal>

namespace kvs::cli {

namespace {

// Lock-free atomics: storing to them is async-signal-safe.
std::atomic_bool g_requested{false};
std::atomic_int g_signal{0};

struct sigaction g_previousInt;
struct sigaction g_previousTerm;

extern "C" void onSignal(int number)
{
    if (g_requested.load()) {
        // The second one: the operator means it. The action's started line stays without its
        // end, which the log's readers show as interrupted.
        std::signal(number, SIG_DFL);
        std::raise(number);
        return;
    }
    g_signal.store(number);
    g_requested.store(true);
}

} // namespace

InterruptScope::InterruptScope()
{
    static_assert(std::atomic_bool::is_always_lock_free && std::atomic_int::is_always_lock_free);
    g_requested.store(false);
    g_signal.store(0);
    struct sigaction action
    {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    // SA_RESTART: a read or write in progress is not cut short by the signal.
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, &g_previousInt);
    sigaction(SIGTERM, &action, &g_previousTerm);
}

InterruptScope::~InterruptScope()
{
    sigaction(SIGINT, &g_previousInt, nullptr);
    sigaction(SIGTERM, &g_previousTerm, nullptr);
}

const std::atomic_bool &InterruptScope::flag() const
{
    return g_requested;
}

int InterruptScope::signalNumber() const
{
    return g_signal.load();
}

const char *InterruptScope::signalName() const
{
    return signalNumber() == SIGTERM ? "SIGTERM" : "SIGINT";
}

} // namespace kvs::cli
