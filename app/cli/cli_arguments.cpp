#include "cli/cli_arguments.h"

#include <algorithm>
#include <array>

namespace kvs::cli {

namespace {

struct OptionSpec
{
    std::string_view name;
    bool takesValue;
    bool global;
    bool repeatable = false; // given more than once, every value is kept (values())
};

// One option a line: clang-format 14 packs a list this long into columns.
// clang-format off
constexpr std::array kOptions{
    OptionSpec{"--db", true, true},
    OptionSpec{"--json", false, true},
    OptionSpec{"--table-prefix", true, true},
    OptionSpec{"--migrate", false, true},
    OptionSpec{"--help", false, true},
    OptionSpec{"--version", false, true},
    OptionSpec{"--ttl", true, false},
    OptionSpec{"--prefix", true, false, true},
    OptionSpec{"--start", true, false},
    OptionSpec{"--end", true, false},
    OptionSpec{"--limit", true, false},
    OptionSpec{"--reverse", false, false},
    OptionSpec{"--cursor", true, false},
    OptionSpec{"--ops", true, false},
    OptionSpec{"--seconds", true, false},
    OptionSpec{"--backends", true, false},
    OptionSpec{"--schema", true, true},
    OptionSpec{"--password-command", true, true},
    OptionSpec{"--status", true, false},
    OptionSpec{"--after", true, false},
    OptionSpec{"--all", false, false},
    OptionSpec{"--delay", true, false},
    OptionSpec{"--max-attempts", true, false},
    OptionSpec{"--count", true, false},
    OptionSpec{"--key-hex", true, false},
    OptionSpec{"--error", true, false},
    OptionSpec{"--error-regex", true, false},
    OptionSpec{"--older-than", true, false},
    OptionSpec{"--payload", true, false},
    OptionSpec{"--payload-path", true, false},
    OptionSpec{"--rate", true, false},
    OptionSpec{"--dry-run", false, false},
    OptionSpec{"--workload", true, false},
    OptionSpec{"--mix", true, false},
    OptionSpec{"--warmup", true, false},
    OptionSpec{"--keys", true, false},
    OptionSpec{"--distribution", true, false},
    OptionSpec{"--value-size", true, false},
    OptionSpec{"--ttl-share", true, false},
    OptionSpec{"--scan-length", true, false},
    OptionSpec{"--store", true, false},
    OptionSpec{"--concurrency", true, false},
    OptionSpec{"--pool", true, false},
    OptionSpec{"--durability", true, false},
    OptionSpec{"--scratch-dir", true, false},
    OptionSpec{"--listeners", true, false},
    OptionSpec{"--listener-concurrency", true, false},
    OptionSpec{"--save", false, false},
    OptionSpec{"--slo", true, false},
    OptionSpec{"--hgrm", true, false},
    OptionSpec{"--like", true, false},
    OptionSpec{"--find-capacity", false, false},
    OptionSpec{"--start-rate", true, false},
    OptionSpec{"--max-rate", true, false},
    OptionSpec{"--precision", true, false},
    OptionSpec{"--late-share", true, false},
    OptionSpec{"--repeat", true, false},
    OptionSpec{"--history", false, false},
    OptionSpec{"--overwrite", false, false},
    OptionSpec{"--where", true, false},
    OptionSpec{"--signature", true, false},
    OptionSpec{"--text", true, false},
    OptionSpec{"--match-case", false, false},
    OptionSpec{"--regex", true, false},
    OptionSpec{"--in-keys", false, false},
    OptionSpec{"--keys-only", false, false},
    OptionSpec{"--export", true, false},
    OptionSpec{"--no-audit", false, false},
    OptionSpec{"--max-line-bytes", true, false},
    OptionSpec{"--max-document-bytes", true, false},
    OptionSpec{"--max-mutations", true, false},
    OptionSpec{"--depth", true, false},
    OptionSpec{"--top", true, false},
    OptionSpec{"--budget", true, false},
    OptionSpec{"--compare", true, false},
    OptionSpec{"--force", false, false},
    OptionSpec{"--full", false, false},
    OptionSpec{"--checkpoint", false, false},
    OptionSpec{"--truncate", false, false},
};
// clang-format on

const OptionSpec *findOption(std::string_view name) noexcept
{
    const auto it = std::find_if(kOptions.begin(), kOptions.end(), [name](const OptionSpec &spec) {
        return spec.name == name;
    });
    return it == kOptions.end() ? nullptr : &*it;
}

// The command word: the first argument that is neither an option nor an option's value (the
// options before it are global ones). Never throws: parse() reports what is wrong.
std::string_view commandOf(const std::vector<std::string> &args) noexcept
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--")
            return i + 1 < args.size() ? std::string_view(args[i + 1]) : std::string_view();
        if (arg != "-h" && !arg.starts_with("--"))
            return arg;
        const OptionSpec *spec = findOption(arg);
        if (spec != nullptr && spec->takesValue)
            ++i;
    }
    return {};
}

