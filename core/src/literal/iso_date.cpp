#include "literal/iso_date.h"

#include <cstdint>
#include <utility>

namespace kvs {

namespace {

constexpr std::int64_t kMsPerMinute = 60'000;
constexpr std::int64_t kMsPerDay = 86'400'000;

// Days from 1970-01-01 to a proleptic Gregorian date, for any year (H. Hinnant's
// days_from_civil): exact integer arithmetic, no time zone database involved.
std::int64_t daysFromCivil(std::int64_t year, int month, int day)
{
    year -= month <= 2 ? 1 : 0;
    const std::int64_t era = (year >= 0 ? year : year - 399) / 400;
    const auto yearOfEra = static_cast<int>(year - era * 400);
    const int dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146097 + dayOfEra - 719468;
}

struct CivilDate
{
    std::int64_t year;
    int month;
    int day;
};

// The inverse of daysFromCivil (H. Hinnant's civil_from_days).
CivilDate civilFromDays(std::int64_t days)
{
    days += 719468;
    const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const auto dayOfEra = static_cast<int>(days - era * 146097);
    const int yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
    const int dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    const int shiftedMonth = (5 * dayOfYear + 2) / 153;
    const int day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1;
    const int month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
    return {yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day};
}

void appendDigits(int value, int count, std::string &out)
{
    char digits[4];
    for (int i = count - 1; i >= 0; --i) {
        digits[i] = static_cast<char>('0' + value % 10);
        value /= 10;
    }
    out.append(digits, static_cast<std::size_t>(count));
}

int daysInMonth(std::int64_t year, int month)
{
    static constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : kDays[month - 1];
}

class Reader
{
public:
    explicit Reader(std::string_view text)
        : m_text(text)
    {}

    bool atEnd() const { return m_pos == m_text.size(); }
    bool peekIs(char c) const { return m_pos < m_text.size() && m_text[m_pos] == c; }

    bool consume(char c)
    {
        if (!peekIs(c))
            return false;
        ++m_pos;
        return true;
    }

    // Reads exactly `count` digits into `value`.
    bool digits(int count, int &value)
    {
        if (m_text.size() - m_pos < static_cast<std::size_t>(count))
            return false;
        value = 0;
        for (int i = 0; i < count; ++i) {
            const char c = m_text[m_pos++];
            if (c < '0' || c > '9')
                return false;
            value = value * 10 + (c - '0');
        }
        return true;
    }

    // Reads one or more fraction digits; returns milliseconds (first three digits, cut).
    bool fraction(int &ms)
    {
        ms = 0;
        int count = 0;
        while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
            if (count < 3)
                ms = ms * 10 + (m_text[m_pos] - '0');
            ++count;
            ++m_pos;
        }
        for (int i = count; i < 3; ++i)
            ms *= 10;
        return count > 0;
    }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
};

IsoDateTime refused(std::string problem)
{
    return {0, std::move(problem)};
}

} // namespace

IsoDateTime parseIsoDateTime(std::string_view text)
{
    const IsoDateTime badFormat
        = refused("a date string must be ISO 8601 such as \"2026-09-01T12:30:00.250Z\"");
    Reader in(text);
    std::int64_t year = 0;
    int value = 0;
    if (in.peekIs('+') || in.peekIs('-')) {
        const bool negative = in.consume('-');
        if (!negative)
            in.consume('+');
        if (!in.digits(6, value))
            return badFormat;
        if (negative && value == 0)
            return refused("the year -000000 is not allowed (write +000000)");
        year = negative ? -value : value;
    } else {
        if (!in.digits(4, value))
            return badFormat;
        year = value;
    }
    int month = 1;
    int day = 1;
    if (in.consume('-')) {
        if (!in.digits(2, month))
            return badFormat;
        if (in.consume('-') && !in.digits(2, day))
            return badFormat;
    }
    if (in.atEnd()) {
        return refused("a date string needs a time and Z or an offset, such as "
                       "\"2026-09-01T00:00:00Z\"");
    }
    int hour = 0;
    int minute = 0;
    int second = 0;
    int ms = 0;
    if (!in.consume('T') || !in.digits(2, hour) || !in.consume(':') || !in.digits(2, minute))
        return badFormat;
    if (in.consume(':')) {
        if (!in.digits(2, second))
            return badFormat;
        if (in.consume('.') && !in.fraction(ms))
            return badFormat;
    }
    if (in.atEnd())
        return refused("a date string needs Z or an offset such as +02:00 (no local time)");
    int offsetMinutes = 0;
    if (!in.consume('Z')) {
        const bool west = in.peekIs('-');
        if (!in.consume('+') && !in.consume('-'))
            return badFormat;
        int offsetHour = 0;
        int offsetMinute = 0;
        if (!in.digits(2, offsetHour) || !in.consume(':') || !in.digits(2, offsetMinute))
            return badFormat;
        if (offsetHour > 23 || offsetMinute > 59)
            return refused("the offset must be -23:59..+23:59");
        offsetMinutes = (offsetHour * 60 + offsetMinute) * (west ? -1 : 1);
    }
    if (!in.atEnd())
        return badFormat;

    if (month < 1 || month > 12)
        return refused("the month must be 01..12");
    const int monthDays = daysInMonth(year, month);
    if (day < 1 || day > monthDays)
        return refused("the day must be 01.." + std::to_string(monthDays) + " in that month");
    if (hour > 24 || (hour == 24 && (minute != 0 || second != 0 || ms != 0)))
        return refused("the hour must be 00..23 (or 24:00 for the end of a day)");
    if (minute > 59)
        return refused("the minutes must be 00..59");
    if (second > 59)
        return refused("the seconds must be 00..59");

    // Exact in 64-bit integers; the result is exact in a double within Date's range.
    const std::int64_t total = daysFromCivil(year, month, day) * kMsPerDay
                               + std::int64_t{hour} * 3'600'000
                               + std::int64_t{minute} * kMsPerMinute + std::int64_t{second} * 1000
                               + ms - std::int64_t{offsetMinutes} * kMsPerMinute;
    return {static_cast<double>(total), {}};
}

bool appendIsoDateTime(double ms, std::string &out)
{
    if (!(ms >= -8.64e15 && ms <= 8.64e15))
        return false;
    const auto total = static_cast<std::int64_t>(ms);
    std::int64_t days = total / kMsPerDay;
    std::int64_t inDay = total % kMsPerDay;
    if (inDay < 0) {
        inDay += kMsPerDay;
        --days;
    }
    const CivilDate date = civilFromDays(days);
    if (date.year < 0 || date.year > 9999)
        return false;
    const auto msOfDay = static_cast<int>(inDay);
    appendDigits(static_cast<int>(date.year), 4, out);
    out += '-';
    appendDigits(date.month, 2, out);
    out += '-';
    appendDigits(date.day, 2, out);
    out += 'T';
    appendDigits(msOfDay / 3'600'000, 2, out);
    out += ':';
    appendDigits(msOfDay / 60'000 % 60, 2, out);
    out += ':';
    appendDigits(msOfDay / 1000 % 60, 2, out);
    out += '.';
    appendDigits(msOfDay % 1000, 3, out);
    out += 'Z';
    return true;
}

} // namespace kvs
