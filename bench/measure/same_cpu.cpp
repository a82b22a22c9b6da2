#include "bench/measure/same_cpu.h"

#ifdef __linux__
#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <sched.h>
#include <string>
#endif

namespace kvs::bench {

#ifdef __linux__

struct SameCpu::Saved
{
    pid_t thread = 0;
    cpu_set_t cpus{};
};

namespace {

// The ids of this process's threads now (empty when /proc cannot be read).
std::vector<pid_t> threadIds()
{
    std::vector<pid_t> ids;
    std::error_code error;
    std::filesystem::directory_iterator it("/proc/self/task", error);
    for (; !error && it != std::filesystem::directory_iterator(); it.increment(error)) {
        try {
            ids.push_back(static_cast<pid_t>(std::stol(it->path().filename().string())));
        } catch (...) {
            // not a thread id
        }
    }
    return error ? std::vector<pid_t>{} : ids;
}

} // namespace

SameCpu::SameCpu()
{
    const int cpu = sched_getcpu();
    m_caller = std::make_unique<Saved>();
    if (cpu < 0 || sched_getaffinity(0, sizeof m_caller->cpus, &m_caller->cpus) != 0) {
        m_caller.reset();
        return;
    }
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    m_pinned = true;
    // Listed again until no new thread shows up: a thread not pinned yet may start another.
    for (bool found = true; found;) {
        found = false;
        const std::vector<pid_t> ids = threadIds();
        if (ids.empty()) {
            m_pinned = false;
            return;
        }
        for (const pid_t id : ids) {
            const bool known = std::any_of(
                m_saved.begin(), m_saved.end(), [id](const auto &s) { return s->thread == id; });
            if (known)
                continue;
            found = true;
            auto saved = std::make_unique<Saved>();
            saved->thread = id;
            if (sched_getaffinity(id, sizeof saved->cpus, &saved->cpus) != 0
                || sched_setaffinity(id, sizeof one, &one) != 0) {
                if (errno != ESRCH) // ESRCH: the thread ended meanwhile
                    m_pinned = false;
                continue;
            }
            m_saved.push_back(std::move(saved));
        }
    }
}

SameCpu::~SameCpu()
{
    if (!m_caller)
        return; // nothing was moved
    // Only ids still among this process's threads (an ended thread's id may be reused by
    // another process); threads started meanwhile get the CPUs the caller had.
    for (const pid_t id : threadIds()) {
        const auto saved = std::find_if(
            m_saved.begin(), m_saved.end(), [id](const auto &s) { return s->thread == id; });
        const cpu_set_t &cpus = saved != m_saved.end() ? (*saved)->cpus : m_caller->cpus;
        (void)sched_setaffinity(id, sizeof cpus, &cpus);
    }
}

#else

struct SameCpu::Saved
{};

SameCpu::SameCpu() = default;
SameCpu::~SameCpu() = default;

#endif

} // namespace kvs::bench
