#pragma once

#include <QFuture>
#include <QPromise>

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace kvs {

/// Deduplicates concurrent async work by key (the reference's Singleflight): while a call for a
/// key is in flight, later calls for that key get the same result instead of starting fn again.
/// The reference's sf.do() is run() here (`do` is a C++ keyword). Thread rule: safe from any
/// thread.
template <typename T>
class Singleflight
{
public:
    /// The result of the flight for key: fn() starts one when none is in flight. fn's future (or
    /// what fn throws) settles every caller of that flight; the key is free again as soon as it
    /// has settled, so a later call runs fn anew.
    QFuture<T> run(const std::string &key, const std::function<QFuture<T>()> &fn)
    {
        auto promise = std::make_shared<QPromise<T>>();
        std::uint64_t flight = 0;
        {
            std::lock_guard lock(m_state->mutex);
            const auto it = m_state->flights.find(key);
            if (it != m_state->flights.end())
                return it->second.future;
            flight = ++m_state->nextFlight;
            promise->start();
            m_state->flights.emplace(key, Flight{flight, promise->future()});
        }
        // The flight is registered before fn runs, so a fn that finishes at once still frees it.
        QFuture<T> work;
        try {
            work = fn();
        } catch (...) {
            m_state->forget(key, flight);
            promise->setException(std::current_exception());
            promise->finish();
            return promise->future();
        }
        // The state is shared with the continuation, so the Singleflight may go first.
        work.then(QtFuture::Launch::Sync, [state = m_state, key, flight, promise](QFuture<T> done) {
            state->forget(key, flight);
            try {
                if constexpr (std::is_void_v<T>) {
                    done.waitForFinished(); // rethrows a failure
                } else {
                    promise->addResult(done.result());
                }
            } catch (...) {
                promise->setException(std::current_exception());
            }
            promise->finish();
        });
        return promise->future();
    }

    /// Forgets every flight: the next call of any key starts a new one. Callers of the forgotten
    /// flights still get their results.
    void clear()
    {
        std::lock_guard lock(m_state->mutex);
        m_state->flights.clear();
    }

    /// The number of keys in flight.
    std::size_t size() const
    {
        std::lock_guard lock(m_state->mutex);
        return m_state->flights.size();
    }

private:
    struct Flight
    {
        std::uint64_t id;
        QFuture<T> future;
    };

    struct State
    {
        void forget(const std::string &key, std::uint64_t flight)
        {
            std::lock_guard lock(mutex);
            const auto it = flights.find(key);
            if (it != flights.end() && it->second.id == flight)
                flights.erase(it);
        }

        std::mutex mutex;
        std::unordered_map<std::string, Flight> flights; // Guarded by mutex.
        std::uint64_t nextFlight = 0;                    // Guarded by mutex.
    };

    std::shared_ptr<State> m_state = std::make_shared<State>();
};

} // namespace kvs
