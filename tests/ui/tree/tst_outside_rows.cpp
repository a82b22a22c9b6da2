// Issue 12, defect 8: rows the kvs API never lists. Rows whose key starts outside the tag range
// [01, 07) appear under a "Rows outside the key space" node (a raw scan of [00, 01) and
// [07, end), SQLite and PostgreSQL), as hex in byte order with the undecodable badge, only when
// such rows exist; they can be inspected (hex key, value decoded when it decodes, else hex) and
// deleted by their key bytes after a confirmation. Undecodable rows inside the key space
// (02 61) show in the key tree as hex with the same badge.
#include "inspector/value_inspector.h"
#include "session/database_undo.h"
#include "session/database_view.h"
#include "support/database_view_fixture.h"
#include "support/postgres_test_server.h"
#include "support/raw_sqlite.h"
#include "tree/key_part_text.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"
#include "tree/outside_rows_model.h"
#include "tree/outside_rows_view.h"

#include <kvs/async_kvstore.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using kvs::ui::DatabaseView;
using kvs::ui::KeyTreeLoader;
using kvs::ui::KeyTreeModel;
using kvs::ui::OutsideRowsModel;
using kvs::ui::OutsideRowsView;
using kvs::ui::ValueInspector;

using kvs::test::answerNextMessageBox;

namespace {

constexpr int kTimeout = 20000;

std::string hex(const char *text)
{
    return QByteArray::fromHex(text).toStdString();
}

// The value bytes of a literal.
std::string valueBytes(const char *literal)
{
    return kvs::encodeValue(kvs::parseLiteral(literal));
}

} // namespace

class TestOutsideRows : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;
    kvs::test::DatabaseWindow m_window;
    DatabaseView *m_view = nullptr; // Owned by m_window.
    QString m_path;
    std::string m_schema; // of the PostgreSQL store, when the backend is postgres

    void addBackends()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        if (!qEnvironmentVariableIsEmpty("KVS_TEST_PG_URL"))
            QTest::newRow("postgres") << QStringLiteral("postgres");
    }

    // A store of the backend with the key ["inside"] and, when outside, raw rows at 00,
    // 00 41, 07 and ff 01 (and ff 02, expired) and 02 61 (inside, undecodable), written behind
    // the store's back.
    std::shared_ptr<kvs::AsyncKVStore> storeWithRawRows(const QString &backend, bool outside)
    {
        std::shared_ptr<kvs::AsyncKVStore> store;
        std::function<void(const std::string &)> exec;
        std::string table;
        if (backend == QStringLiteral("postgres")) {
            kvs::AsyncKVStoreSettings settings;
            settings.schema = kvs::test::freshSchema("outside");
            m_schema = *settings.schema;
            store = std::make_shared<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
            table = "\"" + *settings.schema + "\".kv";
            auto admin = std::make_shared<kvs::test::PgAdmin>();
            exec = [admin](const std::string &sql) {
                admin->exec(sql);
            };
        } else {
            m_path = m_dir.filePath(QStringLiteral("raw-%1.db").arg(++m_files));
            store = std::make_shared<kvs::AsyncKVStore>(m_path.toStdString());
            table = "kv";
            const std::string path = m_path.toStdString();
            exec = [path](const std::string &sql) {
                kvs::test::RawSqlite(path).exec(sql);
            };
        }
        (void)store->set(kvs::parseKeyLiteral(R"(["inside"])"), kvs::Value(1.0)).result();
        const bool pg = backend == QStringLiteral("postgres");
        const auto bytes = [pg](const std::string &data) {
            const QString hexText = QString::fromLatin1(QByteArray::fromStdString(data).toHex());
            return (pg ? QStringLiteral("'\\x%1'::bytea") : QStringLiteral("x'%1'"))
                .arg(hexText)
                .toStdString();
        };
        std::string rows = "(" + bytes(hex("0261")) + ", " + bytes(valueBytes("1")) + ", 1, NULL)";
        if (outside) {
            for (const auto &[key, value] :
                 std::vector<std::pair<const char *, std::string>>{{"ff01", valueBytes("'hi'")},
                                                                   {"00", valueBytes("2n")},
                                                                   {"07", "\x7f\x01"},
                                                                   {"0041", valueBytes("3")}})
                rows += ", (" + bytes(hex(key)) + ", " + bytes(value) + ", 1, NULL)";
            rows += ", (" + bytes(hex("ff02")) + ", " + bytes(valueBytes("4")) + ", 1, 1)";
        }
        exec("INSERT INTO " + table + " (key, value, version, expires_at) VALUES " + rows);
        return store;
    }

    static QStringList childTexts(const OutsideRowsModel &model)
    {
        QStringList texts;
        const QModelIndex group = model.groupIndex();
        for (int row = 0; row < model.rowCount(group); ++row)
            texts << model.index(row, 0, group).data().toString();
        return texts;
    }

    // A window with a tab on the SQLite file m_path (written raw before), writable if asked.
    bool openView(bool writable) { return openView(QStringLiteral("sqlite"), writable); }
    // The same on the store of backend storeWithRawRows() wrote last.
    bool openView(const QString &backend, bool writable)
    {
        kvs::ui::DatabaseSession *session
            = backend == QStringLiteral("postgres")
                  ? kvs::test::postgresSession(kvs::test::postgresUrl(), m_schema)
                  : kvs::test::sqliteSession(m_path);
        const bool opened = m_window.open(session, writable, kTimeout);
        m_view = m_window.view();
        return opened;
    }
    // The rows at the key bytes in the store of backend storeWithRawRows() wrote last.
    int rowsAt(const QString &backend, const std::string &key) const
    {
        const std::string hexKey = QByteArray::fromStdString(key).toHex().toStdString();
        if (backend == QStringLiteral("postgres")) {
            kvs::test::PgAdmin admin;
            return std::stoi(admin.exec("SELECT count(*) FROM \"" + m_schema
                                        + "\".kv WHERE key = '\\x" + hexKey + "'::bytea"));
        }
        kvs::test::RawSqlite raw(m_path.toStdString(), true);
        return std::stoi(raw.rows("SELECT count(*) FROM kv WHERE key = x'" + hexKey + "'")[0][0]);
    }
    OutsideRowsView *outside() const { return m_view->tree()->outsideRows(); }
    int kvRows() const
    {
        kvs::test::RawSqlite raw(m_path.toStdString(), true);
        // Rows without expiry: the store's cleaner may delete the expired one meanwhile.
        return std::stoi(raw.rows("SELECT count(*) FROM kv WHERE expires_at IS NULL")[0][0]);
    }

