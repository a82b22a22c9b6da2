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
// worker thread, with KVStore on the bench's own thread. The vCPUs of a virtual machine can
// differ in speed, and which is the faster can change from minute to minute: unpinned, the ratio
// would mix the two speeds; with both sides on one CPU it repeats (the README's benchmark
// section has the figures). Linux only; elsewhere (or when the kernel refuses) it does nothing
// and the bench runs unpinned.
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
