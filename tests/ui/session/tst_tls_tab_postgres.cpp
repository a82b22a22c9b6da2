// Issue 32, TLS said plainly: a PostgreSQL tab's tool bar says whether its connection is
// encrypted ("TLS: PROTOCOL, CIPHER", as libpq says of the same URL, read off the GUI thread
// with the server's role) or "Not encrypted", each with a tooltip saying what it means. On the
// run's server (ssl=on, its throwaway CA); waits are QTRY_ with deadlines.
#include "session/server_role_status.h"
#include "support/database_view_fixture.h"
#include "support/postgres_test_server.h"

#include <kvs/async_kvstore.h>
#include <kvs/kvstore.h>
#include <kvs/postgres_adapter.h>

#include <QLabel>
#include <QTemporaryDir>
#include <QTest>

using namespace kvs;

namespace {

constexpr int kTimeout = 30000;

// A schema holding one entry, for a tab to open.
std::string seededSchema(const char *tag)
{
    const std::string schema = test::freshSchema(tag);
    AsyncKVStoreSettings settings;
    settings.schema = schema;
    AsyncKVStore seed(test::postgresUrl(), settings);
    if (!seed.set({"users", "alice"}, Value(1.0)).result().ok)
        qFatal("could not seed %s", schema.c_str());
    seed.close().waitForFinished();
    return schema;
}

// The tool bar's TLS label ("" while hidden).
QLabel *tlsLabel(ui::DatabaseView &view)
{
    return view.findChild<QLabel *>(QStringLiteral("connectionTls"));
}

QString shownTls(ui::DatabaseView &view)
{
    QLabel *label = tlsLabel(view);
    return label && !label->isHidden() ? label->text() : QString();
}

} // namespace

class TestTlsTabPostgres : public QObject
{
    Q_OBJECT

private slots:
    void anEncryptedTabSaysItsProtocolAndCipher()
    {
        const std::string url = test::withTls(
            test::postgresUrl(), "sslmode=verify-full&sslrootcert=" + test::rootCertPath());
        const ConnectionTls tls = PostgresAdapter(url).serverRole().result().tls;
        QVERIFY(tls.encrypted);
        ui::DatabaseView view(test::postgresSession(url, seededSchema("tls_tab")));
        view.resize(1024, 700);
        view.show();
        const QString expected
            = QStringLiteral("TLS: %1, %2")
                  .arg(QString::fromStdString(tls.protocol), QString::fromStdString(tls.cipher));
        QTRY_COMPARE_WITH_TIMEOUT(shownTls(view), expected, kTimeout);
        QVERIFY(tlsLabel(view)->isVisible());
        QVERIFY2(
            tlsLabel(view)->toolTip().startsWith(QStringLiteral("The connection to 127.0.0.1:")),
            qPrintable(tlsLabel(view)->toolTip()));
        QVERIFY(tlsLabel(view)->toolTip().endsWith(
            QStringLiteral("is encrypted with %1 (cipher %2).")
                .arg(QString::fromStdString(tls.protocol), QString::fromStdString(tls.cipher))));
        QVERIFY(!view.grab().isNull());
    }

    void aPlainTabSaysItIsNotEncrypted()
    {
        ui::DatabaseView view(
            test::postgresSession(test::postgresUrl(), seededSchema("plain_tab"))); // disable
        view.resize(1024, 700);
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(shownTls(view), QStringLiteral("Not encrypted"), kTimeout);
        QVERIFY2(tlsLabel(view)->toolTip().contains(
                     QStringLiteral("is not encrypted: what goes over it can be read on the way")),
                 qPrintable(tlsLabel(view)->toolTip()));
    }

    void aSqliteTabShowsNoTls()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kv.db"));
        KVStore(path.toStdString()).set({"a"}, Value(1.0));
        ui::DatabaseView view(test::sqliteSession(path));
        view.show();
        QVERIFY(test::waitForMode(&view, QStringLiteral("Read-only (inspect)"), kTimeout));
        QCOMPARE(shownTls(view), QString());
    }
};

QTEST_MAIN(TestTlsTabPostgres)
#include "tst_tls_tab_postgres.moc"