private slots:
    void cleanup()
    {
        m_window.close();
        m_view = nullptr;
    }
    void scanFindsTheRowsOutsideInByteOrder_data() { addBackends(); }
    void scanFindsTheRowsOutsideInByteOrder();
    void noNodeWithoutSuchRows_data() { addBackends(); }
    void noNodeWithoutSuchRows();
    void undecodableRowInsideShowsAsHexWithABadge_data() { addBackends(); }
    void undecodableRowInsideShowsAsHexWithABadge();
    void undecodableRowInsideIsDeletedByItsKeyBytes_data() { addBackends(); }
    void undecodableRowInsideIsDeletedByItsKeyBytes();
    void undecodableRowInsideIsNotDeletedReadOnly();
    void rowsAreInspected();
    void rowsAreDeletedByTheirKeyBytesAfterAsking();
    void readOnlyOffersNoDelete();
};

void TestOutsideRows::scanFindsTheRowsOutsideInByteOrder()
{
    QFETCH(QString, backend);
    const auto store = storeWithRawRows(backend, true);
    OutsideRowsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy scanned(&model, &OutsideRowsModel::scanned);
    model.setStore(store);
    QVERIFY(scanned.wait(kTimeout));
    QCOMPARE(model.rowCount(), 1);
    const QModelIndex group = model.groupIndex();
    QCOMPARE(group.data().toString(), QStringLiteral("Rows outside the key space (4)"));
    QVERIFY(group.data(OutsideRowsModel::IsGroupRole).toBool());
    // Byte order; the expired ff 02 is not there, nor 02 61 (inside the key space).
    QCOMPARE(childTexts(model),
             (QStringList{QStringLiteral("00"),
                          QStringLiteral("0041"),
                          QStringLiteral("07"),
                          QStringLiteral("ff01")}));
    const QModelIndex first = model.index(0, 0, group);
    QCOMPARE(first.data(OutsideRowsModel::EncodedKeyRole).toByteArray(), QByteArray(1, '\0'));
    // The warning badge of undecodable keys.
    QCOMPARE(qvariant_cast<QIcon>(first.data(Qt::DecorationRole)).cacheKey(),
             kvs::ui::kindIcon(kvs::ui::KeyPartKind::Raw).cacheKey());
    QVERIFY(first.data(Qt::ToolTipRole)
                .toString()
                .startsWith(QStringLiteral("Key outside the key space (shown as hex): 00")));
    // Deleting the last one removes the node.
    model.removeKey(hex("00"));
    model.removeKey(hex("0041"));
    model.removeKey(hex("07"));
    QCOMPARE(model.groupIndex().data().toString(),
             QStringLiteral("Rows outside the key space (1)"));
    model.removeKey(hex("ff01"));
    QCOMPARE(model.rowCount(), 0);
    // Scanned again, the rows are there again (nothing was deleted in the database).
    model.refresh();
    QVERIFY(scanned.wait(kTimeout));
    QCOMPARE(childTexts(model).size(), 4);
}

