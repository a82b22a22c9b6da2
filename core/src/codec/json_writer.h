#pragma once

#include <kvs/value.h>

#include <string>

namespace kvs {

// Writes a Value as JSON text, byte for byte what the JavaScript library's JSON.stringify call
// writes (reference "Values (KVS-09)"). Special values (undefined, NaN, +-Infinity, bigint,
// bytes, Date, Map, Set) are always written as marker objects; the mode only decides what
// happens to a user object that has its own "~" member: in typed JSON it becomes an "O" marker
// so it is never read as a marker, in plain JSON it is written as it is. A stack object used for
// one value; not shared between threads.
class JsonWriter
{
public:
    enum class Mode { Plain, Typed };

    JsonWriter(std::string &out, Mode mode)
        : m_out(out)
        , m_typed(mode == Mode::Typed)
    {}

    /// Appends the JSON text of value to the buffer given at construction. Never throws except
    /// std::bad_alloc. Requires: for Mode::Plain, value holds no special value (encodeValue scans
    /// first); nesting is bounded by the stack, as JSON.stringify's is.
    void write(const Value &value);

private:
    void writeNumber(double n);
    void writeItems(const Value::Items &items);
    void writeObject(const Value::Members &members);
    void writeMarkerStart(char tag);

    std::string &m_out; // Not owned.
    bool m_typed;
};

} // namespace kvs
