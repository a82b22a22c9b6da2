#include "bench/measure/anon_peak.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>

namespace kvs::bench {

double statusMb(const char *field)
{
    std::ifstream status("/proc/self/status");
    std::string line;
    const std::string name = std::string(field) + ':';
    while (std::getline(status, line)) {
        if (line.rfind(name, 0) == 0)
            return std::stod(line.substr(name.size())) / 1024.0;
    }
    return 0;
}

AnonPeakSampler::AnonPeakSampler()
    : m_thread([this] {
        while (!m_stop.load()) {
            m_peak.store(std::max(m_peak.load(), statusMb("RssAnon")));
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    })
{}

AnonPeakSampler::~AnonPeakSampler()
{
    stop();
}

double AnonPeakSampler::stop()
{
    if (m_thread.joinable()) {
        m_stop.store(true);
        m_thread.join();
    }
    return m_peak.load();
}

} // namespace kvs::bench