void TestOutsideRows::noNodeWithoutSuchRows()
{
    QFETCH(QString, backend);
    const auto store = storeWithRawRows(backend, false);
    OutsideRowsModel model;
    QSignalSpy scanned(&model, &OutsideRowsModel::scanned);
    model.setStore(store);
    QVERIFY(scanned.wait(kTimeout));
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.groupIndex().isValid());
}

void TestOutsideRows::undecodableRowInsideShowsAsHexWithABadge()
{
    QFETCH(QString, backend);
    const auto store = storeWithRawRows(backend, true);
    KeyTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy loaded(model.loader(), &KeyTreeLoader::pageLoaded);
    model.loader()->setStore(store);
    QVERIFY(loaded.wait(kTimeout));
    // 02 61 sorts before 02 69 ("inside"): the tree lists both in byte order; the rows outside
    // the key space are not among them (they are listed apart).
    QStringList texts;
    for (int row = 0; row < model.rowCount(); ++row)
        texts << model.index(row, 0).data().toString();
    QCOMPARE(texts, (QStringList{QStringLiteral("0261"), QStringLiteral("inside")}));
    const QModelIndex raw = model.index(0, KeyTreeModel::PartColumn);
    QCOMPARE(raw.data().toString(), QStringLiteral("0261"));
    QVERIFY(raw.data(KeyTreeModel::IsRawRole).toBool());
    QCOMPARE(qvariant_cast<QIcon>(raw.data(Qt::DecorationRole)).cacheKey(),
             kvs::ui::kindIcon(kvs::ui::KeyPartKind::Raw).cacheKey());
    QCOMPARE(model.index(0, KeyTreeModel::TypeColumn).data().toString(),
             QStringLiteral("undecodable"));
    QCOMPARE(raw.data(Qt::ToolTipRole).toString().section(QLatin1Char('\n'), 0, 0),
             QStringLiteral("Undecodable key (shown as hex): 0261"));
    QCOMPARE(model.index(1, KeyTreeModel::PartColumn).data().toString(), QStringLiteral("inside"));
    QVERIFY(!model.index(1, 0).data(KeyTreeModel::IsRawRole).toBool());
}

