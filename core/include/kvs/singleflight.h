#pragma once

#include <kvs/future.h>

#include <QFuture>
#include <QPromise>

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace kvs {

/// Deduplicates concurrent async work by key (the reference's Singleflight): while a call for a
/// key is in flight, later calls for that key get its result instead of starting fn again. The
/// reference's sf.do() is run() here (`do` is a C++ keyword). Thread rule: safe from any thread.
template <typename T>
class Singleflight
{
public:
    /// The result of the flight for key: fn() starts one when none is in flight. fn's future (or
    /// what fn throws) settles every caller of that flight; the key is free again as soon as it
    /// has settled, so a later call runs fn anew. Every caller gets a future of its own (a
    /// QFuture takes one continuation, so callers must not share one).
    QFuture<T> run(const std::string &key, const std::function<QFuture<T>()> &fn)
    {
        std::lock_guard futures(futureLock()); // attaches to fn's future (kvs/future.h)
        auto waiter = std::make_shared<QPromise<T>>();
        waiter->start();
        QFuture<T> result = waiter->future();
        std::uint64_t flight = 0;
        {
            std::lock_guard lock(m_state->mutex);
            const auto it = m_state->flights.find(key);
            if (it != m_state->flights.end()) {
                it->second.waiters.push_back(std::move(waiter));
                return result;
            }
            flight = ++m_state->nextFlight;
            m_state->flights.emplace(key, Flight{flight, {std::move(waiter)}});
        }
        // The flight is registered before fn runs, so a fn that finishes at once still frees it.
        QFuture<T> work;
        try {
            work = fn();
        } catch (...) {
            settle(m_state, key, flight, std::current_exception(), std::nullopt);
            return result;
        }
        // The state is shared with the continuation, so the Singleflight may go first.
        work.then(QtFuture::Launch::Sync, [state = m_state, key, flight](QFuture<T> done) {
            try {
                if constexpr (std::is_void_v<T>) {
                    done.waitForFinished(); // rethrows a failure
                    settle(state, key, flight, nullptr, std::nullopt);
                } else {
                    settle(state, key, flight, nullptr, std::optional<Value>(done.result()));
                }
            } catch (...) {
                settle(state, key, flight, std::current_exception(), std::nullopt);
            }
        });
        return result;
    }

    /// Forgets every flight: the next call of any key starts a new one. Callers of the forgotten
    /// flights still get their results.
    void clear()
    {
        std::lock_guard lock(m_state->mutex);
        for (auto &[key, flight] : m_state->flights)
            m_state->orphans.emplace(flight.id, std::move(flight.waiters));
        m_state->flights.clear();
    }

    /// The number of keys in flight.
    std::size_t size() const
    {
        std::lock_guard lock(m_state->mutex);
        return m_state->flights.size();
    }

private:
    using Value = std::conditional_t<std::is_void_v<T>, bool, T>;
    using Waiters = std::vector<std::shared_ptr<QPromise<T>>>;

    struct Flight
    {
        std::uint64_t id;
        Waiters waiters;
    };

    struct State
    {
        std::mutex mutex;
        std::unordered_map<std::string, Flight> flights;    // Guarded by mutex.
        std::unordered_map<std::uint64_t, Waiters> orphans; // Guarded by mutex. After clear().
        std::uint64_t nextFlight = 0;                       // Guarded by mutex.
    };

    static void settle(const std::shared_ptr<State> &state,
                       const std::string &key,
                       std::uint64_t flight,
                       std::exception_ptr failure,
                       const std::optional<Value> &value)
    {
        Waiters waiters;
        {
            std::lock_guard lock(state->mutex);
            const auto it = state->flights.find(key);
            if (it != state->flights.end() && it->second.id == flight) {
                waiters = std::move(it->second.waiters);
                state->flights.erase(it);
            } else if (const auto orphan = state->orphans.find(flight);
                       orphan != state->orphans.end()) {
                waiters = std::move(orphan->second);
                state->orphans.erase(orphan);
            }
        }
        for (const auto &waiter : waiters) {
            if (failure) {
                waiter->setException(failure);
            } else if constexpr (!std::is_void_v<T>) {
                waiter->addResult(*value);
            }
            kvs::finish(*waiter);
        }
    }

    std::shared_ptr<State> m_state = std::make_shared<State>();
};

} // namespace kvs
