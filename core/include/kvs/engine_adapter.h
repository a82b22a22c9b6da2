#pragma once

#include <kvs/sql_adapter.h>

#include <memory>

namespace kvs::detail {

/// What a call does to the database: a backend may run consecutive reads in one snapshot.
enum class Access { Read, Write };

/// The SqlAdapter contract implemented once, for every built-in backend: each call forwards to
/// the backend's operation of the same name, run where the backend runs it (SQLite: its worker
/// thread; PostgreSQL: its pool, in one pipeline with the calls in flight; inside a transaction:
/// at once on the transaction's connection). Backend supplies the operations (Backend::Ops, a
/// class with one member function per call) and how to run them; see core/src/adapter/
/// engine_adapter_impl.h for what a Backend provides. Not for use outside kvs: the public
/// adapters (SQLiteAsyncAdapter, PostgresAdapter) derive from it.
///
/// Thread rule: as SqlAdapter (every method safe from any thread), unless Backend says less.
template <typename Backend>
class EngineAdapter : public SqlAdapter
{
public:
    explicit EngineAdapter(std::unique_ptr<Backend> backend);
    ~EngineAdapter() override;
    EngineAdapter(const EngineAdapter &) = delete;
    EngineAdapter &operator=(const EngineAdapter &) = delete;

    QFuture<void> migrate() override;
    long long schemaVersion() const noexcept override;
    bool hasSkipScanSteps() const override;
    bool hasCleanExpiredKeys() const override { return true; }
    bool supportsRowLocks() const override;
    QFuture<void> transaction(std::function<void(SqlAdapter &tx)> work) override;
    QFuture<void> session(std::function<void(SqlAdapter &s)> work) override;
    QFuture<void> close() override;
    const char *backendName() const override;

protected:
    Backend &backend() const noexcept { return *m_backend; }

private:
    std::unique_ptr<Backend> m_backend; // Owned.

public:
    // Every call of kvs/sql_adapter_calls.h, forwarded to the backend's operation of its name.
#define KVS_SQL_CALL(kind, access, Answer, name, ...) \
    QFuture<Answer> name(KVS_SQL_EACH(KVS_SQL_PARAM, __VA_ARGS__)) override;
#include <kvs/sql_adapter_calls.h>
};

} // namespace kvs::detail
