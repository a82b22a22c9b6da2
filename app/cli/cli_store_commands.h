#pragma once

#include <iosfwd>
#include <string_view>

// The commands of `kvs` that open a store (get, set, delete, increment, list), and the literal
// and number arguments they share with the other commands.
namespace kvs::cli {

class CliArguments;

// What a command sees: the parsed command line and where to write. Not owned; lives for one call.
struct CommandContext
{
    const CliArguments &args;
    std::ostream &out;
    std::ostream &err;
};

// Each runs one command and returns its exit code. They throw UsageError for a bad command line
// and kvs::Error for a failure of the store or the codecs (run() reports both).
int runGet(const CommandContext &context);
int runSet(const CommandContext &context);
int runDelete(const CommandContext &context);
int runIncrement(const CommandContext &context);
int runList(const CommandContext &context);

// Throws UsageError "kvs: COMMAND takes ... (usage: USAGE)" unless the command (its words
// included) has between min and max positional arguments after the command words.
void requireArgumentCount(const CommandContext &context,
                          std::size_t commandWords,
                          std::size_t min,
                          std::size_t max,
                          std::string_view usage);

} // namespace kvs::cli
