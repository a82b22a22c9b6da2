// Issue 17, item 12: the settings the app writes (the recent connections, in QSettings) are
// readable by their owner only (0600), whatever the umask, from the first write on; a file an
// older release left readable is narrowed.
#include "connection/connection_spec.h"
#include "connection/recent_connections.h"

#include <QApplication>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using kvs::ui::ConnectionSpec;
using kvs::ui::RecentConnections;

namespace {

constexpr QFileDevice::Permissions kOwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

// The permission bits as stat reports them (Qt's permissions() adds the user's own view).
int modeOf(const QString &path)
{
    struct stat info
    {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return -1;
    return static_cast<int>(info.st_mode & 07777);
}

} // namespace

class TstSettingsPermissions : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_config;

private slots:
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        ::umask(022); // the usual one, which leaves new files readable by everyone
    }

    void explicitSettingsFile()
    {
        const QString path = m_config.filePath(QStringLiteral("explicit.ini"));
        QSettings settings(path, QSettings::IniFormat);
        RecentConnections recent(&settings);
        recent.add(ConnectionSpec::postgres(QStringLiteral("db.example"),
                                            5432,
                                            QStringLiteral("inventory"),
                                            QStringLiteral("app")));
        QVERIFY(QFile::exists(path));
        QCOMPARE(modeOf(path), 0600);
        recent.add(ConnectionSpec::sqlite(m_config.filePath(QStringLiteral("a.db"))));
        QCOMPARE(modeOf(path), 0600);
    }

    // The application's own settings file (what kvs-admin writes), under XDG_CONFIG_HOME.
    void applicationSettingsFile()
    {
        const QString path = QSettings().fileName();
        QVERIFY2(path.startsWith(QFile::decodeName(qgetenv("XDG_CONFIG_HOME"))), qPrintable(path));
        RecentConnections recent;
        recent.add(ConnectionSpec::sqlite(m_config.filePath(QStringLiteral("b.db"))));
        QCOMPARE(modeOf(path), 0600);
    }

    void readableFileIsNarrowed()
    {
        const QString path = m_config.filePath(QStringLiteral("old.ini"));
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.close();
        QVERIFY(QFile::setPermissions(
            path, kOwnerOnly | QFileDevice::ReadGroup | QFileDevice::ReadOther));
        QCOMPARE(modeOf(path), 0644);
        QSettings settings(path, QSettings::IniFormat);
        RecentConnections(&settings).clear();
        QCOMPARE(modeOf(path), 0600);
    }
};

int main(int argc, char **argv)
{
    // Before QApplication: QSettings' default path comes from XDG_CONFIG_HOME.
    QTemporaryDir home;
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(home.path()));
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("KVS Admin Test"));
    QApplication::setApplicationName(QStringLiteral("tst_settings_permissions"));
    TstSettingsPermissions test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_settings_permissions.moc"
