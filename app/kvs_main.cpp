// kvs: the command-line companion of the kvs store (see `kvs --help`). Everything but the
// argument vector lives in the kvs_cli library.
#include "cli/cli_commands.h"

#include <kvs/connection_string.h>

#include <csignal>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char **argv)
{
    // A file size limit (ulimit -f) makes a write fail with EFBIG, which kvs reports, instead of
    // killing the process between a write and its audit line.
    std::signal(SIGXFSZ, SIG_IGN);
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    // Copied: the password can go from ps and /proc/PID/cmdline for the rest of the run.
    kvs::hidePasswordsInArguments(argc, argv);
    return kvs::cli::run(args, std::cout, std::cerr);
}
