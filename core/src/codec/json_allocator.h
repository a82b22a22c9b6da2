#pragma once

#include <cstdlib>
#include <new>
#include <rapidjson/document.h>
#include <rapidjson/reader.h>

// RapidJSON with allocations that fail by exception: RapidJSON's own CrtAllocator hands a null
// pointer on, which it then writes through (a SIGSEGV where a huge line or document meets a
// memory limit). With this one a failed allocation is std::bad_alloc, which unwinds the parse
// (its stack and pool are freed by their destructors) to a caller that says so.
namespace kvs::detail {

class ThrowingJsonAllocator
{
public:
    static const bool kNeedFree = true;

    void *Malloc(std::size_t size)
    {
        if (size == 0)
            return nullptr;
        return checked(std::malloc(size));
    }
    void *Realloc(void *original, std::size_t /*originalSize*/, std::size_t newSize)
    {
        if (newSize == 0) {
            std::free(original);
            return nullptr;
        }
        return checked(std::realloc(original, newSize));
    }
    static void Free(void *pointer) { std::free(pointer); }

private:
    static void *checked(void *pointer)
    {
        if (pointer == nullptr)
            throw std::bad_alloc();
        return pointer;
    }
};

using JsonDocument
    = rapidjson::GenericDocument<rapidjson::UTF8<>,
                                 rapidjson::MemoryPoolAllocator<ThrowingJsonAllocator>,
                                 ThrowingJsonAllocator>;
using JsonValue = JsonDocument::ValueType;
using JsonReader
    = rapidjson::GenericReader<rapidjson::UTF8<>, rapidjson::UTF8<>, ThrowingJsonAllocator>;

} // namespace kvs::detail
