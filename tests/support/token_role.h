#pragma once

#include "support/postgres_test_server.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QString>
#include <QTemporaryDir>

// A PostgreSQL role with a scram password on the test server, and a password command for it
// (issue 36): a script that prints the first line of a file of tokens (that line is dropped
// when more follow, the last one stays) and counts its calls. Tests rotate the role's password
// and the tokens to follow a short-lived token's life.
namespace kvs::test {

class TokenRole
{
public:
    // tag: a word for the role's and schema's names. Requires KVS_TEST_PG_URL.
    explicit TokenRole(const char *tag)
        : m_role(std::string("kvs_token_") + tag + "_"
                 + std::to_string(QCoreApplication::applicationPid()))
        , m_schema(freshSchema(tag))
    {
        PgAdmin admin;
        admin.exec("SET password_encryption = 'scram-sha-256'; DROP ROLE IF EXISTS " + m_role
                   + "; CREATE ROLE " + m_role + " LOGIN PASSWORD 'tok-1'; CREATE SCHEMA \""
                   + m_schema + "\" AUTHORIZATION " + m_role + "; GRANT CREATE ON DATABASE \""
                   + admin.exec("SELECT current_database()") + "\" TO " + m_role);
        m_url = QString::fromStdString(postgresUrl())
                    .replace(QRegularExpression(QStringLiteral("^postgresql://[^@]*@")),
                             QStringLiteral("postgresql://%1@").arg(QString::fromStdString(m_role)))
                    .toStdString();
        m_url = withParameter(m_url, "application_name=" + m_role);
        const QString script = m_dir.filePath(QStringLiteral("token.sh"));
        QFile file(script);
        if (file.open(QIODevice::WriteOnly)) {
            file.write("#!/bin/sh\nd='" + m_dir.path().toUtf8()
                       + "'\necho x >> \"$d/calls\"\nhead -n 1 \"$d/queue\"\n"
                         "if [ \"$(wc -l < \"$d/queue\")\" -gt 1 ]; then sed -i 1d \"$d/queue\"; "
                         "fi\n");
        }
        file.close();
        QFile::setPermissions(
            script, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        m_command = script;
        setTokens("tok-1\n");
    }

    ~TokenRole()
    {
        PgAdmin admin;
        admin.terminateBackends(m_role);
        admin.exec("DROP SCHEMA IF EXISTS \"" + m_schema + "\" CASCADE; DROP OWNED BY " + m_role
                   + "; DROP ROLE IF EXISTS " + m_role);
    }

    TokenRole(const TokenRole &) = delete;
    TokenRole &operator=(const TokenRole &) = delete;

    const std::string &role() const { return m_role; }
    const std::string &schema() const { return m_schema; }
    // The test server's URL with this role, no password, application_name = the role.
    const std::string &url() const { return m_url; }
    // The password command (the script's path).
    const QString &command() const { return m_command; }
    QString folder() const { return m_dir.path(); }

    // The tokens the command prints, one a call, the last one kept.
    void setTokens(const QByteArray &lines)
    {
        QFile file(m_dir.filePath(QStringLiteral("queue")));
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            file.write(lines);
    }
    // Sets the role's password (a rotated token).
    void setPassword(const std::string &password)
    {
        PgAdmin().exec("ALTER ROLE " + m_role + " PASSWORD '" + password + "'");
    }
    // How many times the command ran.
    int calls() const
    {
        QFile file(m_dir.filePath(QStringLiteral("calls")));
        return file.open(QIODevice::ReadOnly) ? int(file.readAll().count('\n')) : 0;
    }

private:
    QTemporaryDir m_dir;
    std::string m_role;
    std::string m_schema;
    std::string m_url;
    QString m_command;
};

} // namespace kvs::test
