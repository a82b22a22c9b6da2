#include "instance/single_instance.h"

#include "common/ui_logging.h"

#include <QDataStream>
#include <QDir>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QLockFile>
#include <QtEndian>

#include <unistd.h>

namespace kvs::ui {

namespace {

// The request: this tag, then the locations as a QStringList; the answer is kAck. A tag that
// differs (another version of the protocol) is refused, and the sender runs alone.
const QString kRequestTag = QStringLiteral("kvs-admin/open/1");
constexpr char kAck = 'k';

QByteArray encodeRequest(const QStringList &locations)
{
    QByteArray body;
    QDataStream out(&body, QIODevice::WriteOnly);
    out.setVersion(QDataStream::Qt_6_4);
    out << kRequestTag << locations;
    QByteArray frame;
    QDataStream framed(&frame, QIODevice::WriteOnly);
    framed << quint32(body.size());
    return frame + body;
}

} // namespace

SingleInstance::SingleInstance(QString serverName, QObject *parent)
    : QObject(parent)
    , m_serverName(serverName.isEmpty() ? defaultServerName() : std::move(serverName))
{}

SingleInstance::~SingleInstance() = default;

QString SingleInstance::defaultServerName()
{
    // A path, not a bare name: QLocalServer would put a bare name in the shared temporary folder.
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty() && QDir(runtime).exists())
        return QDir(runtime).filePath(QStringLiteral("kvs-admin.socket"));
    return QDir::temp().filePath(QStringLiteral("kvs-admin-%1.socket").arg(::getuid()));
}

SingleInstance::Outcome SingleInstance::handOffOrListen(const QStringList &locations, int timeoutMs)
{
    // Two instances started at once must not both find no server, then both listen (the second
    // would remove the first's socket): the check and the listen happen under one lock.
    QLockFile lock(m_serverName + QStringLiteral(".lock"));
    lock.setStaleLockTime(0); // stale only when its process is gone
    if (!lock.tryLock(timeoutMs)) {
        m_error = tr("Another KVS Admin is starting; could not wait for it.");
        return Outcome::Failed;
    }
    if (send(locations, timeoutMs))
        return Outcome::HandedOff;
    return listen() ? Outcome::Primary : Outcome::Failed;
}

bool SingleInstance::send(const QStringList &locations, int timeoutMs)
{
    // No socket file: nobody runs (every first start). Not even tried: Qt's error for it,
    // "QLocalSocket::connectToServer: Invalid name", reads like a fault in the log.
    if (!QFileInfo::exists(m_serverName))
        return false;
    QLocalSocket socket;
    socket.connectToServer(m_serverName);
    if (!socket.waitForConnected(timeoutMs)) {
        // A crashed instance's socket file (refused), or it went meanwhile: listen() replaces it.
        qCDebug(lcUi) << "no running instance at" << m_serverName << "(" << socket.errorString()
                      << "): listening instead";
        return false;
    }
    socket.write(encodeRequest(locations));
    if (!socket.waitForBytesWritten(timeoutMs)) {
        qCWarning(lcUi) << "running instance did not take the request:" << socket.errorString();
        return false;
    }
    while (socket.bytesAvailable() < 1) {
        if (!socket.waitForReadyRead(timeoutMs)) {
            qCWarning(lcUi) << "running instance did not answer:" << socket.errorString();
            return false;
        }
    }
    char ack = 0;
    return socket.getChar(&ack) && ack == kAck;
}

bool SingleInstance::listen()
{
    auto *server = new QLocalServer(this);
    server->setSocketOptions(QLocalServer::UserAccessOption);
    if (!server->listen(m_serverName)) {
        // The lock is ours, so nobody else is listening: the file is a crashed instance's socket.
        QLocalServer::removeServer(m_serverName);
        if (!server->listen(m_serverName)) {
            m_error = tr("Cannot listen on %1: %2").arg(m_serverName, server->errorString());
            delete server;
            return false;
        }
    }
    m_server = server;
    connect(m_server, &QLocalServer::newConnection, this, [this] {
        while (QLocalSocket *socket = m_server->nextPendingConnection()) {
            connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
            connect(
                socket, &QLocalSocket::readyRead, this, [this, socket] { readRequest(socket); });
            readRequest(socket);
        }
    });
    return true;
}

void SingleInstance::readRequest(QLocalSocket *socket)
{
    QDataStream in(socket);
    in.setVersion(QDataStream::Qt_6_4);
    quint32 size = 0;
    if (socket->bytesAvailable() < qint64(sizeof size))
        return;
    socket->peek(reinterpret_cast<char *>(&size), sizeof size);
    size = qFromBigEndian(size);
    if (socket->bytesAvailable() < qint64(sizeof size) + size)
        return; // the rest comes with a later readyRead
    in.skipRawData(sizeof size);
    QString tag;
    QStringList locations;
    in >> tag >> locations;
    if (in.status() != QDataStream::Ok || tag != kRequestTag) {
        qCWarning(lcUi) << "refused a request from another instance: unknown format";
        socket->disconnectFromServer();
        return;
    }
    socket->putChar(kAck);
    socket->flush();
    emit openRequested(locations);
}

void SingleInstance::stop()
{
    delete m_server;
    m_server = nullptr;
}

} // namespace kvs::ui
