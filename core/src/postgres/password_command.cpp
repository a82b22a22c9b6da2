// Password commands (kvs/password_command.h): running one, and the process-wide list of them by
// database.
#include "postgres/pq_errors.h"

#include <kvs/connection_string.h>
#include <kvs/errors.h>
#include <kvs/password_command.h>

#include <QByteArray>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <map>
#include <mutex>

namespace kvs {

namespace {

std::mutex g_mutex;
std::map<std::string, std::string, std::less<>> g_commands; // connectionIdentity -> command

ConnectionError commandError(const QString &program, const std::string &what)
{
    return ConnectionError("kvs: the password command "
                               + QFileInfo(program).fileName().toStdString() + " " + what,
                           ConnectionError::Step::Authenticate);
}

} // namespace

std::string runPasswordCommand(const std::string &commandLine, std::chrono::milliseconds timeout)
{
    QStringList words = QProcess::splitCommand(QString::fromStdString(commandLine));
    if (words.isEmpty())
        throw ConnectionError("kvs: the password command is empty",
                              ConnectionError::Step::Authenticate);
    const QString program = words.takeFirst();
    QProcess process;
    // stdin closed (the command must not wait for a terminal), stderr read and dropped: it is
    // never shown, since a failing command may echo what it would have printed.
    process.setInputChannelMode(QProcess::ManagedInputChannel);
    process.start(program, words, QIODevice::ReadWrite);
    if (!process.waitForStarted(static_cast<int>(timeout.count())))
        throw commandError(program, "cannot be started: " + process.errorString().toStdString());
    process.closeWriteChannel();
    if (!process.waitForFinished(static_cast<int>(timeout.count()))) {
        process.kill();
        process.waitForFinished(1000);
        throw commandError(program,
                           "did not finish within " + detail::timeoutText(timeout) + " (stopped)");
    }
    if (process.exitStatus() != QProcess::NormalExit)
        throw commandError(program, "was killed by a signal");
    if (process.exitCode() != 0)
        throw commandError(program,
                           "exited with code " + std::to_string(process.exitCode())
                               + " (what it printed is not shown)");
    QByteArray output = process.readAllStandardOutput();
    if (const qsizetype end = output.indexOf('\n'); end >= 0)
        output.truncate(end);
    if (output.endsWith('\r'))
        output.chop(1);
    std::string password = output.toStdString();
    output.fill('\0'); // the copy in Qt's buffer: not left in freed memory longer than needed
    if (password.empty())
        throw commandError(program, "printed no password");
    return password;
}

void setPasswordCommand(std::string_view connection, const std::string &commandLine)
{
    const std::string identity = connectionIdentity(connection);
    const std::lock_guard lock(g_mutex);
    if (commandLine.empty())
        g_commands.erase(identity);
    else
        g_commands[identity] = commandLine;
}

bool hasPasswordCommand(std::string_view connection)
{
    const std::string identity = connectionIdentity(connection);
    const std::lock_guard lock(g_mutex);
    return g_commands.find(identity) != g_commands.end();
}

std::optional<std::string> commandPassword(std::string_view connection)
{
    // Every new PostgreSQL connection asks: without any command set, the connection string is
    // not parsed.
    {
        const std::lock_guard lock(g_mutex);
        if (g_commands.empty())
            return std::nullopt;
    }
    const std::string identity = connectionIdentity(connection);
    std::string command;
    {
        const std::lock_guard lock(g_mutex);
        const auto found = g_commands.find(identity);
        if (found == g_commands.end())
            return std::nullopt;
        command = found->second;
    }
    return runPasswordCommand(command); // outside the lock: it may take seconds
}

std::string withCommandPassword(const std::string &connection)
{
    const std::optional<std::string> password = commandPassword(connection);
    if (!password)
        return connection;
    const std::optional<std::string> url = postgresUrlOf(connection);
    if (!url)
        return connection; // libpq says what is wrong with it, as without a command
    const QByteArray encoded = QByteArray::fromStdString(*password).toPercentEncoding();
    const char separator = url->find('?') == std::string::npos ? '?' : '&';
    return *url + separator + "password=" + encoded.toStdString();
}

} // namespace kvs
