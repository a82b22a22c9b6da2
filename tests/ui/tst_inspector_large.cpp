// A 20 MB value opens without stalling the GUI, checked by what happens where, not by how long
// it takes (kvs-gui-bench's inspector_open_20mb measures the longest GUI gap): the decode and the
// pretty-print run on the inspector's worker while the GUI thread's event loop goes on (the test
// holds the prepared entry on the worker until a GUI timer has ticked), and what the GUI thread
// then does is bounded by what is on screen: a bounded first part of the text, one batch of the
// structure's rows, the hex rows in view.
#include "inspector/hex_bytes_model.h"
#include "inspector/inspector_controller.h"
#include "inspector/structured_value_model.h"
#include "inspector/structured_value_view.h"
#include "inspector/value_inspector.h"
#include "inspector/value_view.h"

#include <kvs/async_kvstore.h>

#include <QLabel>
#include <QPlainTextEdit>
#include <QSemaphore>
#include <QSignalSpy>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <set>

namespace {

constexpr int kDeadlineMs = 60000; // only so that a regression fails instead of hanging
constexpr int kTicks = 3;          // GUI timer ticks seen while the worker holds the entry

// Counts the rows a view asks its delegate to paint or to measure: the rows whose data the view
// formats.
class RowCountingDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter,
               const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        rows.insert(index.row());
        QStyledItemDelegate::paint(painter, option, index);
    }
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        rows.insert(index.row());
        return QStyledItemDelegate::sizeHint(option, index);
    }

    mutable std::set<int> rows;
};

} // namespace

class TestInspectorLarge : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void preparesOffTheGuiThreadWhileItsEventLoopRuns_data();
    void preparesOffTheGuiThreadWhileItsEventLoopRuns();
    void showsNoMoreThanFitsOnScreen_data();
    void showsNoMoreThanFitsOnScreen();
    void showsABoundedPartWithANote();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<kvs::AsyncKVStore> m_store;
};

void TestInspectorLarge::initTestCase()
{
    kvs::AsyncKVStoreSettings settings;
    settings.maintenanceInterval = std::chrono::milliseconds(0);
    m_store = std::make_shared<kvs::AsyncKVStore>(
        m_dir.filePath(QStringLiteral("large.db")).toStdString(), settings);
    constexpr std::size_t kSize = 20 * 1024 * 1024;
    std::string bytes(kSize, '\0');
    for (std::size_t i = 0; i < kSize; ++i)
        bytes[i] = static_cast<char>((i * 2654435761u) >> 13);
    m_store->set({"large", "bytes"}, kvs::Value(kvs::Bytes{std::move(bytes)})).result();
    m_store->set({"large", "string"}, kvs::Value(std::string(kSize, 'x'))).result();
    kvs::Value::Members members;
    for (int i = 0; members.size() < 400'000; ++i) {
        members.emplace_back(
            "member" + std::to_string(i),
            kvs::Value::array({kvs::Value(i), kvs::Value("some text here"), kvs::Value(true)}));
    }
    m_store->set({"large", "object"}, kvs::Value::object(std::move(members))).result();
}

void TestInspectorLarge::cleanupTestCase()
{
    m_store.reset();
}

namespace {

void addValueKinds()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("bytes") << QStringLiteral("bytes");
    QTest::newRow("string") << QStringLiteral("string");
    QTest::newRow("object") << QStringLiteral("object");
}

} // namespace

void TestInspectorLarge::preparesOffTheGuiThreadWhileItsEventLoopRuns_data()
{
    addValueKinds();
}

// The worker holds the entry it prepared until a 10 ms timer on the GUI thread has ticked
// kTicks times since: it ticks only if the GUI thread runs its event loop meanwhile (neither
// decoding nor waiting for the worker). A prepare on the GUI thread is seen by its thread.
void TestInspectorLarge::preparesOffTheGuiThreadWhileItsEventLoopRuns()
{
    QFETCH(QString, name);
    // What the hook shares with this thread outlives the inspector, whose worker may still be
    // in the hook when a check fails (the inspector waits for its worker as it goes).
    QThread *const gui = QThread::currentThread();
    std::atomic<QThread *> preparedOn = nullptr;
    std::atomic_bool decoded = false;
    std::atomic_bool holding = false;
    std::atomic_bool heldUntilTicks = false;
    QSemaphore ticked;
    kvs::ui::ValueInspector inspector;
    inspector.setStore(m_store, false);
    inspector.resize(1000, 700);
    inspector.show();
    auto *controller = inspector.findChild<kvs::ui::InspectorController *>();
    QVERIFY(controller);
    controller->setPreparedHook([&](const kvs::ui::InspectedEntry &entry) {
        preparedOn = QThread::currentThread();
        decoded = entry.value && !entry.prettyText.isEmpty();
        if (QThread::currentThread() == gui)
            return; // waiting here for this thread's ticks would wait for ever
        holding = true;
        heldUntilTicks = ticked.tryAcquire(1, kDeadlineMs);
    });
    int ticksWhileHeld = 0;
    QTimer ticker;
    ticker.setInterval(10);
    connect(&ticker, &QTimer::timeout, this, [&] {
        if (holding && ++ticksWhileHeld == kTicks)
            ticked.release();
    });
    ticker.start();

    QSignalSpy loaded(&inspector, &kvs::ui::ValueInspector::loaded);
    inspector.showKey(kvs::encodeKey({"large", name.toStdString()}));
    QVERIFY(loaded.wait(kDeadlineMs));
    QVERIFY(preparedOn.load() != nullptr);
    QVERIFY2(preparedOn.load() != gui, "the value was prepared on the GUI thread");
    QVERIFY(decoded);
    QVERIFY2(heldUntilTicks, "the GUI thread's timer did not tick while the worker held the entry");
    QVERIFY(ticksWhileHeld >= kTicks);
    QVERIFY(inspector.entry()->value);
}

