#include "backup/postgres_tools.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>

namespace kvs::detail {

namespace {

std::string quotedOption(const std::string &value)
{
    std::string out = "'";
    for (char c : value) {
        if (c == '\'' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "'";
}

QString toolPath(const std::string &name)
{
    const QString debian
        = QStringLiteral("/usr/lib/postgresql/15/bin/") + QString::fromStdString(name);
    if (QFileInfo(debian).isExecutable())
        return debian;
    return QStandardPaths::findExecutable(QString::fromStdString(name));
}

} // namespace

PgToolTarget pgToolTargetOf(const std::string &connection)
{
    std::string text = connection;
    (void)takeConnectionParameter(text, "pool_max", true);
    (void)takeConnectionParameter(text, "timeout_ms", true);
    char *error = nullptr;
    PQconninfoOption *options = PQconninfoParse(text.c_str(), &error);
    if (options == nullptr) {
        const std::string reason = error != nullptr ? error : "out of memory";
        PQfreemem(error);
        throw Error(redactSecrets("kvs: cannot read the connection string: " + reason, connection));
    }
    PgToolTarget target;
    for (PQconninfoOption *option = options; option->keyword != nullptr; ++option) {
        if (option->val == nullptr || *option->val == '\0')
            continue;
        const std::string keyword = option->keyword;
        if (keyword == "password") {
            target.password = option->val;
            continue;
        }
        if (!target.conninfo.empty())
            target.conninfo += ' ';
        target.conninfo += keyword + "=" + quotedOption(option->val);
    }
    PQconninfoFree(options);
    return target;
}

PgCheckSession::PgCheckSession(const PgToolTarget &target, const std::string &connection)
    : m_connection(connection)
{
    const char *keywords[] = {"dbname", "password", nullptr};
    const char *values[]
        = {target.conninfo.c_str(), target.password ? target.password->c_str() : nullptr, nullptr};
    // expand_dbname: the first dbname is the whole conninfo.
    m_conn.reset(PQconnectdbParams(keywords, values, 1));
    if (m_conn == nullptr || PQstatus(m_conn.get()) != CONNECTION_OK) {
        const std::string reason
            = m_conn != nullptr ? PQerrorMessage(m_conn.get()) : "out of memory";
        throw Error(redactSecrets("kvs: cannot connect to PostgreSQL: " + reason, connection));
    }
}

std::optional<std::string> PgCheckSession::value(const std::string &sql,
                                                 const std::vector<std::string> &params)
{
    std::vector<const char *> values;
    for (const std::string &param : params)
        values.push_back(param.c_str());
    std::unique_ptr<PGresult, void (*)(PGresult *)> result(
        PQexecParams(m_conn.get(),
                     sql.c_str(),
                     static_cast<int>(values.size()),
                     nullptr,
                     values.data(),
                     nullptr,
                     nullptr,
                     0),
        PQclear);
    if (PQresultStatus(result.get()) != PGRES_TUPLES_OK) {
        throw Error(redactSecrets(std::string("kvs: PostgreSQL refused a check: ")
                                      + PQerrorMessage(m_conn.get()),
                                  m_connection));
    }
    if (PQntuples(result.get()) == 0 || PQgetisnull(result.get(), 0, 0))
        return std::nullopt;
    return std::string(PQgetvalue(result.get(), 0, 0));
}

void PgCheckSession::run(const std::string &sql)
{
    std::unique_ptr<PGresult, void (*)(PGresult *)> result(PQexec(m_conn.get(), sql.c_str()),
                                                           PQclear);
    const ExecStatusType status = PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        throw Error(redactSecrets(std::string("kvs: PostgreSQL refused ") + sql + ": "
                                      + PQerrorMessage(m_conn.get()),
                                  m_connection));
    }
}

bool PgCheckSession::behindPooler()
{
    const std::optional<std::string> serverPid = value("SELECT pg_backend_pid()::text");
    return !serverPid || *serverPid != std::to_string(PQbackendPID(m_conn.get()));
}

ToolRun runPgTool(const std::string &name,
                  const std::vector<std::string> &args,
                  const PgToolTarget &target,
                  const BackupOptions &options)
{
    const QString program = toolPath(name);
    if (program.isEmpty())
        throw Error("kvs: no " + name + " found (install postgresql-client-15)");
    QStringList arguments;
    for (const std::string &arg : args)
        arguments << QString::fromStdString(arg);
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (target.password)
        environment.insert(QStringLiteral("PGPASSWORD"), QString::fromStdString(*target.password));
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    ToolRun run;
    if (!process.waitForStarted()) {
        run.errorText = process.errorString().toStdString();
        return run;
    }
    while (!process.waitForFinished(100)) {
        if (process.state() == QProcess::NotRunning)
            break;
        if (options.onProgress && !options.onProgress({0, 0})) {
            process.kill();
            process.waitForFinished();
            run.cancelled = true;
            return run;
        }
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.errorText = process.readAllStandardError().toStdString();
    run.outputText = process.readAllStandardOutput().toStdString();
    return run;
}

std::string firstErrorLine(const std::string &errorText, const std::string &connection)
{
    std::string line;
    std::size_t from = 0;
    while (from < errorText.size()) {
        const std::size_t end = errorText.find('\n', from);
        const std::string candidate = errorText.substr(from, end - from);
        if (line.empty() && !candidate.empty())
            line = candidate;
        if (candidate.find("error") != std::string::npos) {
            line = candidate;
            break;
        }
        if (end == std::string::npos)
            break;
        from = end + 1;
    }
    return redactSecrets(line.empty() ? "no message" : line, connection);
}

} // namespace kvs::detail