void TestOutsideRows::undecodableRowInsideIsDeletedByItsKeyBytes()
{
    QFETCH(QString, backend);
    storeWithRawRows(backend, false).reset();
    QVERIFY(openView(backend, true));
    QTRY_VERIFY_WITH_TIMEOUT(m_view->undo()->journal() != nullptr, kTimeout);
    KeyTreeModel *model = m_view->tree()->model();
    QModelIndex raw;
    QVERIFY(QTest::qWaitFor(
        [&] {
            raw = model->findChild({}, hex("0261"));
            return raw.isValid();
        },
        kTimeout));
    QVERIFY(raw.data(KeyTreeModel::IsRawRole).toBool());
    QSignalSpy shown(m_view->inspector(), &ValueInspector::loaded);
    m_view->tree()->view()->setCurrentIndex(raw);
    QVERIFY(shown.wait(kTimeout));
    QVERIFY(m_view->inspector()->shows(hex("0261")));
    QVERIFY(!m_view->inspector()->entry()->key);

    // Del asks, naming the key bytes and what happens; Cancel deletes nothing.
    QAction *del = m_view->tree()->rowActions()->deleteAction();
    QString asked;
    answerNextMessageBox(QStringLiteral("Cancel"), &asked);
    del->trigger();
    QVERIFY2(asked.startsWith(QStringLiteral("Delete the row stored at key 0261?\n")),
             qPrintable(asked));
    QVERIFY2(asked.contains(QStringLiteral("deleted by its key bytes")), qPrintable(asked));
    // With the undo journal on (the default), the delete can be taken back (issue 42).
    QVERIFY2(asked.contains(QStringLiteral("Edit > Undo writes its bytes back")),
             qPrintable(asked));
    QCOMPARE(rowsAt(backend, hex("0261")), 1);

    // The row menu's delete asks the same; Delete removes that row only, and its tree row.
    QMenu *menu = m_view->tree()->rowMenu(raw);
    QAction *remove = menu->findChild<QAction *>(QStringLiteral("menuDeleteKey"));
    QVERIFY(remove && remove->isEnabled());
    QSignalSpy deleted(m_view->inspector(), &ValueInspector::keyDeleted);
    asked.clear();
    answerNextMessageBox(QStringLiteral("Delete"), &asked);
    remove->trigger();
    QVERIFY(deleted.wait(kTimeout));
    delete menu;
    QVERIFY2(asked.startsWith(QStringLiteral("Delete the row stored at key 0261?\n")),
             qPrintable(asked));
    QCOMPARE(deleted.at(0).at(0).value<std::string>(), hex("0261"));
    QCOMPARE(rowsAt(backend, hex("0261")), 0);
    QCOMPARE(rowsAt(backend, kvs::encodeKey(kvs::parseKeyLiteral(R"(["inside"])"))), 1);
    QTRY_VERIFY_WITH_TIMEOUT(!model->findChild({}, hex("0261")).isValid(), kTimeout);
    QVERIFY(m_view->inspector()->shownKey() != hex("0261"));

    // Edit > Undo writes the row back by its stored bytes (its key does not decode).
    kvs::ui::DatabaseUndo *undo = m_view->undo();
    QTRY_VERIFY_WITH_TIMEOUT(undo->undoAction()->isEnabled(), kTimeout);
    QSignalSpy undone(undo, &kvs::ui::DatabaseUndo::finished);
    undo->undoAction()->trigger();
    QVERIFY(undone.wait(kTimeout));
    QVERIFY2(undone.first().at(0).toBool(), qPrintable(undone.first().at(1).toString()));
    QCOMPARE(rowsAt(backend, hex("0261")), 1);
}

void TestOutsideRows::undecodableRowInsideIsNotDeletedReadOnly()
{
    storeWithRawRows(QStringLiteral("sqlite"), false).reset();
    QVERIFY(openView(false));
    KeyTreeModel *model = m_view->tree()->model();
    QModelIndex raw;
    QVERIFY(QTest::qWaitFor(
        [&] {
            raw = model->findChild({}, hex("0261"));
            return raw.isValid();
        },
        kTimeout));
    QSignalSpy shown(m_view->inspector(), &ValueInspector::loaded);
    m_view->tree()->view()->setCurrentIndex(raw);
    QVERIFY(shown.wait(kTimeout));
    QMenu *menu = m_view->tree()->rowMenu(raw);
    QVERIFY(!menu->findChild<QAction *>(QStringLiteral("menuDeleteKey"))->isEnabled());
    delete menu;
    m_view->tree()->rowActions()->deleteAction()->trigger();
    QCOMPARE(m_view->tree()->rowActions()->lastNote(),
             QStringLiteral("Read-only: switch on Allow writes to delete keys."));
    m_view->inspector()->deleteKey();
    QCOMPARE(rowsAt(QStringLiteral("sqlite"), hex("0261")), 1);
}

