#include "bench/history/machine_info.h"

#include <fstream>
#include <sys/utsname.h>
#include <thread>

namespace kvs::bench {

MachineInfo currentMachine()
{
    MachineInfo machine;
    machine.cores = static_cast<int>(std::thread::hardware_concurrency());
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("model name", 0) == 0) {
            const std::size_t colon = line.find(':');
            if (colon != std::string::npos)
                machine.cpuModel = line.substr(line.find_first_not_of(' ', colon + 1));
            break;
        }
    }
    utsname names{};
    if (uname(&names) == 0)
        machine.os = std::string(names.sysname) + " " + names.release + " " + names.machine;
    return machine;
}

} // namespace kvs::bench
