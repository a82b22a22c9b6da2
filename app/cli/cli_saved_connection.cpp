#include "cli/cli_saved_connection.h"

#include "cli/cli_arguments.h"

#include <kvs/saved_connections.h>

#include <QSettings>

#include <optional>

namespace kvs::cli {

namespace {

// Whether option is given before a lone "--", as "--name VALUE" or "--name=VALUE".
bool given(const std::vector<std::string> &args, const std::string &option)
{
    for (const std::string &arg : args) {
        if (arg == "--")
            return false;
        if (arg == option || arg.starts_with(option + "="))
            return true;
    }
    return false;
}

} // namespace

std::vector<std::string> withSavedConnection(const std::vector<std::string> &args)
{
    std::vector<std::string> rest;
    std::optional<std::string> name;
    bool options = true;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (options && arg == "--")
            options = false;
        if (options && arg == "--connection") {
            if (i + 1 >= args.size())
                throw UsageError("kvs: --connection needs a NAME");
            name = args[++i];
            continue;
        }
        if (options && arg.starts_with("--connection=")) {
            name = arg.substr(13);
            continue;
        }
        rest.push_back(arg);
    }
    if (!name)
        return args;
    if (given(rest, "--db"))
        throw UsageError("kvs: --connection and --db cannot both be given");
    const std::unique_ptr<QSettings> settings = SavedConnections::openApplicationSettings();
    const std::optional<SavedConnection> saved
        = SavedConnections(*settings).find(QString::fromStdString(*name));
    if (!saved) {
        throw UsageError("kvs: no saved connection is named \"" + *name
                         + "\" (KVS Admin saves them in File > Open Database)");
    }
    // The options go first, so that they stay before a lone "--".
    std::vector<std::string> expanded{"--db", saved->connectionString()};
    if (!saved->schema().isEmpty() && !given(rest, "--schema"))
        expanded.insert(expanded.end(), {"--schema", saved->schema().toStdString()});
    if (!saved->tablePrefix().isEmpty() && !given(rest, "--table-prefix"))
        expanded.insert(expanded.end(), {"--table-prefix", saved->tablePrefix().toStdString()});
    // Its SSH tunnel (KVS Admin's SSH fields), unless --ssh is given.
    if (const QString host = saved->target.value(QStringLiteral("sshHost")).toString();
        !host.isEmpty() && !given(rest, "--ssh")) {
        const QString user = saved->target.value(QStringLiteral("sshUser")).toString();
        const int port = saved->target.value(QStringLiteral("sshPort")).toInt();
        const bool bracketed = host.contains(QLatin1Char(':'));
        std::string destination
            = (user.isEmpty() ? std::string() : user.toStdString() + "@")
              + (bracketed ? "[" + host.toStdString() + "]" : host.toStdString())
              + (port > 0 ? ":" + std::to_string(port) : std::string());
        expanded.insert(expanded.end(), {"--ssh", destination});
        const QString identity = saved->target.value(QStringLiteral("sshIdentity")).toString();
        if (!identity.isEmpty() && !given(rest, "--ssh-identity"))
            expanded.insert(expanded.end(), {"--ssh-identity", identity.toStdString()});
    }
    // Its password command (KVS Admin's "Password command"), unless one is given.
    if (const QString command = saved->target.value(QStringLiteral("passwordCommand")).toString();
        !command.isEmpty() && !given(rest, "--password-command"))
        expanded.insert(expanded.end(), {"--password-command", command.toStdString()});
    expanded.insert(expanded.end(), rest.begin(), rest.end());
    return expanded;
}

} // namespace kvs::cli
