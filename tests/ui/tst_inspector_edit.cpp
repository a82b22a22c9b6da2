// ValueInspector writing through a real store: edit and save, live validation, the conflict
// view when another writer changed the key (and its three ways on), delete after confirmation,
// the expiry kept on save, increment of numbers and bigints, setting and clearing the TTL, and
// a new key under a prefix. Built twice: on a SQLite file and, with KVS_INSPECTOR_POSTGRES
// (ctest label postgres), on a PostgreSQL schema of its own.
#include "common/literal_editor.h"
#include "inspector/conflict_view.h"
#include "inspector/expiry_edit.h"
#include "inspector/new_key_dialog.h"
#include "inspector/value_edit_panel.h"
#include "inspector/value_inspector.h"
#include "inspector/value_view.h"
#include "support/test_support.h"

#ifdef KVS_INSPECTOR_POSTGRES
#include "support/postgres_test_server.h"
#endif

#include "support/test_paths.h"

#include <kvs/async_kvstore.h>
#include <kvs/clock.h>
#include <kvs/literal.h>

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using kvs::ui::ExpiryChoice;
using kvs::ui::ValueInspector;

namespace {

// The store reads time on clock, as the inspector does: tests move it instead of sleeping.
std::shared_ptr<kvs::AsyncKVStore> openStore(const QTemporaryDir &dir,
                                             const std::string &name,
                                             const std::shared_ptr<kvs::Clock> &clock)
{
    kvs::AsyncKVStoreSettings settings;
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    settings.clock = clock;
#ifdef KVS_INSPECTOR_POSTGRES
    Q_UNUSED(dir);
    settings.schema = name;
    return std::make_shared<kvs::AsyncKVStore>(kvs::test::postgresUrl(), settings);
#else
    return std::make_shared<kvs::AsyncKVStore>(
        dir.filePath(QString::fromStdString(name) + QStringLiteral(".db")).toStdString(), settings);
#endif
}

bool show(ValueInspector &inspector, const kvs::Key &key)
{
    QSignalSpy loaded(&inspector, &ValueInspector::loaded);
    inspector.showKey(kvs::encodeKey(key));
    return loaded.wait(15000) || loaded.count() > 0;
}

// Waits for the reload that follows a successful write.
bool waitForWriteAndReload(ValueInspector &inspector, QSignalSpy &written)
{
    QSignalSpy loaded(&inspector, &ValueInspector::loaded);
    if (written.count() == 0 && !written.wait(15000))
        return false;
    return loaded.count() > 0 || loaded.wait(15000);
}

QWidget *currentPage(const ValueInspector &inspector)
{
    return inspector.findChild<QStackedWidget *>()->currentWidget();
}

// Clicks the button named text in the next modal dialog that opens (a QMessageBox's exec()).
void clickInNextModal(QObject *context, const QString &text, QString *seenText)
{
    auto *poll = new QTimer(context);
    poll->setInterval(20);
    QObject::connect(poll, &QTimer::timeout, context, [poll, text, seenText] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        poll->stop();
        poll->deleteLater();
        *seenText = box->text();
        for (QAbstractButton *button : box->buttons()) {
            if (button->text() == text) {
                button->click();
                return;
            }
        }
        box->reject();
    });
    poll->start();
}

} // namespace

class TestInspectorEdit : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void editsAndSavesAValue();
    void validatesTheLiteralAsItIsTyped();
    void aConflictShowsLoadedEditedAndCurrent();
    void issue31_theThreeValuesOfAConflictAreLaidOutAlike();
    void keepMineOverwritesTheCurrentValue();
    void takeCurrentDropsTheEdit();
    void keepEditingSavesOnTopOfTheCurrentValue();
    void deletesOnlyAfterConfirmation();
    void aSaveKeepsTheExpiry();
    void aSaveCanClearTheExpiry();
    void aSaveRefusesToKeepAnExpiryThatPassed();
    void incrementsNumbersAndBigints();
    void setsAndClearsTheExpiry();
    void createsAKeyUnderAPrefix();
    void refusesToCreateAnExistingKey();