void TestInspectorLarge::showsNoMoreThanFitsOnScreen_data()
{
    addValueKinds();
}

// Once loaded, each tab of the 20 MB value is shown and painted: the GUI thread's work is the
// part on screen, whatever the size of the value.
void TestInspectorLarge::showsNoMoreThanFitsOnScreen()
{
    QFETCH(QString, name);
    kvs::ui::ValueInspector inspector;
    inspector.setStore(m_store, false);
    inspector.resize(1000, 700);
    inspector.show();
    kvs::ui::ValueView *view = inspector.valueView();
    QSignalSpy loaded(&inspector, &kvs::ui::ValueInspector::loaded);
    inspector.showKey(kvs::encodeKey({"large", name.toStdString()}));
    QVERIFY(loaded.wait(kDeadlineMs));

    // The text: a bounded first part of the literal (a cut line ends in " …").
    const std::size_t maxText = kvs::ui::InspectLimits{}.maxTextBytes;
    QVERIFY(inspector.entry()->truncated);
    QVERIFY(std::size_t(inspector.entry()->prettyText.toUtf8().size()) <= maxText);
    view->tabs()->setCurrentWidget(view->literalView());
    (void)view->grab();
    QVERIFY2(std::size_t(view->literalView()->toPlainText().size()) <= maxText + 2,
             qPrintable(QString::number(view->literalView()->toPlainText().size())));

    // The structure: the top row expanded, at most one batch of its rows made (the object has
    // 400,000 members).
    kvs::ui::StructuredValueView *structure = view->structuredView();
    view->tabs()->setCurrentWidget(structure);
    QCoreApplication::processEvents(); // the tree's delayed layout
    (void)view->grab();
    const QModelIndex top = structure->model()->index(0, 0);
    QVERIFY(top.isValid());
    QVERIFY(structure->model()->createdChildren(top) <= kvs::ui::StructuredValueModel::kBatch);
    if (name == QStringLiteral("object"))
        QVERIFY(structure->model()->canFetchMore(top));

    // The hex rows: 1.3 million in the model, formatted only for those in view.
    QTableView *hex = view->hexView();
    auto *counting = new RowCountingDelegate(hex);
    hex->setItemDelegate(counting);
    view->tabs()->setCurrentWidget(hex);
    QCoreApplication::processEvents();
    (void)view->grab();
    QCOMPARE(view->hexModel()->rowCount(), int((inspector.entry()->rawValue->size() + 15) / 16));
    const int inView = hex->viewport()->height() / hex->rowHeight(0) + 2;
    QVERIFY(!counting->rows.empty());
    QVERIFY2(int(counting->rows.size()) <= inView,
             qPrintable(QStringLiteral("%1 rows formatted, %2 in view")
                            .arg(counting->rows.size())
                            .arg(inView)));
    QVERIFY(*counting->rows.rbegin() < inView);
}

void TestInspectorLarge::showsABoundedPartWithANote()
{
    kvs::ui::ValueInspector inspector;
    inspector.setStore(m_store, false);
    QSignalSpy loaded(&inspector, &kvs::ui::ValueInspector::loaded);
    inspector.showKey(kvs::encodeKey({"large", "string"}));
    QVERIFY(loaded.wait(60000));
    const QString text = inspector.valueView()->literalView()->toPlainText();
    QVERIFY(inspector.entry()->prettyText.size() <= 256 * 1024);
    QVERIFY(text.size() <= 8 * 1024 + 2); // The one long line is cut in the view.
    QVERIFY(text.startsWith(QStringLiteral("\"xxxx")));
    QVERIFY(inspector.entry()->truncated);
    QVERIFY(!inspector.entry()->editable);
    QLabel *note = inspector.valueView()->noteLabel();
    QVERIFY(!note->isHidden());
    QVERIFY2(note->text().contains(QStringLiteral("20.0 MB")), qPrintable(note->text()));
    QCOMPARE(inspector.valueView()->hexModel()->rowCount(), 20 * 1024 * 1024 / 16 + 1);
}

QTEST_MAIN(TestInspectorLarge)
#include "tst_inspector_large.moc"
