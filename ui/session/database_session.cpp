#include "session/database_session.h"

#include "connection/saved_connection_look.h"
#include "connection/ssh_tunnel_settings.h"
#include "reconnect/reconnect_monitor.h"
#include "session/session_tunnel.h"

#include <kvs/audit_log.h>
#include <kvs/database_identity.h>
#include <kvs/errors.h>
#include <kvs/future.h>

#include <QPromise>
#include <QThreadPool>
#include <QtConcurrent>

#include <sys/stat.h>
#include <unistd.h>

namespace kvs::ui {

namespace {

// Which file path is now ("device:inode"); throws ConnectionError (Lost) naming it when it is
// gone or cannot be read, as the change feed's probe does. Off the GUI thread.
std::string lookAtFile(const std::string &path)
{
    struct stat info
    {};
    if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode))
        throw ConnectionError("kvs: the database file \"" + path
                                  + "\" is gone (deleted, moved, or its disk removed)",
                              ConnectionError::Step::Lost);
    if (::access(path.c_str(), R_OK) != 0)
        throw ConnectionError("kvs: the database file \"" + path
                                  + "\" cannot be read (its permissions changed)",
                              ConnectionError::Step::Lost);
    return std::to_string(info.st_dev) + ":" + std::to_string(info.st_ino);
}

std::string identityOrNone(const std::string &path)
{
    try {
        return lookAtFile(path);
    } catch (const Error &) {
        return {};
    }
}

} // namespace

DatabaseSession::DatabaseSession(ConnectionSpec spec, QString password, QObject *parent)
    : QObject(parent)
    , m_spec(std::move(spec))
    , m_password(std::move(password))
    , m_monitor(new ReconnectMonitor(this))
{
    m_monitor->setCheck([this] { return check(); });
    connect(m_monitor, &ReconnectMonitor::recovered, this, &DatabaseSession::onRecovered);
}

QFuture<void> DatabaseSession::check() const
{
    // Off the GUI thread: a stat, then the store's cheapest read (its pool replaces connections
    // the server closed). The store is held for the read only.
    const std::string file
        = m_spec.isPostgres() ? std::string() : m_spec.sqlitePath().toStdString();
    // A promise of our own, not QtConcurrent::run's future: that one hands a kvs exception on
    // as QUnhandledException, and the monitor must see the ConnectionError itself.
    auto promise = std::make_shared<QPromise<void>>();
    QFuture<void> checked = promise->future();
    promise->start();
    QThreadPool::globalInstance()->start([promise, store = m_store, file]() mutable {
        try {
            if (!file.empty())
                (void)lookAtFile(file);
            if (!store)
                throw ConnectionError("kvs: the database is not open",
                                      ConnectionError::Step::Connect);
            ChildrenOptions one;
            one.limit = 1;
            (void)store->listChildren({}, one).result();
        } catch (...) {
            promise->setException(std::current_exception());
        }
        store.reset(); // before the answer: the GUI thread may retire the session's store then
        kvs::finish(*promise);
    });
    return checked;
}

void DatabaseSession::onRecovered()
{
    // A SQLite file put back is another file: the store's connections still read the old one.
    if (!m_spec.isPostgres() && m_store && !m_opening
        && identityOrNone(m_spec.sqlitePath().toStdString()) != m_fileIdentity)
        start(m_writable, false);
}

DatabaseSession::~DatabaseSession()
{
    retire(std::move(m_candidate));
    retire(std::move(m_store));
}

void DatabaseSession::setClock(std::shared_ptr<Clock> clock)
{
    m_clock = clock ? std::move(clock) : systemClock();
    m_monitor->setClock(m_clock);
}

void DatabaseSession::open()
{
    const bool create = !m_spec.isPostgres() && m_spec.createNew();
    start(create, create);
}

void DatabaseSession::setWritable(bool writable, bool allowMigration)
{
    start(writable, allowMigration);
}

