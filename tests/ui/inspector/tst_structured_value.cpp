// The inspector's structured value view (issue 12): StructuredValueModel under
// QAbstractItemModelTester, lazy rows (a 100,000-element value opens with one batch made), the
// path of a row as a literal (object member, array index, Map key, Set position), multi-line
// strings whole in the detail pane, and copying the path with the menu's action and Ctrl+C.
#include "inspector/structured_value_model.h"
#include "inspector/structured_value_view.h"
#include "support/test_paths.h"

#include <kvs/literal.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

using kvs::Value;
using kvs::ui::StructuredValueModel;
using kvs::ui::StructuredValueView;

namespace {

std::shared_ptr<const Value> valueOf(const char *literal)
{
    return std::make_shared<const Value>(kvs::parseLiteral(literal));
}

const char *const kSample = R"({
  name: "order 1001",
  items: [
    {sku: "A-1", qty: 2},
    {sku: "B-7", qty: 1},
    null,
    {sku: "C-3", name: "line one\nline two", price: 12n}
  ],
  byRegion: new Map([["eu", 3], [7, new Set(["x", "y"])], [[1, 2], true]]),
  created: new Date("2026-01-02T03:04:05.000Z"),
  raw: new Uint8Array([1, 2, 3])
})";

// The child of parent whose key column reads key, made on demand.
QModelIndex child(StructuredValueModel &model, const QModelIndex &parent, const QString &key)
{
    while (model.canFetchMore(parent))
        model.fetchMore(parent);
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, StructuredValueModel::KeyColumn, parent);
        if (index.data().toString() == key)
            return index;
    }
    return {};
}

QString text(const QModelIndex &index, int column)
{
    return index.siblingAtColumn(column).data().toString();
}

} // namespace

class TestStructuredValue : public QObject
{
    Q_OBJECT

private slots:
    void rowsKeysTypesAndPreviews()
    {
        StructuredValueModel model;
        model.setValue(valueOf(kSample));
        // The tester after the reset: Qt 6.4's runs its checks on modelReset before it marks the
        // reset done, so its own fetchMore() of a model that inserts at once (this one does)
        // would count as an insertion inside the reset.
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 1);
        const QModelIndex top = model.index(0, 0);
        QCOMPARE(text(top, StructuredValueModel::KeyColumn), QStringLiteral("(value)"));
        QCOMPARE(text(top, StructuredValueModel::TypeColumn), QStringLiteral("object"));
        QCOMPARE(text(top, StructuredValueModel::PreviewColumn), QStringLiteral("Object(5)"));
        QVERIFY(model.hasChildren(top));
        QCOMPARE(top.data(StructuredValueModel::PathLiteralRole).toString(), QStringLiteral("[]"));

        const QModelIndex items = child(model, top, QStringLiteral("items"));
        QCOMPARE(text(items, StructuredValueModel::PreviewColumn), QStringLiteral("Array(4)"));
        const QModelIndex third = child(model, items, QStringLiteral("3"));
        QCOMPARE(text(third, StructuredValueModel::TypeColumn), QStringLiteral("object"));
        const QModelIndex name = child(model, third, QStringLiteral("name"));
        QCOMPARE(text(name, StructuredValueModel::TypeColumn), QStringLiteral("string"));
        QCOMPARE(text(name, StructuredValueModel::PreviewColumn),
                 QStringLiteral(R"("line one\nline two")"));
        QCOMPARE(name.data(StructuredValueModel::PathLiteralRole).toString(),
                 QStringLiteral(R"(["items", 3, "name"])"));
        // The detail and the tooltip keep the line breaks.
        QCOMPARE(name.data(StructuredValueModel::DetailTextRole).toString(),
                 QStringLiteral("line one\nline two"));
        QCOMPARE(name.data(Qt::ToolTipRole).toString(), QStringLiteral("line one\nline two"));
        const QModelIndex price = child(model, third, QStringLiteral("price"));
        QCOMPARE(text(price, StructuredValueModel::TypeColumn), QStringLiteral("bigint"));
        QCOMPARE(text(price, StructuredValueModel::PreviewColumn), QStringLiteral("12n"));
        QCOMPARE(text(child(model, items, QStringLiteral("2")), StructuredValueModel::TypeColumn),
                 QStringLiteral("null"));

        // Map entries step by their key (any value), Set items by position.
        const QModelIndex byRegion = child(model, top, QStringLiteral("byRegion"));
        QCOMPARE(text(byRegion, StructuredValueModel::PreviewColumn), QStringLiteral("Map(3)"));
        const QModelIndex seven = child(model, byRegion, QStringLiteral("7"));
        QCOMPARE(text(seven, StructuredValueModel::TypeColumn), QStringLiteral("Set"));
        const QModelIndex y = child(model, seven, QStringLiteral("1"));
        QCOMPARE(text(y, StructuredValueModel::PreviewColumn), QStringLiteral(R"("y")"));
        QCOMPARE(y.data(StructuredValueModel::PathLiteralRole).toString(),
                 QStringLiteral(R"(["byRegion", 7, 1])"));
        const QModelIndex arrayKey = child(model, byRegion, QStringLiteral("[1, 2]"));
        QVERIFY(arrayKey.isValid());
        QCOMPARE(arrayKey.data(StructuredValueModel::PathLiteralRole).toString(),
                 QStringLiteral(R"(["byRegion", [1, 2]])"));
        // The path literal parses back to the steps.
        const Value path = kvs::parseLiteral(
            y.data(StructuredValueModel::PathLiteralRole).toString().toStdString());
        QVERIFY(path == Value::array(model.pathAt(y)));

