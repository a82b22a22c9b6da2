#pragma once

#include "support/test_paths.h"

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QtGlobal>

#include <optional>
#include <string>

// A PostgreSQL 15 cluster of one test's own (scripts/postgres-test-cluster.sh), for tests that
// stop, crash or restart the server: the run's shared server (KVS_TEST_PG_URL) serves the tests
// running beside them and must never go down. Needs KVS_SOURCE_DIR defined to the project's
// folder. Thread rule: one thread.
namespace kvs::test {

class OwnPostgresCluster
{
public:
    OwnPostgresCluster() = default;
    ~OwnPostgresCluster()
    {
        if (!m_url.empty())
            (void)run("stop");
    }
    OwnPostgresCluster(const OwnPostgresCluster &) = delete;
    OwnPostgresCluster &operator=(const OwnPostgresCluster &) = delete;

    // Creates and starts the cluster; false (with a warning saying why) when it did not start.
    bool start()
    {
        if (!m_dir.isValid())
            return false;
        const std::optional<QByteArray> url = run("start");
        if (!url || !url->startsWith("postgresql://"))
            return false;
        m_url = url->toStdString();
        return true;
    }

    // Creates and starts a streaming standby (hot, read-only) of primary, a started cluster;
    // false (with a warning saying why) when it did not start. act("promote") makes it a
    // primary.
    bool startAsStandbyOf(const OwnPostgresCluster &primary)
    {
        if (!m_dir.isValid())
            return false;
        const std::optional<QByteArray> url
            = run("standby", {primary.m_dir.filePath(QStringLiteral("pg"))});
        if (!url || !url->startsWith("postgresql://"))
            return false;
        m_url = url->toStdString();
        return true;
    }

    // Its URL (postgresql://kvs_test:...@127.0.0.1:PORT/kvs_test?sslmode=disable); the port
    // stays the same across restarts.
    const std::string &url() const { return m_url; }

    // Its port, as its URL has it ("...@127.0.0.1:PORT/...").
    std::string port() const
    {
        const std::size_t host = m_url.find("@127.0.0.1:") + 11;
        return m_url.substr(host, m_url.find('/', host) - host);
    }

    // A URL naming primary, then standby (the same user and password), for libpq's failover:
    // target_session_attrs=read-write connects to whichever of them takes writes now.
    static std::string failoverUrl(const OwnPostgresCluster &primary,
                                   const OwnPostgresCluster &standby)
    {
        std::string url = primary.m_url;
        const std::string at = "@127.0.0.1:" + primary.port();
        url.replace(url.find(at), at.size(), at + ",127.0.0.1:" + standby.port());
        return url + "&target_session_attrs=read-write";
    }

    // restart (immediate, as after a crash), halt (a fast stop), crash (an immediate stop),
    // resume (starts it again), promote (a standby becomes a primary), synchronous (a primary
    // waits for its standby at every commit). False (with a warning) when
    // the script failed.
    bool act(const char *action) { return run(action).has_value(); }

private:
    std::optional<QByteArray> run(const char *action, const QStringList &more = {})
    {
        QProcess script;
        script.start(
            QStringLiteral("bash"),
            QStringList{kvs::test::fromTest(KVS_SOURCE_DIR "/scripts/postgres-test-cluster.sh"),
                        QString::fromLatin1(action),
                        m_dir.filePath(QStringLiteral("pg"))}
                + more);
        if (!script.waitForFinished(120000) || script.exitCode() != 0) {
            qWarning("postgres-test-cluster.sh %s failed: %s",
                     action,
                     script.readAllStandardError().constData());
            return std::nullopt;
        }
        return script.readAllStandardOutput().trimmed();
    }

    QTemporaryDir m_dir;
    std::string m_url;
};

} // namespace kvs::test
