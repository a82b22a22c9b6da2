#pragma once

// Grammar cases for tst_literal (interpretation notes, "The literal syntax"): accepted forms
// with their canonical print, and refusals with their exact position and message. Kept apart
// from the test code so the tables read as a specification.
namespace literal_cases {

struct Accepted
{
    const char *name;
    const char *input;
    const char *printed;
};

struct Refused
{
    const char *name;
    const char *input;
    int position;
    const char *message;
};

// Formatting is off for the tables: one case per line reads as the grammar's specification;
// wrapped at 100 columns, a refusal would take four lines.
// clang-format off
inline constexpr Accepted kAccepted[] = {
    // White space anywhere, JSON's and JavaScript's (no-break space, U+2028, BOM).
    {"whitespace", " \t\n[ 1 ,\r\n 2 ,{ \"a\" :\t[ ] } ] \n", R"([1, 2, {"a": []}])"},
    {"unicode whitespace", "\xc2\xa0[1,\xe2\x80\xa8 2]\xef\xbb\xbf", "[1, 2]"},
    {"whitespace in constructors", "new\n  Date ( 0 )", "new Date(0)"},
    {"vertical tab and form feed", "\v[\f1]", "[1]"},
    // Strings.
    {"single quotes", R"('say "hi"')", R"("say \"hi\"")"},
    {"escaped single quote", R"('it\'s')", R"("it's")"},
    {"escaped single quote in double quotes", R"("it\'s")", R"("it's")"},
    {"json escapes", R"("\"\\\/\b\f\n\r\t")", R"("\"\\/\b\f\n\r\t")"},
    {"unicode escape", R"("\u00e9\u0041")", "\"\xc3\xa9" "A\""},
    {"surrogate pair", R"("\ud83d\ude42")", "\"\xf0\x9f\x99\x82\""},
    {"lone high surrogate", R"("\ud800")", R"("\ud800")"},
    {"lone low surrogate", R"("\udc00x")", R"("\udc00x")"},
    {"reversed pair stays two lone", R"("\udc00\ud800")", R"("\udc00\ud800")"},
    {"raw non-ascii", "\"\xc3\xa9\xe6\x97\xa5\xf0\x9f\x99\x82\"", "\"\xc3\xa9\xe6\x97\xa5\xf0\x9f\x99\x82\""},
    {"raw delete", "\"\x7f\"", "\"\x7f\""},
    // Member names: identifiers ($, _, Unicode, reserved words), strings, numbers.
    {"unquoted names", "{a: 1, $b: 2, _c: 3, d9: 4, $: 5, _: 6}",
     R"({"a": 1, "$b": 2, "_c": 3, "d9": 4, "$": 5, "_": 6})"},
    {"reserved words as names", "{true: 1, new: 2, null: 3, undefined: 4}",
     R"({"true": 1, "new": 2, "null": 3, "undefined": 4})"},
    {"unicode name", "{caf\xc3\xa9: 1}", "{\"caf\xc3\xa9\": 1}"},
    {"single-quoted name", "{'a b': 1}", R"({"a b": 1})"},
    {"numeric names", "{1e3: 1, 0.5: 2, 7n: 3}", R"({"7": 3, "1000": 1, "0.5": 2})"},
    {"index names first", "{b: 1, 2: 2}", R"({"2": 2, "b": 1})"},
    {"index names ascending", R"({"10": 1, "9": 2, "a": 3, "01": 4, "4294967295": 5})",
     R"({"9": 2, "10": 1, "a": 3, "01": 4, "4294967295": 5})"},
    {"repeated name", "{a: 1, b: 2, a: 3}", R"({"a": 3, "b": 2})"},
    {"proto is a plain member", R"({"__proto__": 1})", R"({"__proto__": 1})"},
    // Numbers.
    {"minus zero", "-0", "-0"},
    {"minus zero in array", "[-0, 0, -0.0]", "[-0, 0, -0]"},
    {"special numbers", "[NaN, Infinity, -Infinity]", "[NaN, Infinity, -Infinity]"},
    {"overflow is Infinity", "[1e400, -1e400]", "[Infinity, -Infinity]"},
    {"underflow is zero", "[1e-400, -1e-400]", "[0, -0]"},
    {"smallest subnormal", "[5e-324, 3e-324]", "[5e-324, 5e-324]"},
    {"exponent forms", "[1E2, 1e+2, 0.1e1, 1e-7, 1e21]", "[100, 100, 1, 1e-7, 1e+21]"},
    {"long integer rounds", "123456789012345678901234567890", "1.2345678901234568e+29"},
    {"bigints", "[123n, -5n, 0n, -0n]", "[123n, -5n, 0n, 0n]"},
    {"big bigint", "-1180591620717411303424n", "-1180591620717411303424n"},
    // Dates.
    {"date ms", "new Date(1788265800250)", "new Date(1788265800250)"},
    {"date NaN", "new Date(NaN)", "new Date(NaN)"},
    {"date Infinity is invalid", "new Date(Infinity)", "new Date(NaN)"},
    {"date TimeClip truncates", "[new Date(-1.5), new Date(1.9), new Date(-0)]",
     "[new Date(-1), new Date(1), new Date(0)]"},
    {"date range end", "[new Date(8.64e15), new Date(8640000000000001)]",
     "[new Date(8640000000000000), new Date(NaN)]"},
    {"iso Z", R"(new Date("2026-09-01T12:30:00.250Z"))", "new Date(1788265800250)"},
    {"iso plus offset", R"(new Date("2026-09-01T14:30:00+02:00"))", "new Date(1788265800000)"},
    {"iso minus offset", R"(new Date('2026-09-01T07:00:00.250-05:30'))", "new Date(1788265800250)"},
    {"iso max offset", R"(new Date("2000-01-01T00:00+23:59"))", "new Date(946598460000)"},
    {"iso without seconds", R"(new Date("2026-09-01T12:30Z"))", "new Date(1788265800000)"},
    {"iso one fraction digit", R"(new Date("2026-09-01T12:30:00.2Z"))", "new Date(1788265800200)"},
    {"iso fraction cut to ms", R"(new Date("2026-09-01T12:30:00.123999Z"))",
     "new Date(1788265800123)"},
    {"iso year-month", R"(new Date("2026-01T00:00Z"))", "new Date(1767225600000)"},
    {"iso year only", R"(new Date("2026T00:00Z"))", "new Date(1767225600000)"},
    {"iso epoch", R"(new Date("1970-01-01T00:00:00.000Z"))", "new Date(0)"},
    {"iso before epoch", R"(new Date("1969-12-31T23:59:59.999Z"))", "new Date(-1)"},
    {"iso year 0000", R"(new Date("0000-01-01T00:00Z"))", "new Date(-62167219200000)"},
    {"iso year 0001", R"(new Date("0001-01-01T00:00Z"))", "new Date(-62135596800000)"},
    {"iso year 9999", R"(new Date("9999-12-31T23:59:59.999Z"))", "new Date(253402300799999)"},
    {"iso leap day", R"(new Date("2024-02-29T00:00Z"))", "new Date(1709164800000)"},
    {"iso 24:00", R"(new Date("2026-09-01T24:00Z"))", "new Date(1788307200000)"},
    {"iso expanded year max", R"(new Date("+275760-09-13T00:00:00.000Z"))",
     "new Date(8640000000000000)"},
    {"iso expanded year min", R"(new Date("-271821-04-20T00:00:00.000Z"))",
     "new Date(-8640000000000000)"},
    {"iso beyond range is invalid", R"(new Date("+275760-09-13T00:00:00.001Z"))",
     "new Date(NaN)"},
    {"iso negative year", R"(new Date("-000001-01-01T00:00Z"))", "new Date(-62198755200000)"},
    // Bytes, Map and Set.
    {"bytes", "new Uint8Array([0, 255, 1e2, 2.0, -0])", "new Uint8Array([0, 255, 100, 2, 0])"},
    {"empty bytes", "[new Uint8Array([]), new Uint8Array()]",
     "[new Uint8Array([]), new Uint8Array([])]"},
    {"empty map and set", "[new Map(), new Map([]), new Set(), new Set([ ])]",
     "[new Map([]), new Map([]), new Set([]), new Set([])]"},
    {"map repeated key", R"(new Map([[1, "a"], ["1", "b"], [1, "c"]]))",
     R"(new Map([[1, "c"], ["1", "b"]]))"},
    {"map zero and NaN keys", "new Map([[-0, 1], [0, 2], [NaN, 3], [NaN, 4]])",
     "new Map([[0, 2], [NaN, 4]])"},
    {"map object keys are distinct", "new Map([[{}, 1], [{}, 2]])", "new Map([[{}, 1], [{}, 2]])"},
    {"set repeated items", R"(new Set([1, 1, "1", NaN, NaN, -0, 0, 2n, 2n, [], []]))",
     R"(new Set([1, "1", NaN, 0, 2n, [], []]))"},
    {"nested constructors", "new Map([[new Set([1]), new Map([[1n, undefined]])]])",
     "new Map([[new Set([1]), new Map([[1n, undefined]])]])"},
    {"undefined", "[undefined, {a: undefined}]", R"([undefined, {"a": undefined}])"},
};

inline constexpr Refused kRefused[] = {
    // Commas and comments.
    {"trailing comma array", "[1, 2,]", 6, "kvs: trailing commas are not allowed, expected a value at position 6"},
    {"trailing comma object", "{a: 1,}", 6, "kvs: trailing commas are not allowed, expected a member name at position 6"},
    {"trailing comma set", "new Set([1, ])", 12, "kvs: trailing commas are not allowed, expected a value at position 12"},
    {"trailing comma map", "new Map([[1, 2],])", 16, "kvs: trailing commas are not allowed, expected a [key, value] entry at position 16"},
    {"trailing comma bytes", "new Uint8Array([1,])", 18, "kvs: trailing commas are not allowed, expected a byte value at position 18"},
    {"elision", "[,1]", 1, "kvs: expected a value at position 1"},
    {"line comment", "[1 // c\n]", 3, "kvs: comments are not allowed, expected ',' or ']' at position 3"},
    {"block comment", "/* x */ 1", 0, "kvs: comments are not allowed, expected a value at position 0"},
    {"comment after value", "1 // one", 2, "kvs: comments are not allowed, expected end of input at position 2"},
    // Numbers.
    {"hex", "0x10", 0, "kvs: hex numbers are not allowed, expected a decimal number at position 0"},
    {"hex in array", "[1, 0X1f]", 4, "kvs: hex numbers are not allowed, expected a decimal number at position 4"},
    {"octal", "010", 0, "kvs: leading zeros (octal numbers) are not allowed, expected a decimal number at position 0"},
    {"negative octal", "-012", 0, "kvs: leading zeros (octal numbers) are not allowed, expected a decimal number at position 0"},
    {"octal prefix", "0o7", 0, "kvs: octal numbers are not allowed, expected a decimal number at position 0"},
    {"binary", "0b1", 0, "kvs: binary numbers are not allowed, expected a decimal number at position 0"},
    {"missing fraction digit", "1.", 2, "kvs: expected a digit at position 2"},
    {"missing exponent digit", "1e+", 3, "kvs: expected a digit at position 3"},
    {"lone minus", "-", 1, "kvs: expected a digit or Infinity at position 1"},
    {"minus space", "- 1", 1, "kvs: expected a digit or Infinity at position 1"},
    {"minus NaN", "-NaN", 1, "kvs: expected a digit or Infinity at position 1"},
    {"leading point", ".5", 0, "kvs: expected a value at position 0"},
    {"numeric separator", "1_000", 1, "kvs: expected end of input at position 1"},
    {"bigint fraction", "1.5n", 0, "kvs: a bigint must be an integer, without a fraction or exponent at position 0"},
    {"bigint exponent", "[1e3n]", 1, "kvs: a bigint must be an integer, without a fraction or exponent at position 1"},
    {"bigint leading zero", "01n", 0, "kvs: leading zeros (octal numbers) are not allowed, expected a decimal number at position 0"},
    // JavaScript expressions and names.
    {"addition", "1+2", 1, "kvs: JavaScript expressions are not allowed, expected end of input at position 1"},
    {"product in array", "[1 * 2]", 3, "kvs: JavaScript expressions are not allowed, expected ',' or ']' at position 3"},
    {"unary plus", "+1", 0, "kvs: JavaScript expressions are not allowed, expected a value at position 0"},
    {"parentheses", "(1)", 0, "kvs: JavaScript expressions are not allowed, expected a value at position 0"},
    {"method call", "[1].map(f)", 3, "kvs: JavaScript expressions are not allowed, expected end of input at position 3"},
    {"function call", "Date(0)", 0, "kvs: function calls are not allowed (only new Date, new Uint8Array, new Map and new Set), expected a value at position 0"},
    {"member call", "[Math.max(1, 2)]", 1, "kvs: unknown name 'Math', expected a value at position 1"},
    {"unknown name", "{a: foo}", 4, "kvs: unknown name 'foo', expected a value at position 4"},
    {"new unknown", "new Foo()", 4, "kvs: expected Date, Uint8Array, Map or Set after new at position 4"},
    {"new glued", "newDate(0)", 0, "kvs: function calls are not allowed (only new Date, new Uint8Array, new Map and new Set), expected a value at position 0"},
    {"new without parens", "new Date", 8, "kvs: expected '(' at position 8"},
    {"negative member name", "{-1: 2}", 1, "kvs: expected a member name at position 1"},
    // Constructor arguments.
    {"date now", "new Date()", 9, "kvs: expected a number or an ISO 8601 date string at position 9"},
    {"date bigint", "new Date(1n)", 9, "kvs: expected a number or an ISO 8601 date string at position 9"},
    {"date fields", "new Date(2026, 8, 1)", 13, "kvs: expected ')' at position 13"},
    {"bytes length", "new Uint8Array(3)", 15, "kvs: expected '[' at position 15"},
    {"byte 256", "new Uint8Array([256])", 16, "kvs: byte values must be integers 0..255, got 256 at position 16"},
    {"byte fraction", "new Uint8Array([1, 2, 1.5])", 22, "kvs: byte values must be integers 0..255, got 1.5 at position 22"},
    {"byte negative", "new Uint8Array([-1])", 16, "kvs: byte values must be integers 0..255, got -1 at position 16"},
    {"byte NaN", "new Uint8Array([NaN])", 16, "kvs: byte values must be integers 0..255, got NaN at position 16"},
    {"byte string", "new Uint8Array([0, '1'])", 19, "kvs: byte values must be integers 0..255, got '1' at position 19"},
    {"byte bigint", "new Uint8Array([1n])", 16, "kvs: byte values must be integers 0..255, got 1n at position 16"},
    {"map entry too short", "new Map([[1]])", 11, "kvs: expected ',' (a Map entry is [key, value]) at position 11"},
    {"map entry too long", "new Map([[1, 2, 3]])", 14, "kvs: expected ']' (a Map entry is [key, value]) at position 14"},
    {"map entry not an array", "new Map([1])", 9, "kvs: expected a [key, value] entry at position 9"},
    {"set of a string", "new Set('ab')", 8, "kvs: expected '[' at position 8"},
    // Date strings.
    {"date without offset", R"(new Date("2026-09-01T12:30:00"))", 9, R"(kvs: a date string needs Z or an offset such as +02:00 (no local time), got "2026-09-01T12:30:00" at position 9)"},
    {"date only", R"(new Date("2026-09-01"))", 9, R"(kvs: a date string needs a time and Z or an offset, such as "2026-09-01T00:00:00Z", got "2026-09-01" at position 9)"},
    {"date words", R"(new Date("yesterday"))", 9, R"(kvs: a date string must be ISO 8601 such as "2026-09-01T12:30:00.250Z", got "yesterday" at position 9)"},
    {"date space separator", R"(new Date("2026-09-01 12:30Z"))", 9, R"(kvs: a date string must be ISO 8601 such as "2026-09-01T12:30:00.250Z", got "2026-09-01 12:30Z" at position 9)"},
    {"date lowercase z", R"(new Date("2026-09-01T12:30z"))", 9, R"(kvs: a date string must be ISO 8601 such as "2026-09-01T12:30:00.250Z", got "2026-09-01T12:30z" at position 9)"},
    {"date offset without colon", R"(new Date("2026-09-01T12:30+0200"))", 9, R"(kvs: a date string must be ISO 8601 such as "2026-09-01T12:30:00.250Z", got "2026-09-01T12:30+0200" at position 9)"},
    {"date month 13", R"(new Date("2026-13-01T00:00Z"))", 9, R"(kvs: the month must be 01..12, got "2026-13-01T00:00Z" at position 9)"},
    {"date february 29", R"(new Date("2026-02-29T00:00Z"))", 9, R"(kvs: the day must be 01..28 in that month, got "2026-02-29T00:00Z" at position 9)"},
    {"date hour 25", R"(new Date("2026-09-01T25:00Z"))", 9, R"(kvs: the hour must be 00..23 (or 24:00 for the end of a day), got "2026-09-01T25:00Z" at position 9)"},
    {"date 24:01", R"(new Date("2026-09-01T24:01Z"))", 9, R"(kvs: the hour must be 00..23 (or 24:00 for the end of a day), got "2026-09-01T24:01Z" at position 9)"},
    {"date minute 60", R"(new Date("2026-09-01T12:60Z"))", 9, R"(kvs: the minutes must be 00..59, got "2026-09-01T12:60Z" at position 9)"},
    {"date leap second", R"(new Date("2026-09-01T23:59:60Z"))", 9, R"(kvs: the seconds must be 00..59, got "2026-09-01T23:59:60Z" at position 9)"},
    {"date offset 24", R"(new Date("2026-09-01T12:00+24:00"))", 9, R"(kvs: the offset must be -23:59..+23:59, got "2026-09-01T12:00+24:00" at position 9)"},
    {"date year -000000", R"(new Date("-000000-01-01T00:00Z"))", 9, R"(kvs: the year -000000 is not allowed (write +000000), got "-000000-01-01T00:00Z" at position 9)"},
    {"date trailing text", R"(new Date("2026-09-01T12:30Z[UTC]"))", 9, R"(kvs: a date string must be ISO 8601 such as "2026-09-01T12:30:00.250Z", got "2026-09-01T12:30Z[UTC]" at position 9)"},
    // Strings.
    {"unterminated", R"("abc)", 4, R"(kvs: unterminated string (opened at position 0), expected '"' at position 4)"},
    {"unterminated single", "['abc", 5, R"(kvs: unterminated string (opened at position 1), expected "'" at position 5)"},
    {"unterminated by escape", R"("abc\")", 6, R"(kvs: unterminated string (opened at position 0), expected '"' at position 6)"},
    {"raw newline", "\"a\nb\"", 2, R"(kvs: raw control characters are not allowed in a string, expected an escape such as \n at position 2)"},
    {"raw tab", "['\t']", 2, R"(kvs: raw control characters are not allowed in a string, expected an escape such as \n at position 2)"},
    {"hex escape", R"("\x41")", 1, R"(kvs: invalid escape, expected one of \" \' \\ \/ \b \f \n \r \t \uXXXX at position 1)"},
    {"nul escape", R"("a\0")", 2, R"(kvs: invalid escape, expected one of \" \' \\ \/ \b \f \n \r \t \uXXXX at position 2)"},
    {"short unicode escape", R"("\u12")", 1, R"(kvs: expected four hex digits after \u at position 1)"},
    {"signed unicode escape", R"("\u+123")", 1, R"(kvs: expected four hex digits after \u at position 1)"},
    {"braced unicode escape", R"("\u{41}")", 1, R"(kvs: expected four hex digits after \u at position 1)"},
    {"invalid utf-8", "\"\xff\"", 1, "kvs: invalid UTF-8 in a string at position 1"},
    {"overlong utf-8", "\"a\xc0\xaf\"", 2, "kvs: invalid UTF-8 in a string at position 2"},
    {"raw surrogate", "\"\xed\xa0\x80\"", 1, "kvs: invalid UTF-8 in a string at position 1"},
    {"truncated utf-8", "\"\xe6\x97\"", 1, "kvs: invalid UTF-8 in a string at position 1"},
    // Structure.
    {"empty input", "", 0, "kvs: expected a value at position 0"},
    {"only whitespace", " \n ", 3, "kvs: expected a value at position 3"},
    {"garbage after value", "[1] x", 4, "kvs: expected end of input at position 4"},
    {"two values", "true false", 5, "kvs: expected end of input at position 5"},
    {"missing comma", "[1 2]", 3, "kvs: expected ',' or ']' at position 3"},
    {"missing member comma", R"({"a": 1 "b": 2})", 8, "kvs: expected ',' or '}' at position 8"},
    {"missing colon", "{a 1}", 3, "kvs: expected ':' at position 3"},
    {"unclosed array", "[1, [2]", 7, "kvs: expected ',' or ']' at position 7"},
    {"unclosed object", "{a: 1", 5, "kvs: expected ',' or '}' at position 5"},
    {"stray closer", "]", 0, "kvs: expected a value at position 0"},
    {"non-ascii garbage", "[1]\xc3\xa9", 3, "kvs: expected end of input at position 3"},
};
// clang-format on

} // namespace literal_cases
