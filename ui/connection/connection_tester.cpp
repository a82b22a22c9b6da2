#include "connection/connection_tester.h"

#include "connection/connection_tr.h"
#include "connection/ssh_tunnel_settings.h"

#include <kvs/async_kvstore.h>
#include <kvs/ssh_tunnel.h>

#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>
#include <memory>

namespace kvs::ui {

namespace {

using Step = ConnectionTestResult::Step;

// Shared by every tester, so that a superseded test (a server that takes its connect_timeout to
// fail) neither blocks the next one nor makes a closing dialog wait for it.
QThreadPool &testerPool()
{
    static QThreadPool pool;
    static const bool configured = [] {
        pool.setMaxThreadCount(4);
        pool.setObjectName(QStringLiteral("kvs.ui.connection-test"));
        return true;
    }();
    (void)configured;
    return pool;
}

QString native(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

// What can be said of an SQLite spec before opening anything; nullopt = open it.
std::optional<ConnectionTestResult> checkSqliteFile(const ConnectionSpec &spec)
{
    const QString path = spec.sqlitePath();
    if (path == QLatin1String(":memory:"))
        return std::nullopt;
    const QFileInfo file(path);
    if (file.isDir()) {
        return ConnectionTestResult::failure(
            Step::File,
            ConnectionTr::tr("%1 is a folder, not a database file.").arg(native(path)),
            {});
    }
    if (file.exists())
        return std::nullopt;
    if (!spec.createNew()) {
        return ConnectionTestResult::failure(
            Step::File,
            ConnectionTr::tr("There is no file at %1. Choose \"Create a new database\" to "
                             "create one there.")
                .arg(native(path)),
            {});
    }
    // Never create the file while testing: check that it could be created.
    const QFileInfo folder(file.absolutePath());
    if (!folder.isDir()) {
        return ConnectionTestResult::failure(
            Step::File,
            ConnectionTr::tr("The folder %1 does not exist.").arg(native(folder.filePath())),
            {});
    }
    if (!folder.isWritable()) {
        return ConnectionTestResult::failure(
            Step::File,
            ConnectionTr::tr("The folder %1 is not writable.").arg(native(folder.filePath())),
            {});
    }
    ConnectionTestResult result = ConnectionTestResult::success(
        ConnectionTr::tr("a new kvs database will be created at %1.").arg(native(path)));
    result.willCreate = true;
    return result;
}

// The sentence for a test that read the database: its backend, the schema version the store
// found (0 when it did not say) and whether it holds entries. An older schema still opens for
// reading, so the test succeeds and says that writing will need the migration.
ConnectionTestResult successFor(const ConnectionSpec &spec, bool empty, long long version)
{
    const QString contents
        = empty ? ConnectionTr::tr("no entries yet") : ConnectionTr::tr("entries readable");
    if (version > 0 && version < kSchemaVersion) {
        ConnectionTestResult result = ConnectionTestResult::success(
            ConnectionTr::tr("schema version %1 is older than this release (%2): opens for "
                             "reading; migration offered.")
                .arg(version)
                .arg(kSchemaVersion));
        result.schemaOutdated = true;
        result.schemaVersion = version;
        return result;
    }
    QString message;
    if (!spec.isPostgres()) {
        message = version > 0 ? ConnectionTr::tr("a kvs database at schema version %1 (%2).")
                                    .arg(version)
                                    .arg(contents)
                              : ConnectionTr::tr("a kvs database (%1).").arg(contents);
    } else {
        const QString host
            = spec.host().isEmpty() ? ConnectionTr::tr("the local socket") : spec.host();
        message
            = version > 0
                  ? ConnectionTr::tr("PostgreSQL at %1, a kvs database at schema version %2 "
                                     "(%3).")
                        .arg(host)
                        .arg(version)
                        .arg(contents)
                  : ConnectionTr::tr("PostgreSQL at %1, a kvs database (%2).").arg(host, contents);
    }
    ConnectionTestResult result = ConnectionTestResult::success(message);
    result.schemaVersion = version;
    return result;
}

} // namespace

ConnectionTester::ConnectionTester(QObject *parent)
    : QObject(parent)
{}

ConnectionTester::~ConnectionTester()
{
    // The worker keeps running to its end; its result has no one to go to.
    drop();
}

void ConnectionTester::test(const ConnectionSpec &spec, const QString &password)
{
    Q_ASSERT(QThread::currentThread() == thread());
    drop();
    m_watcher = new QFutureWatcher<ConnectionTestResult>(this);
    QFutureWatcher<ConnectionTestResult> *watcher = m_watcher;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        if (watcher != m_watcher)
            return; // Superseded (a queued signal of a dropped watcher).
        const ConnectionTestResult result = watcher->result();
        m_watcher = nullptr;
        watcher->deleteLater();
        emit finished(result);
    });
    emit started();
    // No capture of this: the task gets copies of its arguments only.
    watcher->setFuture(QtConcurrent::run(
        &testerPool(),
        [](const ConnectionSpec &taskSpec, const QString &taskPassword) {
            return run(taskSpec, taskPassword);
        },
        spec,
        password));
}

void ConnectionTester::cancel()
{
    Q_ASSERT(QThread::currentThread() == thread());
    drop();
}

bool ConnectionTester::isTesting() const
{
    return m_watcher != nullptr;
}

void ConnectionTester::drop()
{
    if (!m_watcher)
        return;
    m_watcher->disconnect(this);
    m_watcher->deleteLater();
    m_watcher = nullptr;
}

ConnectionTestResult ConnectionTester::run(const ConnectionSpec &spec, const QString &password)
{
    if (!spec.isValid()) {
        return ConnectionTestResult::failure(Step::Input,
                                             spec.isPostgres()
                                                 ? ConnectionTr::tr("Enter a PostgreSQL URL.")
                                                 : ConnectionTr::tr("Choose an SQLite file."),
                                             {});
    }
    if (!spec.isPostgres()) {
        if (auto known = checkSqliteFile(spec))
            return *known;
    }
    bool empty = true;
    long long version = 0;
    try {
        // Through SSH: a tunnel of the test's own, ended with it (an unknown host key fails
        // the test with its fingerprint; it is trusted when connecting).
        std::unique_ptr<SshTunnel> tunnel;
        ConnectionSpec through = spec;
        if (spec.usesSsh()) {
            tunnel = std::make_unique<SshTunnel>(sshOptionsFor(spec),
                                                 sshForwardTarget(spec.connectionString()));
            tunnel->start();
            through.setTunnelPort(tunnel->localPort());
        }
        AsyncKVStoreSettings settings = spec.storeSettings(true, false);
        settings.maintenanceInterval = std::chrono::milliseconds(0);
        // One connection is enough to test; pool_max is kvs's own URL parameter.
        AsyncKVStore store(through.connectionString(password, {QStringLiteral("pool_max=1")}),
                           settings);
        ListSelector everything;
        everything.prefix = Key{};
        ListOptions one;
        one.limit = 1;
        empty = store.list(everything, one).result().entries.empty();
        // The read ran the read-only schema check, which found the tables' version.
        version = store.schemaVersion();
        QFuture<void> closed = store.close();
        closed.waitForFinished();
        // The destructor waits for the adapter, here on the worker.
    } catch (...) {
        return ConnectionTestResult::fromException(std::current_exception(), spec);
    }
    return successFor(spec, empty, version);
}

} // namespace kvs::ui