// Whether an option takes a value in command: `kvs find --count` counts (a flag), where
// `kvs watch --count N` stops after N changes.
bool takesValue(const OptionSpec &spec, std::string_view command) noexcept
{
    if (spec.name == "--count" && command == "find")
        return false;
    return spec.takesValue;
}

} // namespace

bool isGlobalOption(std::string_view option) noexcept
{
    const OptionSpec *spec = findOption(option);
    return spec != nullptr && spec->global;
}

CliArguments CliArguments::parse(const std::vector<std::string> &args)
{
    CliArguments result;
    const std::string_view command = commandOf(args);
    bool optionsEnded = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (optionsEnded) {
            result.m_positionals.push_back(arg);
            continue;
        }
        if (arg == "--") {
            optionsEnded = true;
            continue;
        }
        // Only "--name" and "-h" are options: a single dash starts a literal such as -5 or -0.
        if (arg != "-h" && !arg.starts_with("--")) {
            result.m_positionals.push_back(arg);
            continue;
        }
        std::string_view name = arg == "-h" ? std::string_view("--help") : std::string_view(arg);
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); eq != std::string_view::npos) {
            inlineValue = std::string(name.substr(eq + 1));
            name = name.substr(0, eq);
        }
        const OptionSpec *spec = findOption(name);
        if (spec == nullptr) {
            throw UsageError("kvs: unknown option " + std::string(name) + " (see kvs --help)");
        }
        if (result.m_options.contains(spec->name) && !spec->repeatable) {
            throw UsageError("kvs: " + std::string(spec->name) + " is given twice");
        }
        std::string value;
        if (takesValue(*spec, command)) {
            if (inlineValue) {
                value = std::move(*inlineValue);
            } else if (i + 1 < args.size()) {
                value = args[++i];
            } else {
                throw UsageError("kvs: " + std::string(spec->name) + " needs a value");
            }
        } else if (inlineValue) {
            throw UsageError("kvs: " + std::string(spec->name) + " takes no value");
        }
        result.m_values[std::string(spec->name)].push_back(value);
        result.m_options.emplace(std::string(spec->name), std::move(value));
    }
    return result;
}

bool CliArguments::has(std::string_view option) const
{
    return m_options.find(option) != m_options.end();
}

std::optional<std::string> CliArguments::value(std::string_view option) const
{
    const auto it = m_options.find(option);
    if (it == m_options.end()) {
        return std::nullopt;
    }
    if (values(option).size() > 1) {
        throw UsageError("kvs: " + std::string(option) + " is given twice");
    }
    return it->second;
}

std::vector<std::string> CliArguments::values(std::string_view option) const
{
    const auto it = m_values.find(option);
    return it == m_values.end() ? std::vector<std::string>() : it->second;
}

std::vector<std::string> CliArguments::givenOptions() const
{
    std::vector<std::string> names;
    names.reserve(m_options.size());
    for (const auto &[name, value] : m_options) {
        names.push_back(name);
    }
    return names;
}

void CliArguments::requireOnly(std::string_view command,
                               const std::vector<std::string_view> &allowed) const
{
    for (const auto &[name, value] : m_options) {
        if (isGlobalOption(name)
            || std::find(allowed.begin(), allowed.end(), name) != allowed.end()) {
            continue;
        }
        throw UsageError("kvs: " + name + " is not an option of " + std::string(command));
    }
}

} // namespace kvs::cli