#ifndef KVS_INSPECTOR_POSTGRES
    void savesAScreenshotOfTheConflictView();
#endif

private:
    // Loads key holding v1, lets another store write v2, edits to v3 and saves.
    void provokeConflict(const kvs::Key &key);

    QTemporaryDir m_dir;
    std::string m_name;
    std::shared_ptr<kvs::ManualClock> m_clock;
    std::shared_ptr<kvs::AsyncKVStore> m_store;
    std::shared_ptr<kvs::AsyncKVStore> m_other; // Another writer on the same database.
    std::unique_ptr<ValueInspector> m_inspector;
};

void TestInspectorEdit::init()
{
#ifdef KVS_INSPECTOR_POSTGRES
    m_name = kvs::test::freshSchema("insp_edit");
#else
    static int count = 0;
    m_name = "edit" + std::to_string(++count);
#endif
    m_clock = std::make_shared<kvs::ManualClock>();
    m_store = openStore(m_dir, m_name, m_clock);
    m_store->set({"init"}, kvs::Value(0)).result(); // Creates the tables before the other store.
    m_other = openStore(m_dir, m_name, m_clock);
    m_inspector = std::make_unique<ValueInspector>();
    m_inspector->setClock(m_clock);
    m_inspector->resize(1000, 640);
    m_inspector->setStore(m_store, true);
    m_inspector->show();
}

void TestInspectorEdit::cleanup()
{
    m_inspector.reset();
    m_other.reset();
    m_store.reset();
}

void TestInspectorEdit::editsAndSavesAValue()
{
    const kvs::Key key{"users", "alice"};
    const std::int64_t before
        = m_store->set(key, kvs::parseLiteral(R"({name: "Alice"})")).result().version;
    QVERIFY(show(*m_inspector, key));
    m_inspector->startEditing();
    QCOMPARE(currentPage(*m_inspector), static_cast<QWidget *>(m_inspector->editPanel()));
    kvs::ui::LiteralEditor *editor = m_inspector->editPanel()->editor();
    QCOMPARE(editor->text(), QStringLiteral("{\"name\": \"Alice\"}"));
    editor->textEdit()->setPlainText(
        QStringLiteral("{name: \"Alice\", age: 31n, tags: new Set([1])}"));
    QSignalSpy written(m_inspector.get(), &ValueInspector::keyWritten);
    m_inspector->editPanel()->findChild<QPushButton *>(QStringLiteral("saveEdit"))->click();
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    QCOMPARE(written.count(), 1);
    const auto entry = m_store->get(key).result();
    QVERIFY(entry->value == kvs::parseLiteral(R"({name: "Alice", age: 31n, tags: new Set([1])})"));
    QVERIFY(entry->version > before);
    QCOMPARE(m_inspector->entry()->version, entry->version);
    QCOMPARE(currentPage(*m_inspector), static_cast<QWidget *>(m_inspector->valueView()));
}

void TestInspectorEdit::validatesTheLiteralAsItIsTyped()
{
    const kvs::Key key{"k"};
    m_store->set(key, kvs::Value(1)).result();
    QVERIFY(show(*m_inspector, key));
    m_inspector->startEditing();
    kvs::ui::LiteralEditor *editor = m_inspector->editPanel()->editor();
    auto *error = editor->findChild<QLabel *>(QStringLiteral("literalError"));
    auto *save = m_inspector->editPanel()->findChild<QPushButton *>(QStringLiteral("saveEdit"));
    QVERIFY(save->isEnabled());
    editor->textEdit()->moveCursor(QTextCursor::End);
    QTest::keyClicks(editor->textEdit(), QStringLiteral(", 2"));
    QVERIFY(!error->isVisible()); // Not before the pause.
    QTRY_VERIFY(error->isVisible());
    QCOMPARE(error->text(),
             QStringLiteral("Line 1, column 2: kvs: expected end of input at position 1"));
    QVERIFY(!save->isEnabled());
    editor->textEdit()->setPlainText(QStringLiteral("[1, 2]"));
    QTRY_VERIFY(!error->isVisible());
    QVERIFY(save->isEnabled());
}

