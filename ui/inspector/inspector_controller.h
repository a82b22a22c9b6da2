#pragma once

#include "inspector/expiry_choice.h"
#include "inspector/inspected_entry.h"

#include <kvs/clock.h>
#include <kvs/types.h>

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace kvs {
class AsyncKVStore;
}

namespace kvs::ui {

// The inspector's only door to the store: turns the pane's actions into AsyncKVStore calls and
// brings the results back as signals on the GUI thread. Decoding and pretty-printing run on the
// controller's own worker (one thread), never on the GUI thread nor the store's. A newer load()
// supersedes an older one, whose result is dropped (generation token).
//
// Lost updates are refused: every write of a loaded entry (save, delete, TTL change, a bigint
// increment) is atomic().check(key, entry.version) first; when the key changed meanwhile the
// write does nothing and conflict() brings the current row.
//
// Thread rule: GUI thread only. Store errors never throw out of here; they arrive as failed().
class InspectorController : public QObject
{
    Q_OBJECT

public:
    enum class Operation { Load, Save, Delete, Increment, Expiry, Create, Export };
    Q_ENUM(Operation)

    explicit InspectorController(QObject *parent = nullptr);
    // Waits for the worker to finish the entry it is decoding; no signal comes afterwards.
    ~InspectorController() override;

    // The store the calls go to; null: none (calls fail with a message).
    void setStore(std::shared_ptr<AsyncKVStore> store);
    AsyncKVStore *store() const { return m_store.get(); }
    // The time a save's expiry is reckoned from, and an expired row told apart (the store's
    // clock; null: the system's).
    void setClock(std::shared_ptr<Clock> clock);
    void setLimits(const InspectLimits &limits) { m_limits = limits; }
    // For tests: runs on the worker with each entry it prepared (decoded and printed), before the
    // entry goes to the GUI thread; a test holds a load in flight there. Set it before load().
    void setPreparedHook(std::function<void(const InspectedEntry &)> hook)
    {
        m_prepared = std::move(hook);
    }

    // Reads the row at encodedKey (inspect()) and prepares it on the worker: emits loaded() or
    // failed(Load). Returns at once.
    void load(const std::string &encodedKey);
    // Drops the result of the load in flight, if any.
    void cancelLoad() { ++m_generation; }

    // Writes value at base's key if the key is still at base.version: written() or conflict().
    // Requires: base.key is set.
    void save(const InspectedEntry &base, const Value &value, const ExpiryChoice &expiry);
    // Deletes base's key if it is still at base.version: removed() or conflict().
    // Requires (here and below, but create): base.key is set.
    void remove(const InspectedEntry &base);
    // Deletes the row stored at base's key bytes (the key need not decode), whatever its
    // version: removed() or failed(Delete).
    void removeRaw(const InspectedEntry &base);
    // Adds delta: a number through the store's increment() (keeps the TTL, per core rules); a
    // bigint by a checked set of value + delta. written() or failed(Increment).
    void increment(const InspectedEntry &base, std::int64_t delta);
    // Rewrites base's value with a new expiry (checked): written() or conflict().
    void setExpiry(const InspectedEntry &base, const ExpiryChoice &expiry);
    // Creates key (which must not exist yet): written() or failed(Create).
    void create(const Key &key, const Value &value, std::optional<double> ttlMs);
    // Writes the value's raw bytes (asLiteral false) or its one-line literal to path, on the
    // worker: exported() or failed(Export).
    void exportValue(const InspectedEntry &entry, const QString &path, bool asLiteral);
    // The value's one-line literal, printed on the worker: emits literalReady().
    void printValueLiteral(const InspectedEntry &entry);

signals:
    void loaded(const kvs::ui::InspectedEntry &entry);
    // A write of operation (Save, Increment, Expiry, Create) committed.
    void written(kvs::ui::InspectorController::Operation operation, const std::string &encodedKey);
    void removed(const std::string &encodedKey);
    // A checked write found the key changed since it was loaded: nothing was written. current
    // is the row as it is now (found false: deleted).
    void conflict(kvs::ui::InspectorController::Operation operation,
                  const kvs::ui::InspectedEntry &current);
    void exported(const QString &path);
    void literalReady(const QString &literal);
    // message: the inspector's sentence; detail: the core's message and backend detail.
    void failed(kvs::ui::InspectorController::Operation operation,
                const QString &message,
                const QString &detail);

private:
    // Reads and prepares encodedKey, then calls done on the GUI thread (unless superseded
    // when generation is set).
    void inspectThen(const std::string &encodedKey,
                     Operation operation,
                     std::function<void(InspectedEntry)> done);
    void checkedSet(Operation operation,
                    const InspectedEntry &base,
                    const Value &value,
                    const SetOptions &options);
    // Emits conflict() with the row as it is now.
    void reportConflict(Operation operation, const std::string &encodedKey);
    bool requireStore(Operation operation);
    void fail(Operation operation, const QString &message, std::exception_ptr error);

    std::shared_ptr<AsyncKVStore> m_store;
    std::shared_ptr<Clock> m_clock = systemClock();
    InspectLimits m_limits;
    std::function<void(const InspectedEntry &)> m_prepared; // copied into each task
    QThreadPool m_pool;                                     // One worker: decode, print, export.
    std::uint64_t m_generation = 0;
};

} // namespace kvs::ui
