#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QLocalServer;
class QLocalSocket;

namespace kvs::ui {

// One running kvs-admin per user (issue #16): the first instance listens on a per-user local
// socket; a later one hands its databases to it and exits. A socket left behind by a crashed
// instance refuses connections: it is detected as stale and replaced.
// Thread rule: GUI thread only (it needs the thread's event loop).
class SingleInstance : public QObject
{
    Q_OBJECT

public:
    // serverName: the socket's name, or a path; empty means defaultServerName().
    explicit SingleInstance(QString serverName = {}, QObject *parent = nullptr);
    ~SingleInstance() override;

    // The per-user socket path: in $XDG_RUNTIME_DIR when set, else the temporary folder with the
    // user id in the name.
    static QString defaultServerName();

    enum class Outcome {
        Primary,   // this process listens now: it is the running instance
        HandedOff, // a running instance took the locations: exit
        Failed,    // neither: run alone (errorString() says why)
    };
    // Hands locations (SQLite paths, made absolute by the caller, or URLs) to a running instance,
    // waiting at most timeoutMs for its answer; if none runs (or its socket is stale), listens.
    // Returns what happened.
    [[nodiscard]] Outcome handOffOrListen(const QStringList &locations, int timeoutMs = 3000);

    // Stops listening (before a restart hands the socket to a new process).
    void stop();
    QString serverName() const { return m_serverName; }
    QString errorString() const { return m_error; }

signals:
    // A later instance asked to open locations (possibly none: just show the window).
    void openRequested(const QStringList &locations);

private:
    [[nodiscard]] bool send(const QStringList &locations, int timeoutMs);
    [[nodiscard]] bool listen();
    void readRequest(QLocalSocket *socket);

    QString m_serverName;
    QString m_error;
    QLocalServer *m_server = nullptr; // Owned (child QObject).
};

} // namespace kvs::ui
