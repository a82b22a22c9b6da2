// One running kvs-admin per user (issue #16): the first instance listens, a second hands its
// databases over and is told to exit, and a socket left by a crashed instance is replaced; a
// first start logs nothing.
#include "instance/single_instance.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <future>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using kvs::ui::SingleInstance;

namespace {

// A second process's hand-off, from another thread: the first instance answers from this
// thread's event loop, which the test keeps turning.
std::future<SingleInstance::Outcome> handOffFromAnotherThread(const QString &name,
                                                              const QStringList &locations)
{
    return std::async(std::launch::async, [name, locations] {
        SingleInstance second(name);
        return second.handOffOrListen(locations, 5000);
    });
}

SingleInstance::Outcome waitFor(std::future<SingleInstance::Outcome> &future)
{
    while (future.wait_for(std::chrono::milliseconds(10)) != std::future_status::ready)
        QCoreApplication::processEvents();
    return future.get();
}

} // namespace

class TestSingleInstance : public QObject
{
    Q_OBJECT

private slots:
    void defaultNameIsPerUser()
    {
        const QString name = SingleInstance::defaultServerName();
        QVERIFY(name.contains(QStringLiteral("kvs-admin")));
        QVERIFY(QDir::isAbsolutePath(name));
    }

    // Issue 31: every start logged "QLocalSocket::connectToServer: Invalid name" (the error of
    // a socket file that is not there, the usual case) as if something were wrong.
    void issue31_aFirstStartLogsNothing()
    {
        QTemporaryDir dir;
        const QString name = dir.filePath(QStringLiteral("kvs-admin.socket"));
        static QStringList logged;
        logged.clear();
        const QtMessageHandler previous = qInstallMessageHandler(
            [](QtMsgType, const QMessageLogContext &, const QString &message) {
                logged << message;
            });
        SingleInstance first(name);
        const SingleInstance::Outcome outcome = first.handOffOrListen({});
        qInstallMessageHandler(previous);
        QCOMPARE(outcome, SingleInstance::Outcome::Primary);
        QVERIFY2(logged.isEmpty(), qPrintable(logged.join(QLatin1Char('\n'))));
    }

    void secondInstanceHandsItsDatabasesOver()
    {
        QTemporaryDir dir;
        const QString name = dir.filePath(QStringLiteral("kvs-admin.socket"));
        SingleInstance first(name);
        QCOMPARE(first.handOffOrListen({}), SingleInstance::Outcome::Primary);
        QSignalSpy opened(&first, &SingleInstance::openRequested);

        const QStringList locations{QStringLiteral("/data/a.db"),
                                    QStringLiteral("postgres://kvs@db.example/kvs")};
        auto second = handOffFromAnotherThread(name, locations);
        QCOMPARE(waitFor(second), SingleInstance::Outcome::HandedOff);
        QTRY_COMPARE(opened.size(), 1);
        QCOMPARE(opened.at(0).at(0).toStringList(), locations);

        // Nothing to open: the running window is only raised.
        auto third = handOffFromAnotherThread(name, {});
        QCOMPARE(waitFor(third), SingleInstance::Outcome::HandedOff);
        QTRY_COMPARE(opened.size(), 2);
        QVERIFY(opened.at(1).at(0).toStringList().isEmpty());
    }

    void staleSocketOfACrashedInstanceIsReplaced()
    {
        QTemporaryDir dir;
        const QString name = dir.filePath(QStringLiteral("kvs-admin.socket"));
        // What a crashed instance leaves: a socket file nobody listens on.
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        const QByteArray path = QFile::encodeName(name);
        std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
        QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
        ::close(fd);
        QVERIFY(QFile::exists(name));

        SingleInstance restarted(name);
        QCOMPARE(restarted.handOffOrListen({}, 1000), SingleInstance::Outcome::Primary);
        QSignalSpy opened(&restarted, &SingleInstance::openRequested);
        auto second = handOffFromAnotherThread(name, {QStringLiteral("/data/b.db")});
        QCOMPARE(waitFor(second), SingleInstance::Outcome::HandedOff);
        QTRY_COMPARE(opened.size(), 1);
    }

    void stoppedInstanceLetsTheNextOneListen()
    {
        QTemporaryDir dir;
        const QString name = dir.filePath(QStringLiteral("kvs-admin.socket"));
        SingleInstance first(name);
        QCOMPARE(first.handOffOrListen({}), SingleInstance::Outcome::Primary);
        first.stop();
        SingleInstance next(name);
        QCOMPARE(next.handOffOrListen({}, 1000), SingleInstance::Outcome::Primary);
    }
};

QTEST_GUILESS_MAIN(TestSingleInstance)
#include "tst_single_instance.moc"