void TestOutsideRows::rowsAreInspected()
{
    storeWithRawRows(QStringLiteral("sqlite"), true).reset();
    QVERIFY(openView(false));
    OutsideRowsView *rows = outside();
    QVERIFY(QTest::qWaitFor([&] { return rows->isVisible(); }, kTimeout));
    OutsideRowsModel *model = rows->rowsModel();
    QCOMPARE(model->rowCount(model->groupIndex()), 4);
    rows->expand(model->groupIndex());

    // A value that decodes: the key as hex, the value as its literal.
    QSignalSpy shown(m_view->inspector(), &ValueInspector::loaded);
    rows->setCurrentIndex(model->indexOfKey(hex("ff01")));
    QVERIFY(shown.wait(kTimeout));
    QCOMPARE(m_view->inspector()->shownKey(), hex("ff01"));
    const std::optional<kvs::ui::InspectedEntry> &entry = m_view->inspector()->entry();
    QVERIFY(entry && entry->found);
    QVERIFY(!entry->key);
    QCOMPARE(entry->keyHex, QStringLiteral("ff01"));
    QVERIFY(entry->value);
    QCOMPARE(entry->prettyText, QStringLiteral("\"hi\""));
    auto *keyHex = m_view->inspector()->findChild<QLabel *>(QStringLiteral("keyHex"));
    QVERIFY(keyHex);
    QCOMPARE(keyHex->text(), QStringLiteral("Encoded key: ff01"));
    // The tree has no current row meanwhile: one row is current in the pane.
    QVERIFY(!m_view->tree()->view()->currentIndex().isValid());
    QCOMPARE(m_view->tree()->currentEncodedKey(), hex("ff01"));

    // A value that does not decode: its bytes.
    rows->setCurrentIndex(model->indexOfKey(hex("07")));
    QVERIFY(shown.wait(kTimeout));
    QVERIFY(m_view->inspector()->entry() && !m_view->inspector()->entry()->value);
    QCOMPARE(*m_view->inspector()->entry()->rawValue, std::string("\x7f\x01"));

    // Back to a key of the tree: the row outside is no longer current.
    m_view->tree()->goToKey(kvs::parseKeyLiteral(R"(["inside"])"));
    QVERIFY(shown.wait(kTimeout));
    QVERIFY(!rows->currentIndex().isValid());
    QCOMPARE(m_view->inspector()->shownKey(),
             kvs::encodeKey(kvs::parseKeyLiteral(R"(["inside"])")));
}