void TestInspectorEdit::provokeConflict(const kvs::Key &key)
{
    m_store->set(key, kvs::parseLiteral(R"({v: 1})")).result();
    QVERIFY(show(*m_inspector, key));
    m_inspector->startEditing();
    m_other->set(key, kvs::parseLiteral(R"({v: 2, by: "other"})")).result();
    m_inspector->editPanel()->editor()->setText(QStringLiteral("{v: 3, by: \"me\"}"));
    QSignalSpy written(m_inspector.get(), &ValueInspector::keyWritten);
    m_inspector->saveEdit();
    QTRY_COMPARE(currentPage(*m_inspector), static_cast<QWidget *>(m_inspector->conflictView()));
    QCOMPARE(written.count(), 0);
}

void TestInspectorEdit::aConflictShowsLoadedEditedAndCurrent()
{
    const kvs::Key key{"doc"};
    provokeConflict(key);
    if (QTest::currentTestFailed())
        return;
    kvs::ui::ConflictView *view = m_inspector->conflictView();
    QCOMPARE(view->loadedText(), QStringLiteral("{\"v\": 1}"));
    QCOMPARE(view->editedText(), QStringLiteral("{v: 3, by: \"me\"}"));
    QCOMPARE(view->currentText(), QStringLiteral("{\"v\": 2, \"by\": \"other\"}"));
    // Nothing was written: the other writer's value stands.
    QVERIFY(m_store->get(key).result()->value == kvs::parseLiteral(R"({v: 2, by: "other"})"));
}

// Issue 31: beside a loaded value and an edit over several lines, a short current value showed
// as one line (short all-scalar objects are written on one line).
void TestInspectorEdit::issue31_theThreeValuesOfAConflictAreLaidOutAlike()
{
    const kvs::Key key{"config", "plan"};
    m_store->set(key, kvs::parseLiteral(R"({plan: "team", seats: 12, features: new Set(["sso"])})"))
        .result();
    QVERIFY(show(*m_inspector, key));
    m_inspector->startEditing();
    m_other->set(key, kvs::parseLiteral(R"({plan: "business", seats: 40})")).result();
    m_inspector->editPanel()->editor()->setText(
        QStringLiteral("{\n  \"plan\": \"team\",\n  \"seats\": 15\n}"));
    m_inspector->saveEdit();
    QTRY_COMPARE(currentPage(*m_inspector), static_cast<QWidget *>(m_inspector->conflictView()));
    kvs::ui::ConflictView *view = m_inspector->conflictView();
    QCOMPARE(view->currentText(),
             QStringLiteral("{\n  \"plan\": \"business\",\n  \"seats\": 40\n}"));
    QCOMPARE(view->loadedText(),
             QStringLiteral("{\n  \"plan\": \"team\",\n  \"seats\": 12,\n  \"features\": "
                            "new Set([\"sso\"])\n}"));
}

void TestInspectorEdit::keepMineOverwritesTheCurrentValue()
{
    const kvs::Key key{"doc"};
    provokeConflict(key);
    if (QTest::currentTestFailed())
        return;
    QSignalSpy written(m_inspector.get(), &ValueInspector::keyWritten);
    m_inspector->conflictView()->findChild<QPushButton *>(QStringLiteral("keepMine"))->click();
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    QVERIFY(m_store->get(key).result()->value == kvs::parseLiteral(R"({v: 3, by: "me"})"));
}

void TestInspectorEdit::takeCurrentDropsTheEdit()
{
    const kvs::Key key{"doc"};
    provokeConflict(key);
    if (QTest::currentTestFailed())
        return;
    m_inspector->conflictView()->findChild<QPushButton *>(QStringLiteral("takeCurrent"))->click();
    QCOMPARE(currentPage(*m_inspector), static_cast<QWidget *>(m_inspector->valueView()));
    QCOMPARE(m_inspector->entry()->prettyText, QStringLiteral("{\"v\": 2, \"by\": \"other\"}"));
    // Taking the current value asks nothing of the store; the read is queued behind anything it
    // might have started (in order on a SQLite file's worker).
    QVERIFY(m_store->get(key).result()->value == kvs::parseLiteral(R"({v: 2, by: "other"})"));
}

