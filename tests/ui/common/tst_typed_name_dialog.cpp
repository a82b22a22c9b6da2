// Issue 35: the typed-name confirmation (one component for every production action) and the
// production mark that the views of a tab find through their parents.
#include "common/environment_strip.h"
#include "common/production_mark.h"
#include "common/typed_name_dialog.h"
#include "support/test_paths.h"

#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTest>
#include <QTimer>

using namespace kvs::ui;

namespace {

TypedNameQuestion question()
{
    TypedNameQuestion q;
    q.objectName = QStringLiteral("typedNameTest");
    q.title = TypedNameDialog::productionTitle(QStringLiteral("orders"));
    q.what = QStringLiteral("Delete 12 entries of [\"users\"] in orders. This cannot be undone.");
    q.name = QStringLiteral("orders");
    q.action = QStringLiteral("Delete");
    q.colour = QColor(0xc6, 0x28, 0x28);
    return q;
}

// Types text into the next typed-name dialog, then presses Enter (and Escape when that did
// not close it); records whether its action was enabled.
void typeIntoNextDialog(const QString &text, bool *actionEnabled)
{
    QTimer::singleShot(20, qApp, [text, actionEnabled] {
        auto *dialog = qobject_cast<TypedNameDialog *>(QApplication::activeModalWidget());
        if (!dialog) {
            typeIntoNextDialog(text, actionEnabled);
            return;
        }
        QTest::keyClicks(dialog->nameEdit(), text);
        *actionEnabled = dialog->actionButton()->isEnabled();
        QTest::keyClick(dialog->nameEdit(), Qt::Key_Return);
        if (dialog->isVisible())
            dialog->reject();
    });
}

} // namespace

class TestTypedNameDialog : public QObject
{
    Q_OBJECT

private slots:
    void actionOnlyForTheExactName_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<bool>("enabled");
        QTest::newRow("exact") << QStringLiteral("orders") << true;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("other case") << QStringLiteral("Orders") << false;
        QTest::newRow("trailing space") << QStringLiteral("orders ") << false;
        QTest::newRow("prefix") << QStringLiteral("order") << false;
    }

    void actionOnlyForTheExactName()
    {
        QFETCH(QString, typed);
        QFETCH(bool, enabled);
        TypedNameDialog dialog(question());
        QVERIFY(!dialog.actionButton()->isEnabled());
        dialog.nameEdit()->setText(typed);
        QCOMPARE(dialog.actionButton()->isEnabled(), enabled);
        QCOMPARE(dialog.matches(), enabled);
        dialog.accept(); // what Enter does: only the exact name goes ahead
        QCOMPARE(dialog.result() == QDialog::Accepted, enabled);
    }

    void wrongNameRefusesAndRightNameConfirms()
    {
        QWidget parent;
        bool enabled = true;
        typeIntoNextDialog(QStringLiteral("orders-prod"), &enabled);
        QVERIFY(!confirmTypedName(&parent, question()));
        QVERIFY(!enabled);
        typeIntoNextDialog(QStringLiteral("orders"), &enabled);
        QVERIFY(confirmTypedName(&parent, question()));
        QVERIFY(enabled);
    }

    void productionMarkIsFoundThroughParents()
    {
        QWidget tab;
        auto *pane = new QWidget(&tab);
        auto *button = new QPushButton(pane);
        QVERIFY(!productionMarkOf(button));
        // Outside a production tab the extra confirmation does not ask.
        QVERIFY(confirmOnProduction(
            button, QStringLiteral("x"), QStringLiteral("what"), QStringLiteral("Delete")));
        setProductionMark(&tab, ProductionMark{QStringLiteral("kv.db"), QColor(Qt::red)});
        const std::optional<ProductionMark> mark = productionMarkOf(button);
        QVERIFY(mark);
        QCOMPARE(mark->name, QStringLiteral("kv.db"));
        QCOMPARE(mark->colour, QColor(Qt::red));
        bool enabled = true;
        typeIntoNextDialog(QStringLiteral("wrong"), &enabled);
        QVERIFY(!confirmOnProduction(
            button, QStringLiteral("x"), QStringLiteral("what"), QStringLiteral("Delete")));
        typeIntoNextDialog(QStringLiteral("kv.db"), &enabled);
        QVERIFY(confirmOnProduction(
            button, QStringLiteral("x"), QStringLiteral("what"), QStringLiteral("Delete")));
        setProductionMark(&tab, std::nullopt);
        QVERIFY(!productionMarkOf(button));
    }

    void dialogsOfAProductionTabCarryItsStrip()
    {
        installProductionDialogStrips();
        QWidget tab;
        setProductionMark(&tab, ProductionMark{QStringLiteral("kv.db"), QColor(0xc6, 0x28, 0x28)});
        QWidget other;
        for (QWidget *parent : {&tab, &other}) {
            QMessageBox box(QMessageBox::Question,
                            QStringLiteral("t"),
                            QStringLiteral("q"),
                            QMessageBox::Cancel,
                            parent);
            box.show();
            QVERIFY(QTest::qWaitForWindowExposed(&box));
            auto *strip = box.findChild<EnvironmentStrip *>();
            if (parent == &tab) {
                QVERIFY(strip);
                QCOMPARE(strip->colour(), QColor(0xc6, 0x28, 0x28));
                QCOMPARE(strip->width(), box.width());
                QCOMPARE(strip->y(), 0);
            } else {
                QVERIFY(!strip);
            }
        }
    }

    void savesAScreenshot()
    {
        TypedNameDialog dialog(question());
        dialog.nameEdit()->setText(QStringLiteral("order"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QString folder = kvs::test::fromTest(KVS_SCREENSHOT_DIR "/screenshots");
        QDir().mkpath(folder);
        QVERIFY(dialog.grab().save(folder + QStringLiteral("/typed-name-confirmation.png")));
    }
};

QTEST_MAIN(TestTypedNameDialog)
#include "tst_typed_name_dialog.moc"