void TestOutsideRows::rowsAreDeletedByTheirKeyBytesAfterAsking()
{
    storeWithRawRows(QStringLiteral("sqlite"), true).reset();
    QVERIFY(openView(true));
    // The journal is attached a moment after writes are allowed.
    QTRY_VERIFY_WITH_TIMEOUT(m_view->undo()->journal() != nullptr, kTimeout);
    OutsideRowsView *rows = outside();
    QVERIFY(QTest::qWaitFor([&] { return rows->isVisible(); }, kTimeout));
    OutsideRowsModel *model = rows->rowsModel();
    rows->expand(model->groupIndex());
    QSignalSpy shown(m_view->inspector(), &ValueInspector::loaded);
    rows->setCurrentIndex(model->indexOfKey(hex("0041")));
    QVERIFY(shown.wait(kTimeout));
    const int before = kvRows();

    // The menu asks, naming the key bytes; Cancel deletes nothing.
    QMenu *menu = rows->rowMenu(model->indexOfKey(hex("0041")));
    QAction *remove = menu->findChild<QAction *>(QStringLiteral("menuDeleteOutsideRow"));
    QVERIFY(remove && remove->isEnabled());
    QString asked;
    answerNextMessageBox(QStringLiteral("Cancel"), &asked);
    remove->trigger();
    QVERIFY2(asked.startsWith(QStringLiteral("Delete the row stored at key 0041?\n")),
             qPrintable(asked));
    // With the undo journal on (the default), the delete can be taken back (issue 42).
    QVERIFY2(asked.contains(QStringLiteral("Edit > Undo writes its bytes back")),
             qPrintable(asked));
    QCOMPARE(kvRows(), before);
    const auto storedRow = [this] {
        kvs::test::RawSqlite raw(m_path.toStdString(), true);
        const auto rows = raw.rows("SELECT hex(value), expires_at FROM kv WHERE key = x'0041'");
        return rows.empty() ? std::vector<std::string>() : rows[0];
    };
    const std::vector<std::string> stored = storedRow();
    QVERIFY(!stored.empty());

    // Delete removes that row only (by its bytes), and its row; the inspector clears.
    QSignalSpy deleted(rows, &OutsideRowsView::rowDeleted);
    answerNextMessageBox(QStringLiteral("Delete"));
    remove->trigger();
    QVERIFY(deleted.wait(kTimeout));
    delete menu;
    QCOMPARE(kvRows(), before - 1);
    {
        kvs::test::RawSqlite raw(m_path.toStdString(), true);
        QCOMPARE(raw.rows("SELECT count(*) FROM kv WHERE key = x'0041'")[0][0], std::string("0"));
        QCOMPARE(raw.rows("SELECT count(*) FROM kv WHERE key = x'00'")[0][0], std::string("1"));
    }
    QCOMPARE(model->indexOfKey(hex("0041")), QModelIndex());
    QCOMPARE(model->rowCount(model->groupIndex()), 3);
    QVERIFY(m_view->inspector()->shownKey().empty());

    // Edit > Undo writes the row's stored bytes back; Redo deletes it again.
    kvs::ui::DatabaseUndo *undo = m_view->undo();
    QTRY_VERIFY_WITH_TIMEOUT(undo->undoAction()->isEnabled(), kTimeout);
    QCOMPARE(undo->undoAction()->text(), QStringLiteral("&Undo Delete"));
    QSignalSpy undone(undo, &kvs::ui::DatabaseUndo::finished);
    undo->undoAction()->trigger();
    QVERIFY(undone.wait(kTimeout));
    QVERIFY2(undone.first().at(0).toBool(), qPrintable(undone.first().at(1).toString()));
    QCOMPARE(storedRow(), stored);
    QCOMPARE(kvRows(), before);
    QTRY_VERIFY_WITH_TIMEOUT(undo->redoAction()->isEnabled(), kTimeout);
    undo->redoAction()->trigger();
    QVERIFY(undone.wait(kTimeout));
    QVERIFY2(undone.last().at(0).toBool(), qPrintable(undone.last().at(1).toString()));
    QCOMPARE(storedRow(), std::vector<std::string>());
    QCOMPARE(kvRows(), before - 1);
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(model->groupIndex()), 3, kTimeout);

    // Del on the view asks too; deleting every row hides the node.
    auto *deleteKey = rows->findChild<QAction *>(QStringLiteral("deleteOutsideRow"));
    QVERIFY(deleteKey);
    QCOMPARE(deleteKey->shortcut(), QKeySequence(QKeySequence::Delete));
    for (const char *key : {"00", "07", "ff01"}) {
        rows->setCurrentIndex(model->indexOfKey(hex(key)));
        QVERIFY(shown.wait(kTimeout));
        answerNextMessageBox(QStringLiteral("Delete"));
        deleteKey->trigger();
        QVERIFY(deleted.wait(kTimeout));
    }
    QCOMPARE(model->rowCount(), 0);
    QVERIFY(!rows->isVisible());
    QCOMPARE(kvRows(), before - 4);
}

void TestOutsideRows::readOnlyOffersNoDelete()
{
    storeWithRawRows(QStringLiteral("sqlite"), true).reset();
    QVERIFY(openView(false));
    OutsideRowsView *rows = outside();
    QVERIFY(QTest::qWaitFor([&] { return rows->isVisible(); }, kTimeout));
    const QModelIndex first = rows->rowsModel()->indexOfKey(hex("00"));
    QMenu *menu = rows->rowMenu(first);
    QVERIFY(!menu->findChild<QAction *>(QStringLiteral("menuDeleteOutsideRow"))->isEnabled());
    delete menu;
    QVERIFY(!rows->deleteRow(hex("00")));
    QCOMPARE(kvRows(), 6);
}

QTEST_MAIN(TestOutsideRows)
#include "tst_outside_rows.moc"
