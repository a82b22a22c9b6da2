#include "backup/postgres_tools.h"

#include "postgres/pq_result.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/password_command.h>

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>

#include <libpq-fe.h>

#include <chrono>
#include <fstream>

namespace kvs::detail {

namespace {

constexpr std::chrono::milliseconds kCheckTimeout{10000};

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
    // A password command's token goes the same way (PGPASSWORD), asked just before the tool
    // connects.
    if (std::optional<std::string> fromCommand = commandPassword(connection))
        target.password = std::move(fromCommand);
    return target;
}

std::unique_ptr<PqConnection> checkConnection(const std::string &connection)
{
    std::string conninfo = connection;
    (void)takeConnectionParameter(conninfo, "pool_max", true);
    (void)takeConnectionParameter(conninfo, "timeout_ms", true);
    return std::make_unique<PqConnection>(conninfo, kCheckTimeout, kCheckTimeout);
}

std::optional<std::string> valueOf(PqConnection &pq, const std::string &sql, const PqParams &params)
{
    return pq.exec(sql, params).optionalText(0, 0);
}

bool hasTable(PqConnection &pq, const std::string &sqlName)
{
    PqParams name;
    name.text(sqlName);
    return valueOf(pq, "SELECT to_regclass($1)::text", name).has_value();
}

bool isPgDumpArchive(const std::string &path)
{
    std::ifstream file(path, std::ios::binary);
    char head[5] = {};
    file.read(head, sizeof head);
    return file.gcount() == 5 && std::string_view(head, 5) == "PGDMP";
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
