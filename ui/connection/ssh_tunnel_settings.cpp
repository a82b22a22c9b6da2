#include "connection/ssh_tunnel_settings.h"

#include "connection/ssh_askpass.h"

#include <mutex>
#include <utility>

namespace kvs::ui {

namespace {

struct Settings
{
    std::mutex mutex;
    QString askpass;
    std::string knownHostsFile;
    std::string configFile;
};

Settings &settings()
{
    static Settings instance;
    return instance;
}

} // namespace

SshOptions sshOptionsFor(const ConnectionSpec &spec)
{
    const ConnectionSpec::SshSettings &ssh = spec.ssh();
    SshOptions options;
    options.destination = ssh.host.trimmed().toStdString();
    options.user = ssh.user.trimmed().toStdString();
    options.port = ssh.port;
    options.identityFile = ssh.identityFile.trimmed().toStdString();
    Settings &s = settings();
    const std::lock_guard lock(s.mutex);
    if (!s.knownHostsFile.empty()) {
        options.knownHostsFile = s.knownHostsFile;
        options.configFile = s.configFile;
        options.userKnownHosts = false;
    }
    options.batchMode = s.askpass.isEmpty();
    if (!s.askpass.isEmpty()) {
        // ssh runs kvs-admin for a passphrase: it has no terminal to prompt on.
        options.environment = {{"SSH_ASKPASS", s.askpass.toStdString()},
                               {"SSH_ASKPASS_REQUIRE", "force"},
                               {kAskpassVariable, "1"}};
    }
    return options;
}

void setSshAskpassProgram(const QString &program)
{
    Settings &s = settings();
    const std::lock_guard lock(s.mutex);
    s.askpass = program;
}

QString sshAskpassProgram()
{
    Settings &s = settings();
    const std::lock_guard lock(s.mutex);
    return s.askpass;
}

void trustSshHostKey(const SshHostKey &key)
{
    std::string file;
    {
        Settings &s = settings();
        const std::lock_guard lock(s.mutex);
        file = s.knownHostsFile;
    }
    acceptSshHostKey(key, file);
}

void setSshTestOverrides(const std::string &knownHostsFile, const std::string &configFile)
{
    Settings &s = settings();
    const std::lock_guard lock(s.mutex);
    s.knownHostsFile = knownHostsFile;
    s.configFile = configFile;
}

} // namespace kvs::ui
