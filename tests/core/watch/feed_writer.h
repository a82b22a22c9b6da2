#pragma once

// The second process of the change feed tests: the test binary started again with
// "--writer DATABASE SCHEMA OP KEY [VALUE]" writes through an AsyncKVStore of its own (SQLite or
// PostgreSQL alike), so the feed sees another process's commit. OP: set, delete, reset.
#include <kvs/async_kvstore.h>
#include <kvs/literal.h>

#include <QCoreApplication>
#include <QProcess>
#include <QStringList>
#include <QTest>

#include <cstring>
#include <string>

namespace kvs::test {

inline bool isFeedWriterCall(int argc, char **argv)
{
    return argc >= 5 && std::strcmp(argv[1], "--writer") == 0;
}

inline int runFeedWriter(int argc, char **argv)
{
    AsyncKVStoreSettings settings;
    if (*argv[3])
        settings.schema = argv[3];
    AsyncKVStore store(argv[2], settings);
    const std::string op = argv[4];
    if (op == "reset")
        store.reset().waitForFinished();
    else if (op == "set" && argc == 7)
        store.set(parseKeyLiteral(argv[5]), parseLiteral(argv[6])).waitForFinished();
    else if (op == "delete" && argc == 6)
        store.remove(parseKeyLiteral(argv[5])).waitForFinished();
    else
        return 2;
    store.close().waitForFinished();
    return 0;
}

// Runs the writer to its end; false (with the reason logged) when it failed.
inline bool writeFromAnotherProcess(const std::string &database,
                                    const std::string &schema,
                                    QStringList operation)
{
    QProcess writer;
    writer.setProcessChannelMode(QProcess::ForwardedChannels);
    writer.start(QCoreApplication::applicationFilePath(),
                 QStringList{QStringLiteral("--writer"),
                             QString::fromStdString(database),
                             QString::fromStdString(schema)}
                     + operation);
    if (!writer.waitForFinished(30'000)) {
        qWarning("the writer did not finish");
        return false;
    }
    return writer.exitStatus() == QProcess::NormalExit && writer.exitCode() == 0;
}

} // namespace kvs::test
