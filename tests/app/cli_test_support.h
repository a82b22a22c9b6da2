#pragma once

// Helpers of tst_cli: running the kvs binary, and SQLite fixtures it is run against.

#include "support/test_paths.h"

#include <kvs/key.h>
#include <kvs/sqlite_handle.h>
#include <kvs/value_codec.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <sqlite3.h>

#include <memory>

namespace cli_test {

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

// Runs kvs with args; input, when given, is its standard input (then closed).
inline Run runKvs(const QStringList &args, const QByteArray *input = nullptr)
{
    QProcess process;
    process.start(kvs::test::fromTest(KVS_CLI_PATH), args);
    if (input != nullptr) {
        process.write(*input);
        process.closeWriteChannel();
    }
    Run run;
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit) {
        process.kill();
        process.waitForFinished();
        run.err = "kvs did not finish: " + process.readAllStandardError();
        return run;
    }
    run.code = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

inline Run runKvsWithInput(const QStringList &args, const QByteArray &input)
{
    return runKvs(args, &input);
}

inline QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

inline QJsonObject parseObject(const QByteArray &line)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        qWarning() << "not a JSON object:" << line << error.errorString();
        return {};
    }
    return document.object();
}

inline QList<QByteArray> lines(const QByteArray &text)
{
    QList<QByteArray> result = text.split('\n');
    if (!result.isEmpty() && result.last().isEmpty()) {
        result.removeLast();
    }
    return result;
}

// The audit log at path, a JSON object a line ({} for a line that is not one, with a warning).
inline QList<QJsonObject> auditLines(const QString &path)
{
    QList<QJsonObject> objects;
    for (const QByteArray &line : lines(fileBytes(path)))
        objects << parseObject(line);
    return objects;
}

// An error is exactly one line on stderr, starting with one "kvs: ".
#define VERIFY_ONE_ERROR_LINE(run) \
    do { \
        QVERIFY2((run).err.startsWith("kvs: "), (run).err.constData()); \
        QCOMPARE((run).err.count('\n'), 1); \
        QVERIFY2(!(run).err.contains("kvs: kvs:"), (run).err.constData()); \
    } while (false)

using SqlitePtr = kvs::SqliteHandle; // core's deleters (kvs/sqlite_handle.h)

inline SqlitePtr openSqlite(const QString &path)
{
    sqlite3 *db = nullptr;
    sqlite3_open(QFile::encodeName(path).constData(), &db);
    return SqlitePtr(db);
}

// Every kv row as "KEYHEX VALUEHEX EXPIRES" lines, in key order: what the database holds, byte
// for byte (versions left out: an import writes new ones).
inline QByteArray kvRowsText(const QString &db)
{
    const SqlitePtr handle = openSqlite(db);
    sqlite3_stmt *raw = nullptr;
    sqlite3_prepare_v2(handle.get(),
                       "SELECT hex(key), hex(value), coalesce(expires_at, 'null') FROM kv "
                       "ORDER BY key",
                       -1,
                       &raw,
                       nullptr);
    QByteArray text;
    while (raw != nullptr && sqlite3_step(raw) == SQLITE_ROW) {
        for (int column = 0; column < 3; ++column) {
            text += reinterpret_cast<const char *>(sqlite3_column_text(raw, column));
            text += column < 2 ? ' ' : '\n';
        }
    }
    sqlite3_finalize(raw);
    return text;
}

inline bool exec(sqlite3 *db, const char *sql)
{
    char *error = nullptr;
    const bool ok = sqlite3_exec(db, sql, nullptr, nullptr, &error) == SQLITE_OK;
    if (!ok) {
        qWarning() << sql << error;
    }
    sqlite3_free(error);
    return ok;
}

inline bool insertRow(sqlite3 *db, const kvs::Key &key, const kvs::Value &value, qint64 version)
{
    sqlite3_stmt *raw = nullptr;
    sqlite3_prepare_v2(db,
                       "INSERT INTO kv (key, value, version, expires_at) VALUES (?, ?, ?, NULL)",
                       -1,
                       &raw,
                       nullptr);
    const std::string keyBytes = kvs::encodeKey(key);
    const std::string valueBytes = kvs::encodeValue(value);
    sqlite3_bind_blob(raw, 1, keyBytes.data(), int(keyBytes.size()), SQLITE_TRANSIENT);
    sqlite3_bind_blob(raw, 2, valueBytes.data(), int(valueBytes.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int64(raw, 3, version);
    const bool ok = sqlite3_step(raw) == SQLITE_DONE;
    sqlite3_finalize(raw);
    return ok;
}

inline QString queryText(const QString &path, const char *sql)
{
    const SqlitePtr db = openSqlite(path);
    sqlite3_stmt *raw = nullptr;
    sqlite3_prepare_v2(db.get(), sql, -1, &raw, nullptr);
    QString text;
    if (raw != nullptr && sqlite3_step(raw) == SQLITE_ROW) {
        text = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(raw, 0)));
    }
    sqlite3_finalize(raw);
    return text;
}

// A database as kvs 0.4 left it: schema version 2 (queue lease columns, no versionstamp table).
inline bool makeSchemaVersion2Database(const QString &path)
{
    const SqlitePtr db = openSqlite(path);
    return exec(db.get(), "PRAGMA journal_mode=WAL")
           && exec(db.get(),
                   "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
                   "INSERT INTO meta VALUES ('schema_version', '2');"
                   "CREATE TABLE kv (key BLOB PRIMARY KEY, value BLOB NOT NULL, version "
                   "INTEGER NOT NULL, expires_at INTEGER);"
                   "CREATE INDEX idx_kv_expires ON kv (expires_at) WHERE expires_at IS "
                   "NOT NULL;"
                   "CREATE TABLE queue (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT "
                   "NOT NULL, payload BLOB NOT NULL, status TEXT NOT NULL, enqueued_at "
                   "INTEGER NOT NULL, deliver_at INTEGER NOT NULL, attempts INTEGER NOT "
                   "NULL, max_attempts INTEGER NOT NULL, locked_until INTEGER, "
                   "lease_token TEXT, last_error TEXT, finished_at INTEGER);"
                   "CREATE INDEX idx_queue_pending ON queue (topic, status, deliver_at);")
           && insertRow(db.get(), kvs::Key{"old"}, kvs::Value("x"), 7);
}

} // namespace cli_test
