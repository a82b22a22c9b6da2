#pragma once

// A running `kvs watch` for the CLI tests: started with its arguments, read line by line as the
// other writer's commits arrive.
#include "support/test_paths.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QProcess>
#include <QStringList>
#include <QTest>

namespace cli_test {

class WatchProcess
{
public:
    explicit WatchProcess(const QStringList &args)
    {
        m_process.start(kvs::test::fromTest(KVS_CLI_PATH), args);
    }
    ~WatchProcess()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }

    // The next line of its output, without the newline; empty when none came within ten
    // seconds (a probe of another process: it waits on real time).
    QByteArray nextLine()
    {
        QElapsedTimer timer;
        timer.start();
        while (!m_process.canReadLine() && timer.elapsed() < 10'000) {
            if (!m_process.waitForReadyRead(100) && m_process.state() == QProcess::NotRunning)
                break;
        }
        return m_process.canReadLine() ? m_process.readLine().chopped(1) : QByteArray();
    }

    QProcess &process() { return m_process; }

private:
    QProcess m_process;
};

} // namespace cli_test
