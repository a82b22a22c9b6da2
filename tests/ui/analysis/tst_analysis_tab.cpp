// Issue 40: the Analysis view in a database tab. A read-only tab analyses too and writes
// nothing, on SQLite and PostgreSQL, but the saved report in the data folder; the findings open
// the key tree at a prefix and a value search in the Search view.
#include "analysis/analysis_controller.h"
#include "analysis/analysis_view.h"
#include "analysis/findings_panel.h"
#include "analysis_test_data.h"
#include "maintenance/maintenance_pane.h"
#include "queues/queues_pane.h"
#include "search/search_view.h"
#include "search/value_search_controller.h"
#include "search/value_search_pane.h"
#include "search/value_search_result_model.h"
#include "session/database_view.h"
#include "support/database_view_fixture.h"
#include "support/postgres_test_server.h"
#include "tree/key_tree_pane.h"

#include <kvs/audit_log.h>
#include <kvs/data_folder.h>
#include <kvs/saved_key_space_reports.h>

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using kvs::Key;
using kvs::ui::AnalysisController;
using kvs::ui::AnalysisOutcome;
using kvs::ui::AnalysisView;

namespace {

constexpr int kTimeout = 60000;

// Every file of folder with its size, time and a hash of its bytes; the -shm file by its name
// alone (SQLite's shared memory of the readers, which every read changes).
QStringList folderState(const QString &folder)
{
    QStringList state;
    const QDir dir(folder);
    for (const QFileInfo &info : dir.entryInfoList(QDir::Files | QDir::Hidden, QDir::Name)) {
        if (info.fileName().endsWith(QStringLiteral("-shm"))) {
            state << info.fileName();
            continue;
        }
        QFile file(info.filePath());
        QByteArray hash;
        if (file.open(QIODevice::ReadOnly))
            hash = QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
        state << QStringLiteral("%1 %2 %3 %4")
                     .arg(info.fileName())
                     .arg(info.size())
                     .arg(info.lastModified().toMSecsSinceEpoch())
                     .arg(QString::fromLatin1(hash));
    }
    return state;
}

QStringList fileNames(const QString &folder)
{
    return QDir(folder).entryList(QDir::Files | QDir::Hidden, QDir::Name);
}

} // namespace