bool DatabaseSession::tunnelReady(bool writable, bool migrate)
{
    if (!m_tunnel) {
        m_tunnel = new SessionTunnel(m_spec, this);
        connect(m_tunnel, &SessionTunnel::opened, this, [this](int port) {
            m_spec.setTunnelPort(port); // every connection of the tab goes through it
            start(m_afterTunnel.first, m_afterTunnel.second);
        });
        connect(m_tunnel, &SessionTunnel::failed, this, [this](const QString &why) {
            m_opening = false;
            emit openingChanged(false);
            emit problem({SessionProblem::Kind::Connection, why, 0});
        });
        connect(
            m_tunnel, &SessionTunnel::hostKeyUnknown, this, &DatabaseSession::sshHostKeyUnknown);
        // The spec keeps the dead tunnel's port: a connection made meanwhile is refused there,
        // never sent to a database of this machine's that has the remote one's address.
        connect(m_tunnel, &SessionTunnel::brokenForGood, this, [this](const QString &why) {
            emit problem({SessionProblem::Kind::Connection, why, 0});
        });
    }
    if (m_tunnel->port() > 0)
        return true;
    m_afterTunnel = {writable, migrate};
    if (!m_opening) {
        m_opening = true;
        emit openingChanged(true);
    }
    m_tunnel->start();
    return false;
}

void DatabaseSession::trustSshHostKey(const kvs::SshHostKey &key)
{
    try {
        ::kvs::ui::trustSshHostKey(key); // the known_hosts file (not this member)
    } catch (const std::exception &error) {
        emit problem({SessionProblem::Kind::Other, QString::fromStdString(error.what()), 0});
        return;
    }
    open();
}

void DatabaseSession::start(bool writable, bool migrate)
{
    if (m_spec.usesSsh() && !tunnelReady(writable, migrate))
        return; // the tab's tunnel opens first
    const quint64 generation = ++m_generation;
    m_opening = true;
    emit openingChanged(true);
    AsyncKVStoreSettings settings = m_spec.storeSettings(!writable, migrate);
    if (!writable)
        settings.maintenanceInterval = std::chrono::milliseconds(0); // an inspector never cleans
    settings.clock = m_clock;
    retire(std::move(m_candidate)); // an older start() still opening
    try {
        m_candidate = std::make_shared<AsyncKVStore>(m_spec.connectionString(m_password), settings);
    } catch (...) {
        m_opening = false;
        emit openingChanged(false);
        emit problem(problemOf(std::current_exception()));
        return;
    }
    // The first read migrates (when allowed) and proves the store answers.
    ChildrenOptions one;
    one.limit = 1;
    kvs::then(m_candidate->listChildren({}, one),
              this,
              [this, writable, generation](const QFuture<ChildrenPage> &probe) {
                  if (generation != m_generation)
                      return; // a newer start() retired that store
                  std::shared_ptr<AsyncKVStore> store = std::exchange(m_candidate, {});
                  m_opening = false;
                  emit openingChanged(false);
                  try {
                      (void)probe.result();
                  } catch (...) {
                      retire(std::move(store));
                      emit problem(problemOf(std::current_exception()));
                      return;
                  }
                  std::shared_ptr<AsyncKVStore> previous = std::exchange(m_store, std::move(store));
                  m_writable = writable;
                  if (!m_spec.isPostgres())
                      m_fileIdentity = identityOrNone(m_spec.sqlitePath().toStdString());
                  emit storeChanged(m_store, m_writable);
                  retire(std::move(previous));
                  readIdentity();
                  // The probe ran the read-only schema check, which found the version
                  // without changing anything (SQLite and PostgreSQL alike).
                  const long long version = m_store->schemaVersion();
                  if (!writable && version > 0 && version < kSchemaVersion)
                      emit schemaOutdated(version);
              });
}

void DatabaseSession::retire(std::shared_ptr<AsyncKVStore> store)
{
    if (!store)
        return;
    // close() waits for calls in flight and the adapter's threads: never on the GUI thread. The
    // global pool is waited for when the application object goes, so none is cut off at exit.
    QThreadPool::globalInstance()->start([store = std::move(store)]() mutable {
        store->close().waitForFinished();
        store.reset();
    });
}

SessionProblem DatabaseSession::problemOf(const std::exception_ptr &error)
{
    SessionProblem problem;
    try {
        std::rethrow_exception(error);
    } catch (const SchemaOutdatedError &e) {
        problem
            = {SessionProblem::Kind::SchemaOutdated, QString::fromStdString(e.what()), e.version()};
    } catch (const SchemaTooNewError &e) {
        problem = {SessionProblem::Kind::SchemaTooNew, QString::fromStdString(e.what()), 0};
    } catch (const NotKvsDatabaseError &e) {
        problem = {SessionProblem::Kind::NotKvs, QString::fromStdString(e.what()), 0};
    } catch (const ForeignTableError &e) {
        problem = {SessionProblem::Kind::ForeignTable, QString::fromStdString(e.what()), 0};
    } catch (const ConnectionError &e) {
        problem = {SessionProblem::Kind::Connection, QString::fromStdString(e.what()), 0};
    } catch (const std::exception &e) {
        problem = {SessionProblem::Kind::Other, QString::fromStdString(e.what()), 0};
    }
    return problem;
}

