#pragma once

#include "connection/connection_spec.h"
#include "connection/connection_test_result.h"

#include <QObject>

template <typename T>
class QFutureWatcher;

namespace kvs::ui {

// Tests a connection off the GUI thread: opens the spec read-only without migrating
// (AsyncKVStore, readOnly, migrate false), reads one entry (list with prefix [] and limit 1),
// closes, and reports which step failed, if any, or the schema version the store found (an
// older one opens for reading, with the migration offered). Never creates or changes anything: a
// missing SQLite file is reported (or, with createNew, announced) without opening it. The store
// lives and dies on a worker thread of a shared pool, so the GUI thread never waits for a server or
// a close. A newer test() supersedes a running one, whose result is dropped (generation token);
// destroying the tester drops it too (the worker finishes on its own). Thread rule: GUI thread
// only.
class ConnectionTester : public QObject
{
    Q_OBJECT

public:
    explicit ConnectionTester(QObject *parent = nullptr);
    ~ConnectionTester() override;

    // Starts testing spec with password (empty: none, so libpq looks in ~/.pgpass and
    // PGPASSWORD) and returns at once: emits started() now and finished() later, on this
    // thread, unless another test() or cancel() comes first.
    void test(const ConnectionSpec &spec, const QString &password = {});
    // Drops the running test's result; emits nothing.
    void cancel();
    // True from test() until its finished() (or cancel()).
    bool isTesting() const;

    // The test itself, synchronously, for a worker thread: what test() runs. Safe from any
    // thread; blocks for as long as the server takes (libpq's connect_timeout, 10 s by default).
    static ConnectionTestResult run(const ConnectionSpec &spec, const QString &password);

signals:
    void started();
    void finished(const kvs::ui::ConnectionTestResult &result);

private:
    void drop();

    QFutureWatcher<ConnectionTestResult> *m_watcher = nullptr; // Owned (child); null when idle.
};

} // namespace kvs::ui