void TestInspectorEdit::keepEditingSavesOnTopOfTheCurrentValue()
{
    const kvs::Key key{"doc"};
    provokeConflict(key);
    if (QTest::currentTestFailed())
        return;
    m_inspector->conflictView()->findChild<QPushButton *>(QStringLiteral("keepEditing"))->click();
    QCOMPARE(currentPage(*m_inspector), static_cast<QWidget *>(m_inspector->editPanel()));
    QCOMPARE(m_inspector->editPanel()->editor()->text(), QStringLiteral("{v: 3, by: \"me\"}"));
    m_inspector->editPanel()->editor()->setText(QStringLiteral("{v: 4}"));
    QSignalSpy written(m_inspector.get(), &ValueInspector::keyWritten);
    m_inspector->saveEdit();
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    QVERIFY(m_store->get(key).result()->value == kvs::parseLiteral(R"({v: 4})"));
}

void TestInspectorEdit::deletesOnlyAfterConfirmation()
{
    const kvs::Key key{"tmp", 1};
    m_store->set(key, kvs::Value("bye")).result();
    QVERIFY(show(*m_inspector, key));
    QSignalSpy deleted(m_inspector.get(), &ValueInspector::keyDeleted);

    QString asked;
    clickInNextModal(this, QStringLiteral("Cancel"), &asked);
    m_inspector->deleteKey();
    QCOMPARE(asked, QStringLiteral("Delete the key [\"tmp\", 1]?"));
    // Cancel asks nothing of the store. The read is queued behind a delete it might have started
    // (in order on a SQLite file's worker), and such a delete's signal would come before the
    // events processed here.
    QVERIFY(m_store->get(key).result());
    QCoreApplication::processEvents();
    QCOMPARE(deleted.count(), 0);

    clickInNextModal(this, QStringLiteral("Delete"), &asked);
    m_inspector->deleteKey();
    QVERIFY(deleted.wait(15000));
    QCOMPARE(deleted.at(0).at(0).value<std::string>(), kvs::encodeKey(key));
    QVERIFY(!m_store->get(key).result());
    QVERIFY(!m_inspector->entry());
}

void TestInspectorEdit::aSaveKeepsTheExpiry()
{
    const kvs::Key key{"session"};
    kvs::SetOptions options;
    options.ttl = 3'600'000;
    m_store->set(key, kvs::Value("a"), options).result();
    const std::int64_t expiresAt = *m_store->get(key).result()->expiresAt;
    QVERIFY(show(*m_inspector, key));
    m_inspector->startEditing();
    QCOMPARE(m_inspector->editPanel()->expiry()->choice().mode, ExpiryChoice::Mode::Keep);
    m_inspector->editPanel()->editor()->setText(QStringLiteral("\"b\""));
    QSignalSpy written(m_inspector.get(), &ValueInspector::keyWritten);
    m_inspector->saveEdit();
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    const auto entry = m_store->get(key).result();
    QCOMPARE(entry->value, kvs::Value("b"));
    QVERIFY(entry->expiresAt);
    QVERIFY2(std::abs(*entry->expiresAt - expiresAt) < 1000,
             qPrintable(QStringLiteral("%1 vs %2").arg(*entry->expiresAt).arg(expiresAt)));
}

void TestInspectorEdit::aSaveCanClearTheExpiry()
{
    const kvs::Key key{"session"};
    kvs::SetOptions options;
    options.ttl = 3'600'000;
    m_store->set(key, kvs::Value("a"), options).result();
    QVERIFY(show(*m_inspector, key));
    m_inspector->startEditing();
    m_inspector->editPanel()->expiry()->setChoice(ExpiryChoice::clear());
    QSignalSpy written(m_inspector.get(), &ValueInspector::keyWritten);
    m_inspector->saveEdit();
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    QVERIFY(!m_store->get(key).result()->expiresAt);
}

