#pragma once

#include <QTest>
#include <QUuid>

#include <libpq-fe.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>

// The PostgreSQL server of a test run: scripts/run-tests.sh starts a throwaway PostgreSQL 15
// cluster and exports its URL as KVS_TEST_PG_URL. A test that needs it and finds it unset fails
// (never skips), saying how to run it. PgAdmin is a plain libpq connection for what a test does
// behind the store's back (creating old layouts, killing backends).
namespace kvs::test {

// The value of a variable run-tests.sh exports; fails the test process when it is unset.
inline std::string requiredEnvironment(const char *name)
{
    const char *value = std::getenv(name);
    if (!value || !*value) {
        qFatal("%s is not set: run ./scripts/run-tests.sh, which starts a throwaway PostgreSQL 15 "
               "server (with TLS)",
               name);
    }
    return value;
}

inline std::string postgresUrl()
{
    return requiredEnvironment("KVS_TEST_PG_URL");
}

// The test server's database through PgBouncer 1.18 (scripts/pgbouncer-test.sh, started by
// run-tests.sh), in transaction pooling, with PgBouncer's default settings.
inline std::string pgBouncerUrl()
{
    return requiredEnvironment("KVS_TEST_PGBOUNCER_URL");
}

// The same database through PgBouncer in session pooling.
inline std::string pgBouncerSessionUrl()
{
    return requiredEnvironment("KVS_TEST_PGBOUNCER_SESSION_URL");
}

// The test server's certificate (its own CA), for sslrootcert.
inline std::string rootCertPath()
{
    return requiredEnvironment("KVS_TEST_PG_ROOT_CERT");
}

// The client certificate and key of the role kvs_cert, which the test server lets in by
// certificate alone (scripts/postgres-test-cluster.sh writes them beside root.crt).
inline std::string clientCertPath()
{
    const std::string root = rootCertPath();
    return root.substr(0, root.find_last_of('/') + 1) + "client.crt";
}

inline std::string clientKeyPath()
{
    const std::string root = rootCertPath();
    return root.substr(0, root.find_last_of('/') + 1) + "client.key";
}

// url with sslmode=disable (how the test server's URL comes) replaced by parameters.
inline std::string withTls(std::string url, const std::string &parameters)
{
    const std::string off = "sslmode=disable";
    const std::size_t at = url.find(off);
    if (at == std::string::npos)
        throw std::logic_error("the test server's URL has no sslmode=disable: " + url);
    return url.replace(at, off.size(), parameters);
}

// url with one more query parameter.
inline std::string withParameter(const std::string &url, const std::string &parameter)
{
    return url + (url.find('?') == std::string::npos ? "?" : "&") + parameter;
}

// A schema name of its own for one test, so tests never see each other's tables.
inline std::string freshSchema(const char *tag)
{
    return std::string("t_") + tag + "_"
           + QUuid::createUuid().toString(QUuid::Id128).left(10).toStdString();
}

class PgAdmin
{
public:
    explicit PgAdmin(const std::string &url = postgresUrl())
        : m_conn(PQconnectdb(url.c_str()), &PQfinish)
    {
        if (PQstatus(m_conn.get()) != CONNECTION_OK)
            qFatal("admin connection failed: %s", PQerrorMessage(m_conn.get()));
    }

    // Runs sql (one or more statements) and returns the first column of the first row as text
    // ("" without rows). Fails the test process on an error.
    std::string exec(const std::string &sql)
    {
        PGresult *result = PQexec(m_conn.get(), sql.c_str());
        const ExecStatusType status = PQresultStatus(result);
        std::string first;
        if (status == PGRES_TUPLES_OK && PQntuples(result) > 0 && PQnfields(result) > 0)
            first = PQgetvalue(result, 0, 0);
        const std::string error = PQresultErrorMessage(result);
        PQclear(result);
        if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK)
            qFatal("admin SQL failed: %s\n  %s", error.c_str(), sql.c_str());
        return first;
    }

    // Ends the backends of application_name (give a store's URL a unique one, so tests running
    // in parallel keep theirs); returns how many.
    int terminateBackends(const std::string &applicationName)
    {
        return std::stoi(exec("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE "
                              "application_name = '"
                              + applicationName + "'"));
    }

private:
    std::unique_ptr<PGconn, void (*)(PGconn *)> m_conn;
};

// Creates schema with kvs 0.4's meta and kv tables (schema version 2: BIGINT versions, no
// versionstamp sequence yet) and returns its quoted prefix for more tables and rows.
inline std::string createVersion2KvTables(PgAdmin &admin, const std::string &schema)
{
    const std::string s = "\"" + schema + "\".";
    admin.exec("CREATE SCHEMA \"" + schema + "\"");
    admin.exec("CREATE TABLE " + s + "\"meta\" (key TEXT PRIMARY KEY, value TEXT)");
    admin.exec("INSERT INTO " + s + "\"meta\" VALUES ('schema_version', '2')");
    admin.exec("CREATE TABLE " + s
               + "\"kv\" (key BYTEA PRIMARY KEY, value BYTEA NOT NULL, version BIGINT NOT NULL, "
                 "expires_at BIGINT)");
    return s;
}

} // namespace kvs::test
