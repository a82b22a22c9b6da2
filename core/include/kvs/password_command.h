#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

/// Passwords that live elsewhere (a short-lived token from a cloud IAM login to PostgreSQL, a
/// secrets manager's CLI): a command prints the password, and it is asked again for every new
/// connection, since a token may have expired since the last one, and once more when the server
/// refuses the one it gave. The command runs without a shell; what it prints is never logged,
/// saved or shown (nor is what it writes to stderr, which may echo it). ~/.pgpass, PGPASSWORD
/// and a password in the connection string keep working as before: a command is used only where
/// one is set. Safe from any thread.
namespace kvs {

/// How long a password command may run before it is stopped.
inline constexpr std::chrono::milliseconds kPasswordCommandTimeout{10000};

/// Runs commandLine (split into words as QProcess::splitCommand does: spaces separate, double
/// quotes group, no shell: no pipes, variables or globs) and returns the first line it printed
/// to stdout, without its line end. Throws ConnectionError (step Authenticate) "kvs: the
/// password command NAME ..." (NAME: the program's file name, never its arguments) "is empty",
/// "cannot be started: REASON", "did not finish within N s (stopped)", "exited with code N
/// (what it printed is not shown)", "was killed by a signal" or "printed no password".
[[nodiscard]] std::string runPasswordCommand(const std::string &commandLine,
                                             std::chrono::milliseconds timeout
                                             = kPasswordCommandTimeout);

/// Sets (or, with an empty commandLine, clears) the password command of the PostgreSQL
/// database that connection names, process-wide: every connection that kvs makes to it (the
/// store's pool, the change probe, the queue poll, a benchmark, pg_dump and pg_restore) takes
/// its password from the command from now on. Databases are matched by connectionIdentity(), so
/// the spellings of one connection (URL, key=value, with or without kvs's own parameters)
/// share it.
void setPasswordCommand(std::string_view connection, const std::string &commandLine);

/// Whether a password command is set for connection's database.
[[nodiscard]] bool hasPasswordCommand(std::string_view connection);

/// The password for a new connection to connection's database: the output of its password
/// command, run now; nullopt when it has none. Throws what runPasswordCommand() throws.
[[nodiscard]] std::optional<std::string> commandPassword(std::string_view connection);

/// connection (a PostgreSQL URL or key=value text) with the password of its command added (a
/// "password" query parameter, or key=value pair, that libpq reads), for code that connects
/// with libpq directly; unchanged without a command. The result holds the password: keep it in
/// memory only and never show it.
[[nodiscard]] std::string withCommandPassword(const std::string &connection);

} // namespace kvs
