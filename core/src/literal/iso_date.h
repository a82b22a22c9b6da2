#pragma once

#include <string>
#include <string_view>

// Private to the core: the date strings of the literal syntax's new Date("...").
namespace kvs {

/// The outcome of parseIsoDateTime: the epoch milliseconds, or why the text was refused.
struct IsoDateTime
{
    double ms = 0;       // Before TimeClip: beyond +-8.64e15 the caller's Date is invalid.
    std::string problem; // Empty on success, else e.g. "the month must be 01..12".
};

/// Parses ECMAScript's Date Time String Format (YYYY[-MM[-DD]]THH:mm[:ss[.sss]] or the
/// expanded year +-YYYYYY) that ends with Z or an explicit +-HH:mm offset, exact to the
/// millisecond (further fraction digits are cut, as V8 does). A date alone and a time without
/// offset are refused: JavaScript reads them as UTC and local time, and the notes allow no
/// guess. Fields are range-checked (month 01..12, day within its month, 24:00 only as the end
/// of a day, no leap second). Safe from any thread.
[[nodiscard]] IsoDateTime parseIsoDateTime(std::string_view text);

/// Appends the date at ms (a Date's milliseconds: an integer, or NaN) as JavaScript's
/// toISOString writes it, "2026-09-01T12:30:00.250Z", and returns true; returns false and
/// appends nothing for an invalid date or a year outside 0..9999, which need another form.
bool appendIsoDateTime(double ms, std::string &out);

} // namespace kvs
