#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// The command line of `kvs`: options and positional arguments, before any command looks at them.
namespace kvs::cli {

// Exit codes, documented in `kvs --help`.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;     // not found, and every error of the store or the codecs
inline constexpr int kExitUsage = 2;       // the command line itself is wrong
inline constexpr int kExitCheckFailed = 3; // kvs atomic: a check failed, nothing was written

// A command line that cannot be run as written. what() is the one-line message, starting with
// "kvs: ".
class UsageError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// The parsed command line. A value type.
//
// Rule: an argument that starts with "--" is an option and must be a known one, until a lone "--"
// ends the options; everything after "--" is positional. "-h" means --help. Any other argument,
// including "-5", "-0", "-Infinity" and "-", is positional, so literals may begin with '-'.
// An option that takes a value reads it from "--name=value" or from the next argument, verbatim.
// Only --prefix may be given more than once (watch takes several); a command that reads it with
// value() refuses a second one.
class CliArguments
{
public:
    // Throws UsageError for an unknown option, a missing value, a value given to a flag, or an
    // option given twice. args excludes the program name.
    [[nodiscard]] static CliArguments parse(const std::vector<std::string> &args);

    const std::vector<std::string> &positionals() const noexcept { return m_positionals; }
    bool has(std::string_view option) const;
    // The value of an option that takes one; nullopt when it was not given. Throws UsageError
    // "kvs: OPTION is given twice" for a repeatable option given more than once.
    std::optional<std::string> value(std::string_view option) const;
    // Every value of an option, in command-line order; empty when it was not given.
    std::vector<std::string> values(std::string_view option) const;
    // Every option given, by its canonical name ("--help" for "-h"), in name order.
    std::vector<std::string> givenOptions() const;

    // Throws UsageError "kvs: OPTION is not an option of COMMAND" for a given option that is
    // neither global nor in allowed.
    void requireOnly(std::string_view command, const std::vector<std::string_view> &allowed) const;

private:
    std::vector<std::string> m_positionals;
    std::map<std::string, std::string, std::less<>> m_options;             // flags map to ""
    std::map<std::string, std::vector<std::string>, std::less<>> m_values; // every value given
};

// The options every command accepts.
[[nodiscard]] bool isGlobalOption(std::string_view option) noexcept;

} // namespace kvs::cli