void TestInspectorEdit::aSaveRefusesToKeepAnExpiryThatPassed()
{
    const kvs::Key key{"brief"};
    kvs::SetOptions options;
    options.ttl = 400;
    m_store->set(key, kvs::Value("a"), options).result();
    QVERIFY(show(*m_inspector, key));
    m_inspector->startEditing();
    m_inspector->editPanel()->editor()->setText(QStringLiteral("\"b\""));
    m_clock->advance(600); // the TTL passes while the user edits
    QSignalSpy written(m_inspector.get(), &ValueInspector::keyWritten);
    m_inspector->saveEdit();
    QVERIFY(m_inspector->errorText().startsWith(
        QStringLiteral("The key expired while you were editing")));
    QCOMPARE(currentPage(*m_inspector), static_cast<QWidget *>(m_inspector->editPanel()));
    // Refused before the store was asked: a read queued behind any write it might have started
    // has answered, and that write's signal would come before the events processed here.
    (void)m_store->get(key).result();
    QCoreApplication::processEvents();
    QCOMPARE(written.count(), 0);
    // With a new expiry the save goes through: the expired row counts as absent, as the store
    // sees it, so the check passes unless someone wrote the key meanwhile.
    m_inspector->editPanel()->expiry()->setChoice(ExpiryChoice::in(60'000));
    m_inspector->saveEdit();
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    const auto entry = m_store->get(key).result();
    QVERIFY(entry);
    QCOMPARE(entry->value, kvs::Value("b"));
    QVERIFY(entry->expiresAt);
}

void TestInspectorEdit::incrementsNumbersAndBigints()
{
    const kvs::Key counter{"visits"};
    m_store->set(counter, kvs::Value(5)).result();
    QVERIFY(show(*m_inspector, counter));
    QSignalSpy written(m_inspector.get(), &ValueInspector::keyWritten);
    m_inspector->incrementBy(3);
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    QCOMPARE(m_store->get(counter).result()->value, kvs::Value(8));
    QCOMPARE(m_inspector->entry()->prettyText, QStringLiteral("8"));

    const kvs::Key big{"big"};
    kvs::SetOptions options;
    options.ttl = 3'600'000;
    m_store->set(big, kvs::parseLiteral("10n"), options).result();
    QVERIFY(show(*m_inspector, big));
    written.clear();
    m_inspector->incrementBy(-15);
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    const auto entry = m_store->get(big).result();
    QCOMPARE(entry->value, kvs::parseLiteral("-5n"));
    QVERIFY(entry->expiresAt); // The TTL stays, as increment() keeps it for numbers.
    written.clear();
    m_store->set(big, kvs::parseLiteral("99999999999999999999n")).result();
    QVERIFY(show(*m_inspector, big));
    m_inspector->incrementBy(1);
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    QCOMPARE(m_store->get(big).result()->value, kvs::parseLiteral("100000000000000000000n"));
}

void TestInspectorEdit::setsAndClearsTheExpiry()
{
    const kvs::Key key{"cache", "x"};
    m_store->set(key, kvs::Value("v")).result();
    QVERIFY(show(*m_inspector, key));
    QSignalSpy written(m_inspector.get(), &ValueInspector::keyWritten);
    const qint64 before = m_clock->now();
    m_inspector->setExpiry(ExpiryChoice::in(120'000));
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    auto entry = m_store->get(key).result();
    QVERIFY(entry->expiresAt);
    QVERIFY(*entry->expiresAt >= before + 119'000 && *entry->expiresAt <= before + 125'000);
    QCOMPARE(entry->value, kvs::Value("v"));
    QVERIFY(m_inspector->entry()->expiresAt);

    written.clear();
    m_inspector->setExpiry(ExpiryChoice::clear());
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    QVERIFY(!m_store->get(key).result()->expiresAt);
}

void TestInspectorEdit::createsAKeyUnderAPrefix()
{
    m_inspector->createKeyUnder({"users"});
    auto *dialog = m_inspector->findChild<kvs::ui::NewKeyDialog *>();
    QVERIFY(dialog);
    QCOMPARE(dialog->keyEditor()->text(), QStringLiteral("[\"users\", \"\"]"));
    QTest::keyClicks(dialog->keyEditor()->textEdit(), QStringLiteral("bob"));
    QCOMPARE(dialog->keyEditor()->text(), QStringLiteral("[\"users\", \"bob\"]"));
    dialog->valueEditor()->setText(QStringLiteral("{name: \"Bob\"}"));
    dialog->expiryEdit()->setChoice(ExpiryChoice::in(3'600'000));
    QSignalSpy written(m_inspector.get(), &ValueInspector::keyWritten);
    dialog->accept();
    QVERIFY(waitForWriteAndReload(*m_inspector, written));
    const kvs::Key key{"users", "bob"};
    QCOMPARE(written.at(0).at(0).value<std::string>(), kvs::encodeKey(key));
    const auto entry = m_store->get(key).result();
    QVERIFY(entry->value == kvs::parseLiteral(R"({name: "Bob"})"));
    QVERIFY(entry->expiresAt);
    QCOMPARE(m_inspector->entry()->encodedKey, kvs::encodeKey(key)); // The new key is shown.
}

void TestInspectorEdit::refusesToCreateAnExistingKey()
{
    m_store->set({"users", "bob"}, kvs::Value(1)).result();
    m_inspector->createKeyUnder({"users"});
    auto *dialog = m_inspector->findChild<kvs::ui::NewKeyDialog *>();
    dialog->keyEditor()->setText(QStringLiteral("[\"users\", \"bob\"]"));
    dialog->valueEditor()->setText(QStringLiteral("2"));
    dialog->accept();
    QTRY_VERIFY(m_inspector->errorText().startsWith(QStringLiteral("This key exists already")));
    QCOMPARE(m_store->get({"users", "bob"}).result()->value, kvs::Value(1));

    // A key literal that does not parse keeps the dialog open with the error in place.
    m_inspector->createKeyUnder({});
    dialog = m_inspector->findChildren<kvs::ui::NewKeyDialog *>().last();
    dialog->keyEditor()->setText(QStringLiteral("[null]"));
    dialog->accept();
    QVERIFY(dialog->isVisible());
    QVERIFY(dialog->keyEditor()->errorText().contains(QStringLiteral("key part 0 is null")));
}

#ifndef KVS_INSPECTOR_POSTGRES
void TestInspectorEdit::savesAScreenshotOfTheConflictView()
{
    const kvs::Key key{"config", "billing"};
    m_store
        ->set(key,
              kvs::parseLiteral(
                  R"({plan: "team", seats: 12, renews: new Date("2027-01-01T00:00:00Z"),)"
                  R"( features: new Set(["sso", "audit"])})"))
        .result();
    QVERIFY(show(*m_inspector, key));
    m_inspector->startEditing();
    m_other
        ->set(key,
              kvs::parseLiteral(
                  R"({plan: "business", seats: 40, renews: new Date("2027-01-01T00:00:00Z"),)"
                  R"( features: new Set(["sso", "audit", "scim"])})"))
        .result();
    m_inspector->editPanel()->editor()->setText(
        QStringLiteral("{\n  \"plan\": \"team\",\n  \"seats\": 15,\n  \"renews\": new "
                       "Date(\"2027-01-01T00:00:00.000Z\"),\n  \"features\": new Set([\"sso\", "
                       "\"audit\"])\n}"));
    m_inspector->saveEdit();
    QTRY_COMPARE(currentPage(*m_inspector), static_cast<QWidget *>(m_inspector->conflictView()));
    QCoreApplication::processEvents(); // the layout the conflict view asked for
    const QString dir = kvs::test::fromTest(KVS_SCREENSHOT_DIR);
    QVERIFY(QDir().mkpath(dir));
    const QString path = dir + QStringLiteral("/inspector-conflict.png");
    QVERIFY(m_inspector->grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}
#endif

QTEST_MAIN(TestInspectorEdit)
#include "tst_inspector_edit.moc"
