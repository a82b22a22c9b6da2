#pragma once

#include <cstdint>

namespace kvs::detail {

// How many names or keys ObjectBuilder and CollectionBuilder (kvs/value.h) have compared on the
// calling thread, since it started, while looking for a repeat of the one being added: the work
// that keeps building linear (O(1) per add, through a hash index; a scan per add made a
// 100,000-member literal take minutes). Tests count it around a parse or a build instead of
// timing one. Per thread, so the count of one parse is not mixed with other threads' work.
[[nodiscard]] std::uint64_t builderComparisons() noexcept;

} // namespace kvs::detail
