#pragma once

#include <string>
#include <string_view>

namespace kvs::cli {

// The text of `kvs --help`: commands, options, output formats, literal syntax, exit codes.
[[nodiscard]] std::string_view helpText() noexcept;
// One line for `kvs --help`'s short form, printed with a usage error that has no command.
[[nodiscard]] std::string_view usageLine() noexcept;
// The line `kvs --version` prints, e.g. "kvs 0.1.0 (schema version 3)".
[[nodiscard]] std::string versionLine();

} // namespace kvs::cli
