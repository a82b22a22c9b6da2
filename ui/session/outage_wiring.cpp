#include "session/outage_wiring.h"

#include "atomic/transaction_pane.h"
#include "inspector/inspector_actions.h"
#include "inspector/value_inspector.h"
#include "queues/queue_actions_bar.h"
#include "queues/queues_controller.h"
#include "queues/queues_pane.h"
#include "reconnect/outage_banner.h"
#include "reconnect/reconnect_monitor.h"
#include "reconnect/server_action_gate.h"
#include "search/search_view.h"
#include "session/database_view.h"
#include "tables/sql_console_pane.h"
#include "tables/tables_controller.h"
#include "tables/tables_pane.h"
#include "tree/key_tree_pane.h"
#include "watch/live_updates.h"
#include "watch/watch_controller.h"
#include "watch/watch_tab.h"

#include <QBoxLayout>
#include <QPushButton>
#include <QTabWidget>
#include <QToolBar>

namespace kvs::ui {

namespace {

// A banner at the top of pane (whose layout is a box, as every view's is); null otherwise.
OutageBanner *bannerAtTop(ReconnectMonitor *monitor, QWidget *pane)
{
    auto *layout = pane ? qobject_cast<QBoxLayout *>(pane->layout()) : nullptr;
    if (!layout)
        return nullptr;
    auto *banner = new OutageBanner(monitor, pane);
    banner->setObjectName(pane->objectName().isEmpty()
                              ? QStringLiteral("outageBanner")
                              : pane->objectName() + QStringLiteral("OutageBanner"));
    layout->insertWidget(0, banner);
    return banner;
}

} // namespace

void addOutageHandling(DatabaseView &view)
{
    ReconnectMonitor *monitor = view.session()->monitor();

    // Whatever reads the database reports to the monitor and reads again when it is back.
    view.liveUpdates()->inspectorFeed()->setMonitor(monitor);
    view.watch()->controller()->feed()->setMonitor(monitor);
    view.queues()->controller()->setMonitor(monitor);
    view.tables()->controller()->setMonitor(monitor);
    QObject::connect(monitor, &ReconnectMonitor::recovered, view.tree(), [tree = view.tree()] {
        if (!tree->errorText().isEmpty())
            tree->refresh(); // a listing that failed while the database was away
    });

    // A banner in each view, over rows kept as they were, greyed.
    if (OutageBanner *keys = bannerAtTop(monitor, view.keysView()))
        keys->addStaleArea(view.keysView());
    if (OutageBanner *queues = bannerAtTop(monitor, view.queues())) {
        queues->addStaleArea(view.queues()->overviewView());
        queues->addStaleArea(view.queues()->deadLetterView());
        QObject::connect(view.queues()->controller(),
                         &QueuesController::refreshed,
                         queues,
                         &OutageBanner::noteRead);
    }
    if (OutageBanner *watch = bannerAtTop(monitor, view.watch()))
        watch->addStaleArea(view.watch()->paneTabs());
    (void)bannerAtTop(monitor, view.transaction());
    (void)bannerAtTop(monitor, view.views()->findChild<SearchView *>());
    if (OutageBanner *tables = bannerAtTop(monitor, view.tables())) {
        tables->addStaleArea(view.tables()->view());
        QObject::connect(view.tables()->controller(),
                         &TablesController::tableShown,
                         tables,
                         &OutageBanner::noteRead);
    }
    (void)bannerAtTop(monitor, view.console());

    // What needs the server is off meanwhile, saying why.
    auto *gate = new ServerActionGate(monitor, &view);
    gate->setObjectName(QStringLiteral("serverActionGate"));
    gate->add(view.allowWritesAction());
    gate->add(view.newKeyAction());
    gate->add(view.refreshAction());
    gate->add(view.inspector()->actions()->writeToolBar());
    QueuesPane *queues = view.queues();
    for (QPushButton *button : {queues->countButton(),
                                queues->retrySelectedButton(),
                                queues->retryAllButton(),
                                queues->deleteAllButton(),
                                queues->actionsBar()->enqueueButton(),
                                queues->actionsBar()->cleanDoneButton(),
                                queues->actionsBar()->editButton(),
                                view.transaction()->commitButton(),
                                view.transaction()->dryRunButton(),
                                view.transaction()->retryButton(),
                                view.console()->runButton()})
        gate->add(button);
}

} // namespace kvs::ui
