#pragma once

#include <condition_variable>
#include <mutex>

// Holds the threads that call wait() (queue handlers, computes, slow fetches) until the test
// opens it, so a test decides when they go on instead of guessing how long they take. Declare it
// after the store whose threads wait on it: its destructor opens it and waits for the waiting
// threads to leave, so a failed test still lets them finish before the store waits for them.
// Thread rule: safe from any thread.
namespace kvs::test {

class Gate
{
public:
    Gate() = default;
    Gate(const Gate &) = delete;
    Gate &operator=(const Gate &) = delete;
    ~Gate()
    {
        std::unique_lock lock(m_mutex);
        m_open = true;
        m_changed.notify_all();
        m_changed.wait(lock, [this] { return m_waiting == 0; });
    }

    void wait()
    {
        std::unique_lock lock(m_mutex);
        ++m_waiting;
        m_changed.notify_all();
        m_changed.wait(lock, [this] { return m_open; });
        --m_waiting;
        m_changed.notify_all(); // the destructor waits for the last one to leave
    }
    void open()
    {
        std::lock_guard lock(m_mutex);
        m_open = true;
        m_changed.notify_all();
    }
    // How many threads wait in wait() now.
    int waiting() const
    {
        std::lock_guard lock(m_mutex);
        return m_waiting;
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_open = false; // Guarded by m_mutex.
    int m_waiting = 0;   // Guarded by m_mutex.
};

} // namespace kvs::test
