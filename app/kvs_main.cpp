// kvs: the command-line companion of the kvs store (see `kvs --help`). Everything but the
// argument vector lives in the kvs_cli library.
#include "cli/cli_commands.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char **argv)
{
    std::ios::sync_with_stdio(false);
    const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    return kvs::cli::run(args, std::cout, std::cerr);
}