class TstAnalysisTab : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_count = 0;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qRegisterMetaType<AnalysisOutcome>();
    }
    void init()
    {
        // A data folder of each test's own: what the analysis writes there is seen alone.
        const QString data = m_dir.filePath(QStringLiteral("data-%1").arg(++m_count));
        qputenv("XDG_DATA_HOME", QFile::encodeName(data));
    }

    void readOnlyTabAnalysesAndWritesNothing_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        if (!qEnvironmentVariableIsEmpty("KVS_TEST_PG_URL"))
            QTest::newRow("postgres") << QStringLiteral("postgres");
    }

    void readOnlyTabAnalysesAndWritesNothing()
    {
        QFETCH(QString, backend);
        const bool postgres = backend == QStringLiteral("postgres");
        const QString folder = m_dir.filePath(QStringLiteral("db-%1").arg(m_count));
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + QStringLiteral("/kv.db");
        std::string schema;
        {
            kvs::AsyncKVStoreSettings settings;
            std::shared_ptr<kvs::AsyncKVStore> writer;
            if (postgres) {
                schema = kvs::test::freshSchema("anatab");
                settings.schema = schema;
                writer = std::make_shared<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
            } else {
                writer = std::make_shared<kvs::AsyncKVStore>(path.toStdString(), settings);
            }
            kvs::test::fillForAnalysis(*writer, 3'600'000);
            writer->close().waitForFinished();
        }
        std::optional<kvs::test::PgAdmin> admin;
        const auto serverState = [&] {
            const std::string relations = admin->exec(
                "SELECT string_agg(relname, ',' ORDER BY relname) FROM pg_class c JOIN "
                "pg_namespace n ON n.oid = c.relnamespace WHERE nspname = '"
                + schema + "'");
            const std::string rows = admin->exec("SELECT md5(string_agg(t::text, ',' ORDER BY "
                                                 "t::text)) FROM \""
                                                 + schema + "\".kv t");
            return relations + " " + rows;
        };
        kvs::test::DatabaseWindow window;
        kvs::ui::DatabaseSession *session
            = postgres ? kvs::test::postgresSession(kvs::test::postgresUrl(), schema)
                       : kvs::test::sqliteSession(path);
        QVERIFY(window.open(session, false, kTimeout));
        // What is there once the tab opened (opening is tested elsewhere): the SQLite folder's
        // files, the PostgreSQL schema's relations and rows, the data folder's files.
        std::string serverBefore;
        QStringList filesBefore;
        if (postgres) {
            admin.emplace();
            serverBefore = serverState();
        } else {
            filesBefore = folderState(folder);
        }
        const QString data = QString::fromStdString(kvs::dataFolderPath());
        const QStringList dataBefore = fileNames(data);

        kvs::ui::DatabaseView *view = window.view();
        AnalysisView *analysis = view->analysis();
        QCOMPARE(view->views()->tabText(view->views()->indexOf(analysis)),
                 QStringLiteral("Analysis"));
        view->views()->setCurrentWidget(analysis);
        QTRY_VERIFY_WITH_TIMEOUT(analysis->analyzeButton()->isEnabled(), kTimeout);
        QSignalSpy finished(analysis->controller(), &AnalysisController::finished);
        analysis->analyzeButton()->click();
        QVERIFY(finished.wait(kTimeout));
        const auto outcome = finished.at(0).at(0).value<AnalysisOutcome>();
        QCOMPARE(outcome.error, QString());
        QCOMPARE(outcome.savedId, std::int64_t(1));
        QCOMPARE(view->modeText(), QStringLiteral("Read-only (inspect)"));

        // Nothing changed in the database.
        if (postgres)
            QCOMPARE(serverState(), serverBefore);
        else
            QCOMPARE(folderState(folder), filesBefore);
        // Named before the window (which owns the session) goes.
        const std::string database
            = postgres ? kvs::auditDatabaseName(session->connectionString(), schema, "")
                       : kvs::auditDatabaseName(path.toStdString(), "", "");
        window.close();
        // In the data folder: the saved report alone, private, under the database's name.
        QStringList dataAfter = fileNames(data);
        for (const QString &name : dataBefore)
            dataAfter.removeAll(name);
        QCOMPARE(dataAfter, QStringList({QStringLiteral("analysis-reports.jsonl")}));
        struct stat info
        {};
        QCOMPARE(
            ::stat(QFile::encodeName(data + QStringLiteral("/analysis-reports.jsonl")).constData(),
                   &info),
            0);
        QCOMPARE(info.st_mode & 0777, 0600u);
        const auto reports = kvs::listKeySpaceReports(database);
        QCOMPARE(int(reports.size()), 1);
        QCOMPARE(reports[0].id, std::int64_t(1));
    }

    void findingsOpenTheTreeAndAValueSearch()
    {
        const QString path = m_dir.filePath(QStringLiteral("links-%1.db").arg(m_count));
        {
            kvs::AsyncKVStore writer(path.toStdString());
            kvs::test::fillForAnalysis(writer, 3'600'000);
            writer.close().waitForFinished();
        }
        kvs::test::DatabaseWindow window;
        QVERIFY(window.open(kvs::test::sqliteSession(path), false, kTimeout));
        kvs::ui::DatabaseView *view = window.view();
        AnalysisView *analysis = view->analysis();
        view->views()->setCurrentWidget(analysis);
        QSignalSpy finished(analysis->controller(), &AnalysisController::finished);
        QVERIFY(analysis->analyze());
        QVERIFY(finished.wait(kTimeout));
        kvs::ui::FindingsPanel *findings = analysis->findings();
        const QStringList rules = findings->rules();
        QVERIFY2(rules.contains(QStringLiteral("dominant-prefix")), qPrintable(rules.join(u',')));

        findings->linkOf(int(rules.indexOf(QStringLiteral("dominant-prefix"))))->click();
        QCOMPARE(view->views()->currentWidget(), view->keysView());
        QTRY_COMPARE_WITH_TIMEOUT(
            view->tree()->selectedKey(), std::optional<Key>(Key{"blobs"}), kTimeout);

        view->views()->setCurrentWidget(analysis);
        findings->linkOf(int(rules.indexOf(QStringLiteral("large-values"))))->click();
        auto *search = qobject_cast<kvs::ui::SearchView *>(view->views()->currentWidget());
        QVERIFY(search);
        QVERIFY(search->showsValues());
        kvs::ui::ValueSearchPane *values = search->values();
        QCOMPARE(values->textEdit()->text(), QStringLiteral("size >= 1048576"));
        QTRY_VERIFY_WITH_TIMEOUT(!values->controller()->isRunning(), kTimeout);
        QCOMPARE(values->controller()->results()->rowCount(), 1);
        QCOMPARE(values->controller()
                     ->results()
                     ->index(0, kvs::ui::ValueSearchResultModel::KeyColumn)
                     .data()
                     .toString(),
                 QStringLiteral("[\"blobs\", \"big\"]"));

        // A storage or expiry finding's link (its signal: FindingsPanel's links emit it, as
        // tst_analysis_view checks): the Maintenance view, where "purge expired" and VACUUM are.
        view->views()->setCurrentWidget(analysis);
        emit analysis->maintenanceRequested(QStringLiteral("expired-not-cleaned"), QString());
        QCOMPARE(view->views()->currentWidget(), view->maintenance());
        // Old dead letters: the Queues view, where they are retried or purged.
        view->views()->setCurrentWidget(analysis);
        emit analysis->maintenanceRequested(QStringLiteral("old-dead-letters"),
                                            QStringLiteral("emails"));
        QCOMPARE(view->views()->currentWidget(), view->queues());
    }
};

QTEST_MAIN(TstAnalysisTab)
#include "tst_analysis_tab.moc"
