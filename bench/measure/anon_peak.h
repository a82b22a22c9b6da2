#pragma once

#include <atomic>
#include <thread>

namespace kvs::bench {

// A field of /proc/self/status in MB (VmHWM: the peak resident set; RssAnon: the resident heap
// and stacks now, without the pages of mapped files); 0 when the field is not there.
[[nodiscard]] double statusMb(const char *field);

// The peak of RssAnon while it lives (or until stop()), sampled every 5 ms on a thread of its
// own. A store maps its SQLite file and keeps a page cache, so the peak resident set grows with
// the file whatever the code does; the peak of RssAnon shows what the code itself holds.
class AnonPeakSampler
{
public:
    AnonPeakSampler();
    ~AnonPeakSampler();
    AnonPeakSampler(const AnonPeakSampler &) = delete;
    AnonPeakSampler &operator=(const AnonPeakSampler &) = delete;

    // Stops sampling; returns the peak in MB.
    double stop();

private:
    std::atomic<bool> m_stop{false};
    std::atomic<double> m_peak{0};
    std::thread m_thread;
};

} // namespace kvs::bench
