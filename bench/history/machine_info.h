#pragma once

#include <string>

namespace kvs::bench {

// The machine a run measured on, saved with it so that runs of different machines are told
// apart. A value type.
struct MachineInfo
{
    std::string cpuModel; // /proc/cpuinfo's "model name"; "" where unknown
    int cores = 0;        // logical CPUs
    std::string os;       // uname: "Linux 6.1.0-18-amd64 x86_64"
};

// This machine. Never throws; unknown parts stay empty.
[[nodiscard]] MachineInfo currentMachine();

} // namespace kvs::bench
