#pragma once

#include "support/test_paths.h"

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QtGlobal>

#include <string>

// A PgBouncer of one test's own (scripts/pgbouncer-test.sh) in front of a server, for settings
// the run's shared PgBouncer (KVS_TEST_PGBOUNCER_URL) does not have: an operator's
// ignore_startup_parameters, a small pool. Needs KVS_SOURCE_DIR defined to the project's folder.
// Thread rule: one thread.
namespace kvs::test {

class OwnPgBouncer
{
public:
    OwnPgBouncer() = default;
    ~OwnPgBouncer()
    {
        if (!m_transactionUrl.empty())
            (void)run({QStringLiteral("stop"), m_dir.filePath(QStringLiteral("pgbouncer"))});
    }
    OwnPgBouncer(const OwnPgBouncer &) = delete;
    OwnPgBouncer &operator=(const OwnPgBouncer &) = delete;

    // Starts PgBouncer for serverUrl with the script's options (e.g. --ignore-startup-options,
    // --pool-size 2); false (with a warning saying why) when it did not start.
    bool start(const std::string &serverUrl, const QStringList &options)
    {
        if (!m_dir.isValid())
            return false;
        QString out;
        if (!run(QStringList{QStringLiteral("start"),
                             m_dir.filePath(QStringLiteral("pgbouncer")),
                             QString::fromStdString(serverUrl)}
                     + options,
                 &out))
            return false;
        const QStringList urls = out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        if (urls.size() != 2)
            return false;
        m_transactionUrl = urls[0].toStdString();
        return true;
    }

    // The server's database through transaction pooling.
    const std::string &transactionUrl() const { return m_transactionUrl; }

private:
    bool run(const QStringList &arguments, QString *out = nullptr)
    {
        QProcess script;
        script.start(QStringLiteral("bash"),
                     QStringList{kvs::test::fromTest(KVS_SOURCE_DIR "/scripts/pgbouncer-test.sh")}
                         + arguments);
        if (!script.waitForFinished(60000) || script.exitCode() != 0) {
            qWarning("pgbouncer-test.sh %s failed: %s",
                     qPrintable(arguments.value(0)),
                     script.readAllStandardError().constData());
            return false;
        }
        if (out)
            *out = QString::fromUtf8(script.readAllStandardOutput());
        return true;
    }

    QTemporaryDir m_dir;
    std::string m_transactionUrl;
};

} // namespace kvs::test
