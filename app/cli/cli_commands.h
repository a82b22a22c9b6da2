#pragma once

#include <iosfwd>
#include <string>
#include <vector>

// The `kvs` command line companion: parses a command line, runs one command and reports it.
namespace kvs::cli {

// Runs `kvs` with args (the program name excluded) and returns the process exit code (kExitOk,
// kExitFailure for "not found" and every store or codec error, kExitUsage for a bad command
// line, kExitCheckFailed for a failed check of kvs atomic). Results go to out; an error goes to err
// as one line starting with "kvs: ". Never throws. Thread rule: one call at a time (it opens its
// own store).
[[nodiscard]] int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace kvs::cli
