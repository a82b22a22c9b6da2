#include "cli/cli_signal_watch.h"

namespace kvs::cli {

namespace {

volatile std::sig_atomic_t g_received = 0;

extern "C" void noteSignal(int signal)
{
    g_received = signal;
}

} // namespace

SignalWatch::SignalWatch()
{
    g_received = 0;
    struct sigaction action = {};
    action.sa_handler = noteSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, &m_previousInt);
    sigaction(SIGTERM, &action, &m_previousTerm);
}

SignalWatch::~SignalWatch()
{
    sigaction(SIGINT, &m_previousInt, nullptr);
    sigaction(SIGTERM, &m_previousTerm, nullptr);
}

int SignalWatch::received() const noexcept
{
    return g_received;
}

} // namespace kvs::cli
