#include "cli/bench_cpu.h"

#ifdef __linux__
#include <filesystem>
#include <sched.h>
#include <string>
#endif

namespace kvs::cli {

#ifdef __linux__

struct SameCpu::Saved
{
    pid_t thread = 0;
    cpu_set_t cpus{};
};

SameCpu::SameCpu()
{
    const int cpu = sched_getcpu();
    if (cpu < 0)
        return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    m_pinned = true;
    std::error_code error;
    for (const auto &task : std::filesystem::directory_iterator("/proc/self/task", error)) {
        auto saved = std::make_unique<Saved>();
        try {
            saved->thread = static_cast<pid_t>(std::stol(task.path().filename().string()));
        } catch (...) {
            continue; // not a thread id
        }
        if (sched_getaffinity(saved->thread, sizeof saved->cpus, &saved->cpus) != 0)
            continue; // the thread ended meanwhile
        if (sched_setaffinity(saved->thread, sizeof one, &one) != 0) {
            m_pinned = false;
            continue;
        }
        m_saved.push_back(std::move(saved));
    }
    if (error)
        m_pinned = false;
}

SameCpu::~SameCpu()
{
    for (const auto &saved : m_saved)
        (void)sched_setaffinity(saved->thread, sizeof saved->cpus, &saved->cpus);
}

#else

struct SameCpu::Saved
{};

SameCpu::SameCpu() = default;
SameCpu::~SameCpu() = default;

#endif

} // namespace kvs::cli