QString DatabaseSession::migrationExplanation(long long fromVersion)
{
    QString steps;
    if (fromVersion < 2) {
        steps += tr("<li>Queue: adds the lease columns (locked_until, lease_token, last_error, "
                    "finished_at) and two indexes; messages being processed are released for "
                    "redelivery. On PostgreSQL the version and id columns become BIGINT, which "
                    "rewrites those tables under an exclusive lock.</li>");
    }
    steps += tr("<li>Adds the versionstamp counter, so every write gets a version no earlier write "
                "had.</li><li>Rewrites keys stored in the kvs 0.4 layout of negative bigints and "
                "-0 (values and versions are kept).</li>");
    return tr("<p>This database is at kvs schema version %1. Writing needs version %2, so KVS "
              "Admin would upgrade it in one transaction (all or nothing):</p><ul>%3</ul>"
              "<p>Applications still running an older kvs release will refuse the upgraded "
              "database. Reading does not need the upgrade.</p>")
        .arg(fromVersion)
        .arg(kSchemaVersion)
        .arg(steps);
}

void DatabaseSession::setSavedConnection(std::optional<SavedConnection> saved)
{
    if (saved == m_saved)
        return;
    m_saved = std::move(saved);
    emit savedConnectionChanged();
}

bool DatabaseSession::isProduction() const
{
    return m_saved && m_saved->environment == ConnectionEnvironment::Production;
}

QString DatabaseSession::typedName() const
{
    const QString fromSpec = typedNameOf(m_spec);
    return fromSpec.isEmpty() ? m_serverDatabase : fromSpec;
}

namespace {

struct IdentityAnswer
{
    QString identity;
    QString database;
};

} // namespace

void DatabaseSession::readIdentity()
{
    if (m_identityAsked)
        return;
    m_identityAsked = true;
    const bool postgres = m_spec.isPostgres();
    const std::string connection = m_spec.connectionString(m_password);
    const std::string path = m_spec.sqlitePath().toStdString();
    const std::string schema = m_spec.schema().toStdString();
    const std::string prefix = m_spec.tablePrefix().toStdString();
    const std::string host
        = QStringLiteral("%1:%2").arg(m_spec.host()).arg(m_spec.port()).toStdString();
    // A connection of its own, on a worker: the store's pool is for the views' reads.
    auto read = [postgres, connection, path, schema, prefix, host]() -> IdentityAnswer {
        try {
            if (!postgres)
                return {QString::fromStdString(sqliteIdentityText(path, prefix)), {}};
            const PostgresIdentity identity = readPostgresIdentity(connection);
            return {QString::fromStdString(postgresIdentityText(identity, host, schema, prefix)),
                    QString::fromStdString(identity.database)};
        } catch (const std::exception &) {
            return {}; // unknown: the tab matches saved connections by their route only
        }
    };
    kvs::then(QtConcurrent::run(read), this, [this](const QFuture<IdentityAnswer> &answer) {
        m_identity = answer.result().identity;
        m_serverDatabase = answer.result().database;
        emit identityRead(m_identity);
    });
}

rawsql::RawSqlTarget DatabaseSession::rawSqlTarget() const
{
    rawsql::RawSqlTarget target;
    target.tablePrefix = m_spec.tablePrefix();
    if (m_spec.isPostgres()) {
        target.kind = rawsql::RawSqlTarget::Kind::Postgres;
        target.postgresConnection = m_spec.connectionString(m_password);
        target.schema = m_spec.schema();
    } else {
        target.sqlitePath = m_spec.sqlitePath();
    }
    return target;
}

QString DatabaseSession::auditDatabaseName() const
{
    return QString::fromStdString(kvs::auditDatabaseName(
        connectionString(), m_spec.schema().toStdString(), m_spec.tablePrefix().toStdString()));
}

} // namespace kvs::ui
