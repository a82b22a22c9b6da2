#pragma once

#include <memory>
#include <sys/types.h>
#include <vector>

namespace kvs::bench {

// Puts every thread of this process on the CPU the calling thread runs on, for the lifetime of
// the object, and each back on its own CPUs afterwards (threads started meanwhile get the
// calling thread's CPUs).
//
// Why: the async-sqlite bench compares AsyncKVStore, whose calls in flight all run on the store's
// worker thread, with KVStore on the bench's own thread. On this project's 2-vCPU VM the two
// vCPUs differ in speed by up to 1.5x, and which is the faster changes from minute to minute
// (measured: KVStore :memory: get at 600K or 990K ops/s pinned to one or the other). Unpinned,
// the ratio mixed the two speeds and moved between 0.30 and 0.63 within an hour; with both sides
// on one CPU it repeats within a few hundredths. Linux only; elsewhere (or when the kernel
// refuses) it does nothing and the bench runs unpinned.
class SameCpu
{
public:
    SameCpu();
    ~SameCpu();
    SameCpu(const SameCpu &) = delete;
    SameCpu &operator=(const SameCpu &) = delete;

    // Whether every thread was moved (false: the measurement runs unpinned).
    bool pinned() const noexcept { return m_pinned; }

private:
    struct Saved; // a thread's id and CPU mask
    std::unique_ptr<Saved>
        m_caller; // the calling thread's mask, given to threads started meanwhile
    std::vector<std::unique_ptr<Saved>> m_saved;
    bool m_pinned = false;
};

} // namespace kvs::bench
