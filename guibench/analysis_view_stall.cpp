#include "guibench/analysis_view_stall.h"

#include "analysis/analysis_controller.h"
#include "analysis/analysis_view.h"
#include "guibench/gui_stall_clock.h"

#include <kvs/async_kvstore.h>
#include <kvs/errors.h>
#include <kvs/json_line.h>

#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <ostream>
#include <string>

namespace kvs::bench {

AnalysisViewStall measureAnalysisViewStall(const std::string &path)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        throw Error("kvs: bench: cannot create a temporary folder for the saved reports");
    AsyncKVStoreSettings settings;
    settings.readOnly = true;
    auto store = std::make_shared<AsyncKVStore>("sqlite://" + path, settings);
    ui::AnalysisView view;
    view.controller()->setReportsPath(dir.filePath(QStringLiteral("reports.jsonl")));
    view.setStore(store, QStringLiteral("bench"));
    view.resize(1200, 760);
    view.show();

    AnalysisViewStall stall;
    QEventLoop loop;
    QString failure;
    QObject::connect(view.controller(),
                     &ui::AnalysisController::finished,
                     &loop,
                     [&](const ui::AnalysisOutcome &outcome) {
                         failure = outcome.error;
                         stall.rows = static_cast<qint64>(
                             outcome.report.value(QStringLiteral("rowsRead")).toDouble());
                         // The report is shown by the view's own slot first (connected earlier).
                         QTimer::singleShot(0, &loop, &QEventLoop::quit);
                     });
    // The view's first paint is not part of the run.
    QTimer::singleShot(300, &loop, &QEventLoop::quit);
    loop.exec();
    GuiStallClock clock;
    clock.start();
    if (!view.analyze())
        throw Error("kvs: bench: " + view.statusText().toStdString());
    loop.exec();
    stall.longestGapMs = clock.longestGapMs();
    stall.longestGapAtMs = clock.longestGapAtMs();
    stall.analysisMs = clock.elapsedMs();
    store->close().waitForFinished();
    if (!failure.isEmpty())
        throw Error("kvs: bench: " + failure.toStdString());
    return stall;
}

void printAnalysisViewStall(const std::string &path, bool json, std::ostream &out)
{
    const AnalysisViewStall stall = measureAnalysisViewStall(path);
    if (json) {
        JsonLine line;
        line.string("backend", "tree")
            .string("op", "analysis_view_1m")
            .raw("rows", std::to_string(stall.rows))
            .raw("longest_gap_ms", std::to_string(stall.longestGapMs))
            .raw("longest_gap_at_ms", std::to_string(stall.longestGapAtMs))
            .raw("analysis_ms", std::to_string(stall.analysisMs));
        out << line.text() << std::endl;
        return;
    }
    out << "analysis_view_1m           longest GUI gap " << stall.longestGapMs << " ms (at "
        << stall.longestGapAtMs << " ms)  analysis " << stall.analysisMs << " ms  rows "
        << stall.rows << std::endl;
}

} // namespace kvs::bench
