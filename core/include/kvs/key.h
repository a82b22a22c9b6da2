#pragma once

#include <kvs/bigint.h>
#include <kvs/value.h>

#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace kvs {

/// One part of a key: bytes, string, number, bigint or boolean (the reference's KvKeyPart).
/// A value type; safe from any thread.
class KeyPart
{
public:
    /// The type tags of the key encoding, in sort order.
    enum class Type { Bytes = 1, String = 2, Number = 3, BigInt = 4, Boolean = 5 };

    KeyPart(Bytes b)
        : m_data(std::move(b))
    {}
    KeyPart(std::string s)
        : m_data(std::move(s))
    {}
    KeyPart(std::string_view s)
        : m_data(std::string(s))
    {}
    KeyPart(const char *s)
        : m_data(std::string(s))
    {}
    KeyPart(double n)
        : m_data(n)
    {}
    // Any integer type but bool. (SFINAE rather than a concept: Qt 6.4's moc cannot parse
    // <concepts>, and tests that include this header run moc.)
    template <typename T,
              std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
    KeyPart(T n)
        : m_data(static_cast<double>(n))
    {}
    KeyPart(BigInt b)
        : m_data(std::move(b))
    {}
    KeyPart(bool b)
        : m_data(b)
    {}

    Type type() const noexcept;
    // Accessors. Requires: type() is the accessor's type.
    const Bytes &asBytes() const { return std::get<Bytes>(m_data); }
    const std::string &asString() const { return std::get<std::string>(m_data); }
    double asNumber() const { return std::get<double>(m_data); }
    const BigInt &asBigInt() const { return std::get<BigInt>(m_data); }
    bool asBoolean() const { return std::get<bool>(m_data); }

    /// Equality of the parts as JavaScript values (numbers compare with ==, so 0 equals -0).
    friend bool operator==(const KeyPart &, const KeyPart &) = default;

private:
    std::variant<Bytes, std::string, double, BigInt, bool> m_data;
};

/// A key: a tuple of parts (the reference's KvKey). The empty key is valid.
using Key = std::vector<KeyPart>;

/// Appends the order-preserving encoding of key to out (reference "Key Encoding"). No size limit.
/// Throws TypeError "kvs: NaN cannot be a key part" for a NaN number part, and RangeError
/// "kvs: a bigint key part has at most 255 magnitude bytes, got N" for a longer bigint.
/// -0 is encoded as 0.
void encodeKey(const Key &key, std::string &out);
[[nodiscard]] std::string encodeKey(const Key &key);

/// Decodes bytes written by encodeKey. Throws Error "kvs: cannot decode key: ..." on bytes that
/// are not a key (truncated part, unknown tag, missing separator). Bytes parts are fresh copies.
/// A string part's bytes are read as JavaScript's TextDecoder reads them (the reference's
/// decoder): ill-formed UTF-8 and encoded surrogates become U+FFFD, so such a key prints as a JS
/// reader sees it (and its printed form names another key; reach it by its bytes).
[[nodiscard]] Key decodeKey(std::string_view bytes);

/// Decodes the one key part that starts at bytes[pos] and moves pos past its separator. Throws
/// Error "kvs: cannot decode key: ..." as decodeKey does.
[[nodiscard]] KeyPart decodeKeyPart(std::string_view bytes, std::size_t &pos);

/// The low-level prefix of a key: its full encoding (includes the key itself and string siblings
/// such as ["events\0x"]; unlike list({prefix}), see the reference).
[[nodiscard]] std::string encodeKeyPrefix(const Key &prefix);

/// The smallest byte string greater than every string starting with prefix: the last byte below
/// 0xff incremented, the rest cut. Returns an empty string (meaning "no upper bound") when prefix
/// is empty or all 0xff.
[[nodiscard]] std::string prefixSuccessor(std::string_view prefix);

/// Throws RangeError "kvs: key is N bytes encoded, over the M-byte limit (maxKeySize)" when
/// encodedSize > maxKeySize.
void checkKeySize(std::size_t encodedSize, long long maxKeySize);

/// A key as a Value: an array of its parts (string, number, bigint, boolean, Uint8Array).
[[nodiscard]] Value keyToValue(const Key &key);
/// A key from a Value, as JavaScript's encodeKey receives it. Throws TypeError
/// "kvs: a key must be an array of key parts, got <kind>" for a non-array and
/// "kvs: key part N is <kind>; a key part must be a string, number, bigint, boolean or Uint8Array"
/// for an unsupported part (null, undefined, object, array, Date, Map, Set).
[[nodiscard]] Key keyFromValue(const Value &value);

/// A list cursor: the standard base64 (with padding) of a key's encoded bytes.
[[nodiscard]] std::string encodeCursor(std::string_view encodedKey);
/// Decodes a cursor. Throws RangeError "kvs: list cursor is not valid base64: \"C\"" otherwise.
[[nodiscard]] std::string decodeCursor(std::string_view cursor);

} // namespace kvs
