#include "guibench/tables_bench.h"

#include "tables/table_rows_model.h"
#include "tables/tables_controller.h"
#include "tables/tables_pane.h"

#include <kvs/errors.h>

#include <QElapsedTimer>
#include <QEventLoop>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>

#include <algorithm>

namespace kvs::bench {
namespace {

// The longest time between two ticks of a 10 ms timer on the calling thread's event loop.
class StallMeter
{
public:
    StallMeter()
    {
        m_clock.start();
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            m_longest = std::max(m_longest, now - m_last);
            m_last = now;
        });
        m_timer.start(10);
    }
    qint64 longestMs() const { return m_longest; }
    // Starts a new measurement.
    void restart()
    {
        m_longest = 0;
        m_last = m_clock.elapsed();
    }

private:
    QElapsedTimer m_clock;
    QTimer m_timer;
    qint64 m_last = 0;
    qint64 m_longest = 0;
};

// Runs the event loop until done() holds (checked every 5 ms) or timeoutMs pass; false then.
template <typename Done>
bool runUntil(Done done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QEventLoop loop;
        QTimer::singleShot(5, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return true;
}

} // namespace

TablesScroll measureTablesScroll(const std::string &path)
{
    TablesScroll result;
    ui::TablesPane pane;
    QString failure;
    QObject::connect(pane.controller(), &ui::TablesController::failed, [&](const QString &message) {
        failure = message;
    });
    bool shown = false;
    QObject::connect(pane.controller(), &ui::TablesController::tableShown, [&](qint64, qint64) {
        shown = true;
    });
    rawsql::RawSqlTarget target;
    target.sqlitePath = QString::fromStdString(path);
    StallMeter meter;
    QElapsedTimer clock;
    clock.start();
    pane.setTarget(target);
    pane.resize(1000, 700);
    pane.show();
    if (!runUntil([&] { return shown || !failure.isEmpty(); }, 60000) || !failure.isEmpty())
        throw Error("kvs: bench: the Tables view did not show its first page: "
                    + failure.toStdString());
    result.firstPageMs = clock.elapsed();
    result.showGapMs = meter.longestMs();
    meter.restart();

    ui::TableRowsModel *rows = pane.controller()->rows();
    QScrollBar *bar = pane.rowScrollBar(); // over every row (the view holds a window)
    clock.restart();
    constexpr int kSteps = 60;
    for (int step = 1; step <= kSteps; ++step) {
        bar->setValue(int(qint64(bar->maximum()) * step / kSteps));
        QEventLoop loop;
        QTimer::singleShot(16, &loop, &QEventLoop::quit);
        loop.exec();
    }
    const qint64 lastPage = rows->pageCount() - 1;
    if (!runUntil([&] { return rows->hasPage(lastPage) || !failure.isEmpty(); }, 60000)
        || !failure.isEmpty())
        throw Error("kvs: bench: the Tables view did not show its last rows: "
                    + failure.toStdString());
    result.toEndMs = clock.elapsed();
    result.longestGapMs = meter.longestMs();
    for (qint64 page = 0; page <= lastPage; ++page)
        result.pagesRead += rows->hasPage(page) ? 1 : 0;
    return result;
}

} // namespace kvs::bench
