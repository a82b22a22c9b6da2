#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

// Shared by the libFuzzer harnesses: the input as bytes, and a broken property reported as a
// crash (libFuzzer saves the input that caused it).
namespace kvs::fuzz {

inline std::string_view bytes(const std::uint8_t *data, std::size_t size)
{
    return {reinterpret_cast<const char *>(data), size};
}

inline void require(bool holds, const char *property)
{
    if (holds)
        return;
    std::fprintf(stderr, "kvs fuzz: property broken: %s\n", property);
    std::abort();
}

} // namespace kvs::fuzz
