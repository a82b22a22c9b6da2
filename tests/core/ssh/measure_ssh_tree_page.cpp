// Not a test: figures for the notes (issue 34). A key tree page of 1,000 children
// (listChildren, limit 1000) on the PostgreSQL server at URL, directly and through an SSH tunnel
// to the sshd of scripts/sshd-test.sh in SSH_DIR: the page's round trips (the bench's delay
// proxy, no delay; the tunnel carries the same protocol, so the same count) and its time,
// median and 90th percentile of 30 pages after one that prepares the statement.
// Usage: measure_ssh_tree_page POSTGRES_URL SSH_DIR
#include "baselines/delay_proxy.h"

#include <kvs/async_kvstore.h>
#include <kvs/ssh_tunnel.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QUuid>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace kvs;

namespace {

std::string fileText(const std::string &path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", path.c_str());
    return file.readAll().trimmed().toStdString();
}

std::string withParameter(const std::string &url, const std::string &parameter)
{
    return url + (url.find('?') == std::string::npos ? "?" : "&") + parameter;
}

// Milliseconds of each of 30 pages (after a first one).
std::vector<double> pageTimes(AsyncKVStore &store)
{
    const ChildrenSelector wide{{"wide"}, {}, {}};
    ChildrenOptions options;
    options.limit = 1000;
    (void)store.listChildren(wide, options).result();
    std::vector<double> times;
    for (int i = 0; i < 30; ++i) {
        QElapsedTimer timer;
        timer.start();
        const ChildrenPage page = store.listChildren(wide, options).result();
        times.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        if (page.children.size() != 1000)
            qFatal("a page of %zu children", page.children.size());
    }
    std::sort(times.begin(), times.end());
    return times;
}

void print(const char *route, const std::vector<double> &times, long long roundTrips)
{
    std::printf("{\"page\": \"1000 children\", \"route\": \"%s\", \"round_trips\": %lld, "
                "\"median_ms\": %.2f, \"p90_ms\": %.2f}\n",
                route,
                roundTrips,
                times[times.size() / 2],
                times[times.size() * 9 / 10]);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc != 3) {
        std::fprintf(stderr, "usage: measure_ssh_tree_page POSTGRES_URL SSH_DIR\n");
        return 2;
    }
    const std::string url = argv[1];
    const std::string sshDir = argv[2];
    AsyncKVStoreSettings settings;
    settings.schema = "m_ssh_" + QUuid::createUuid().toString(QUuid::Id128).left(8).toStdString();
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    {
        AsyncKVStore store(url, settings);
        for (int i = 0; i < 1000; i += 100) {
            auto atomic = store.atomic();
            for (int j = i; j < i + 100; ++j)
                atomic.set({"wide", j}, Value(1.0));
            (void)atomic.commit().result();
        }
    }
    long long roundTrips = 0;
    {
        bench::DelayProxy proxy(url, std::chrono::microseconds(0));
        AsyncKVStore store(withParameter(proxy.url(), "pool_max=1"), settings);
        ChildrenOptions options;
        options.limit = 1000;
        const ChildrenSelector wide{{"wide"}, {}, {}};
        (void)store.listChildren(wide, options).result();
        const std::int64_t before = proxy.roundTrips();
        (void)store.listChildren(wide, options).result();
        roundTrips = proxy.roundTrips() - before;
    }
    {
        AsyncKVStore store(withParameter(url, "pool_max=1"), settings);
        print("direct", pageTimes(store), roundTrips);
    }
    QTemporaryDir dir;
    SshOptions options;
    options.destination = "127.0.0.1";
    options.port = std::stoi(fileText(sshDir + "/port"));
    options.user = fileText(sshDir + "/user");
    options.identityFile = sshDir + "/id_ed25519";
    options.configFile = "none";
    options.userKnownHosts = false;
    options.knownHostsFile = dir.filePath(QStringLiteral("known_hosts")).toStdString();
    const std::string hostKey = fileText(sshDir + "/host_key.pub");
    const std::size_t first = hostKey.find(' ');
    acceptSshHostKey({"[127.0.0.1]:" + std::to_string(options.port),
                      "ssh-ed25519",
                      hostKey.substr(first + 1, hostKey.find(' ', first + 1) - first - 1),
                      {}},
                     options.knownHostsFile);
    SshTunnel tunnel(options, sshForwardTarget(url));
    tunnel.start();
    {
        AsyncKVStore store(withParameter(tunneledConnection(url, tunnel.localPort()), "pool_max=1"),
                           settings);
        print("ssh tunnel", pageTimes(store), roundTrips);
    }
    return 0;
}