        QCOMPARE(
            text(child(model, top, QStringLiteral("created")), StructuredValueModel::TypeColumn),
            QStringLiteral("Date"));
        const QModelIndex raw = child(model, top, QStringLiteral("raw"));
        QCOMPARE(text(raw, StructuredValueModel::TypeColumn), QStringLiteral("bytes"));
        QVERIFY(!model.hasChildren(raw));

        model.setValue(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void aHundredThousandElementsOpenInBatches()
    {
        Value::Items items;
        items.reserve(100'000);
        for (int i = 0; i < 100'000; ++i)
            items.emplace_back(Value::object({{"id", Value(i)}}));
        StructuredValueModel model;
        model.setValue(std::make_shared<const Value>(Value::array(std::move(items))));
        const QModelIndex top = model.index(0, 0);
        QCOMPARE(text(top, StructuredValueModel::PreviewColumn), QStringLiteral("Array(100000)"));
        QCOMPARE(model.createdChildren(top), 0); // lazy: nothing made before the view asks
        QVERIFY(model.canFetchMore(top));
        model.fetchMore(top);
        QCOMPARE(model.rowCount(top), StructuredValueModel::kBatch);
        QVERIFY(model.canFetchMore(top));
        // The last element is reachable; its row made only when the view scrolls there.
        while (model.canFetchMore(top))
            model.fetchMore(top);
        QCOMPARE(model.rowCount(top), 100'000);
        const QModelIndex last = model.index(99'999, 0, top);
        QCOMPARE(last.data().toString(), QStringLiteral("99999"));
        QCOMPARE(last.data(StructuredValueModel::PathLiteralRole).toString(),
                 QStringLiteral("[99999]"));
        QCOMPARE(model.createdChildren(last), 0);
    }

    void aHundredThousandElementsInTheView()
    {
        Value::Items items(100'000, Value("x"));
        StructuredValueView view;
        view.resize(500, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setValue(std::make_shared<const Value>(Value::array(std::move(items))));
        const QModelIndex top = view.model()->index(0, 0);
        QVERIFY(view.treeView()->isExpanded(top));
        // Expanded with one batch made, not 100,000 rows.
        QTRY_COMPARE(view.model()->rowCount(top), StructuredValueModel::kBatch);
    }

    void copiesThePathWithTheMenuAndCtrlC()
    {
        StructuredValueView view;
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setValue(valueOf(kSample));
        StructuredValueModel &model = *view.model();
        const QModelIndex top = model.index(0, 0);
        const QModelIndex name
            = child(model,
                    child(model, child(model, top, QStringLiteral("items")), QStringLiteral("3")),
                    QStringLiteral("name"));
        QSignalSpy copied(&view, &StructuredValueView::copied);
        view.treeView()->setCurrentIndex(name);
        QCOMPARE(view.detailView()->toPlainText(), QStringLiteral("line one\nline two"));
        QGuiApplication::clipboard()->clear();
        view.copyPathAction()->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral(R"(["items", 3, "name"])"));
        QCOMPARE(copied.count(), 1);

        const QModelIndex qty
            = child(model,
                    child(model, child(model, top, QStringLiteral("items")), QStringLiteral("0")),
                    QStringLiteral("qty"));
        view.treeView()->setCurrentIndex(qty);
        view.treeView()->setFocus();
        QGuiApplication::clipboard()->clear();
        QTest::keyClick(view.treeView(), Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral(R"(["items", 0, "qty"])"));

        view.treeView()->setCurrentIndex(child(model, top, QStringLiteral("byRegion")));
        view.copyValueAction()->trigger();
        QCOMPARE(
            QGuiApplication::clipboard()->text(),
            QStringLiteral(R"(new Map([["eu", 3], [7, new Set(["x", "y"])], [[1, 2], true]]))"));
    }

    // docs/screenshots/structured-view.png
    void savesAScreenshot()
    {
        StructuredValueView view;
        view.resize(640, 460);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setValue(valueOf(kSample));
        StructuredValueModel &model = *view.model();
        const QModelIndex top = model.index(0, 0);
        const QModelIndex items = child(model, top, QStringLiteral("items"));
        const QModelIndex third = child(model, items, QStringLiteral("3"));
        const QModelIndex byRegion = child(model, top, QStringLiteral("byRegion"));
        view.treeView()->expand(items);
        view.treeView()->expand(third);
        view.treeView()->expand(byRegion);
        view.treeView()->setCurrentIndex(child(model, third, QStringLiteral("name")));
        const QString directory = qEnvironmentVariableIsSet("KVS_SCREENSHOT_DIR")
                                      ? qEnvironmentVariable("KVS_SCREENSHOT_DIR")
                                      : kvs::test::fromTest(KVS_SCREENSHOT_DIR);
        QVERIFY(QDir().mkpath(directory));
        QVERIFY(view.grab().save(QDir(directory).filePath(QStringLiteral("structured-view.png"))));
    }
};

QTEST_MAIN(TestStructuredValue)
#include "tst_structured_value.moc"
