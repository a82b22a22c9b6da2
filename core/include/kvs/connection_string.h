#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

/// Connection strings as a user types them, and the passwords in them. Every text a user may
/// see (messages, bench lines, titles, logs) passes through redactedConnection() or
/// redactSecrets() first. Safe from any thread.
namespace kvs {

/// Whether connection names a PostgreSQL server: a "postgres://" or "postgresql://" URL, or
/// libpq's key=value form ("host=db user=app dbname=inventory"): its first word is NAME=, and
/// one NAME is a libpq keyword or one of kvs's own (pool_max, timeout_ms). Anything else is a
/// SQLite path.
[[nodiscard]] bool isPostgresConnection(std::string_view connection) noexcept;

/// The byte ranges (offset, length) of the passwords in a PostgreSQL connection string: the
/// URL's user info password, a "password" URL parameter, the key=value password. Where the
/// text is malformed the ranges err on the wide side. Empty for anything else.
[[nodiscard]] std::vector<std::pair<std::size_t, std::size_t>>
passwordRanges(std::string_view connection);

/// connection with every password replaced by "***"; anything that is not a PostgreSQL
/// connection string comes back unchanged.
[[nodiscard]] std::string redactedConnection(std::string_view connection);

/// message with connection replaced by its redacted form and every password of connection
/// (as written, percent-decoded, and the pieces libpq's parse errors quote) replaced by "***".
[[nodiscard]] std::string redactSecrets(std::string_view message, std::string_view connection);

/// The value of parameter name in a PostgreSQL connection string (URL query or key=value),
/// nullopt when absent; with remove, the parameter is taken out of connection (for kvs's own
/// parameters, which libpq refuses).
[[nodiscard]] std::optional<std::string>
takeConnectionParameter(std::string &connection, std::string_view name, bool remove);

/// A PostgreSQL connection string in the URL form: a URL as it is (one naming several hosts,
/// "postgresql://u@h1:5432,h2:5433/db", with the host and port lists moved into the query,
/// where libpq reads them too), the key=value form converted (every value percent-encoded,
/// host, port, user, password and dbname in their places, the rest as query parameters). nullopt
/// for key=value text that does not parse (the reason, free of secrets, in *error when given).
[[nodiscard]] std::optional<std::string> postgresUrlOf(std::string_view connection,
                                                       std::string *error = nullptr);

/// Which database connection names, free of secrets and settings, so that two spellings of
/// one database read the same: a PostgreSQL connection string (URL or key=value) as
/// "postgresql://USER@HOST:PORT/DBNAME" (no password, no parameters; the parts not given left
/// out, port 5432 too), or the redacted text when it does not parse; a SQLite path as its
/// absolute, cleaned path ("sqlite://" and "file://" taken off; ":memory:" and "file:" URIs as
/// given).
[[nodiscard]] std::string connectionIdentity(std::string_view connection);

/// A warning when connection (or PGPASSWORD) gives a password that would go to a host other
/// than this machine without TLS being required (sslmode other than require, verify-ca or
/// verify-full, from the string or PGSSLMODE): "kvs: warning: the password goes to HOST
/// without TLS being required; add sslmode=require (or verify-full) to the connection string".
/// "" otherwise.
[[nodiscard]] std::string plaintextPasswordWarning(std::string_view connection);

/// The first host of connection that is not this machine (localhost, 127.x.x.x, ::1 or a Unix
/// socket: host, else hostaddr, else PGHOST) when its sslmode (else PGSSLMODE) is not
/// verify-full, so that nothing checks that the server is the one named: a machine in between
/// could pose as it. "" otherwise, and for anything but a PostgreSQL connection string.
[[nodiscard]] std::string unverifiedRemoteHost(std::string_view connection);

/// Overwrites, in place, the password of every PostgreSQL connection string among a program's
/// arguments (an argument itself, or the value of "--name=VALUE") with 'x', as mysql does, so
/// that ps and /proc/PID/cmdline no longer show it. Call it once the arguments are copied.
void hidePasswordsInArguments(int argc, char **argv) noexcept;

} // namespace kvs
