#include "startup/termination_signals.h"

#include "common/ui_logging.h"

#include <QSocketNotifier>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/socket.h>
#include <unistd.h>

namespace kvs::ui {

namespace {

constexpr int kSignals[] = {SIGTERM, SIGINT, SIGHUP};

// The socket pair's ends: the handler writes to [0], the GUI thread reads [1].
int g_socket[2] = {-1, -1};
std::atomic_bool g_requested{false};

extern "C" void onTermination(int number)
{
    if (g_requested.exchange(true)) {
        // Asked twice: end now.
        std::signal(number, SIG_DFL);
        std::raise(number);
        return;
    }
    const int saved = errno;
    const char byte = char(number);
    (void)!::write(g_socket[0], &byte, 1); // write(2) is async-signal-safe
    errno = saved;
}

} // namespace

TerminationSignals::TerminationSignals(QObject *parent)
    : QObject(parent)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_socket) != 0) {
        qCWarning(lcUi, "cannot watch for SIGTERM: %s", std::strerror(errno));
        return;
    }
    g_requested.store(false);
    m_notifier = new QSocketNotifier(g_socket[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &TerminationSignals::readSignal);
    struct sigaction action
    {};
    action.sa_handler = onTermination;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int number : kSignals)
        sigaction(number, &action, nullptr);
}

TerminationSignals::~TerminationSignals()
{
    if (!m_notifier)
        return;
    for (const int number : kSignals)
        std::signal(number, SIG_DFL);
    ::close(g_socket[0]);
    ::close(g_socket[1]);
    g_socket[0] = g_socket[1] = -1;
}

void TerminationSignals::readSignal()
{
    char byte = 0;
    if (::read(g_socket[1], &byte, 1) == 1)
        emit terminationRequested(int(byte));
}

} // namespace kvs::ui
