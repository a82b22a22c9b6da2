#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kvs {

/// What went wrong, without the details that differ between two failures of one cause: the
/// signature of a dead letter's last error (`kvs queue errors`, the Queues view's groups). The
/// same rules on every backend, since kvs computes it from the text listDead() returns.
struct ErrorSignature
{
    /// The error text with its variable parts replaced by placeholders (see errorSignature()).
    std::string text;
    /// errorSignatureId(text): 8 lowercase hex digits.
    std::string id;
};

/// The placeholder text of an error, read left to right; at each place the first rule that
/// applies wins:
/// - a quoted string ('...', "..." with backslash escapes, `...`) -> `<str>`; a ' right after a
///   letter or digit is an apostrophe (can't), not a quote; a quote never closed stays;
/// - a timestamp: a date 2026-12-06, optionally with a time (T or one space, hh:mm, :ss,
///   fraction) and a zone (Z, +01:00, +0100), or a time of day hh:mm:ss[.fff] -> `<time>`;
/// - a UUID (8-4-4-4-12 hex digits) -> `<uuid>`;
/// - an IPv4 address, optionally with :port, an IPv6 address in brackets optionally with :port,
///   or a bare IPv6 address that has "::" or seven colons and a digit -> `<ip>`;
/// - a path: /a/b, ./a, ../a, ~/a or C:\a, up to a space, a quote, `,;:()[]{}<>` or a final
///   full stop -> `<path>` (a / after a letter, digit, : or / does not start one, so URLs keep
///   their host and a/b stays);
/// - a hexadecimal number: 0x followed by hex digits, or a run of 8 or more hex digits with at
///   least one digit and one letter a-f -> `<hex>`;
/// - a number: digits with optional decimal parts (1.5, 1.2.3) and a leading - -> `<num>`; a
///   unit after it stays (30s -> `<num>s`).
/// Every rule but the quoted string starts only at the start of a word (not after a letter,
/// digit, _ or a "." that follows one): digits inside a word (s3, utf8, user_42, v1.2) stay.
/// Everything else is kept as it is.
[[nodiscard]] std::string errorSignatureText(std::string_view error);

/// The short stable id of a signature text: the first 8 hex digits of its SHA-1 (the same on
/// every machine and run).
[[nodiscard]] std::string errorSignatureId(std::string_view signatureText);

/// The signature of a last error; a dead letter without one has the empty text.
[[nodiscard]] ErrorSignature errorSignature(const std::optional<std::string> &lastError);

/// Whether text has the form of a signature id (8 lowercase hex digits).
[[nodiscard]] bool looksLikeErrorSignatureId(std::string_view text) noexcept;

} // namespace kvs
