#include "session/maintenance_wiring.h"

#include "maintenance/maintenance_pane.h"
#include "reconnect/outage_banner.h"
#include "session/database_view.h"

#include <kvs/audit_log.h>

#include <QBoxLayout>
#include <QTabWidget>
#include <QTableView>

namespace kvs::ui {

MaintenancePane *addMaintenanceView(DatabaseView &view)
{
    DatabaseSession *session = view.session();
    auto *pane = new MaintenancePane(view.views());
    view.views()->addTab(pane, MaintenancePane::tr("Maintenance"));
    MaintenanceController *controller = pane->controller();
    controller->setMonitor(session->monitor());
    controller->setClock(session->clock());

    auto *banner = new OutageBanner(session->monitor(), pane);
    banner->setObjectName(QStringLiteral("maintenanceOutageBanner"));
    if (auto *layout = qobject_cast<QBoxLayout *>(pane->layout()))
        layout->insertWidget(0, banner);
    for (QTableView *table : pane->findChildren<QTableView *>())
        banner->addStaleArea(table);
    QObject::connect(
        controller, &MaintenanceController::figuresRead, banner, &OutageBanner::noteRead);

    QObject::connect(session,
                     &DatabaseSession::storeChanged,
                     pane,
                     [session, pane](const std::shared_ptr<AsyncKVStore> &store, bool writable) {
                         MaintenanceTarget target;
                         target.store = store;
                         target.writable = writable;
                         target.postgres = session->spec().isPostgres();
                         target.connection = target.postgres
                                                 ? session->connectionString()
                                                 : session->spec().sqlitePath().toStdString();
                         target.schema = session->spec().schema().toStdString();
                         target.tablePrefix = session->spec().tablePrefix().toStdString();
                         target.auditDatabase = session->auditDatabaseName();
                         pane->setTarget(std::move(target));
                     });
    return pane;
}

} // namespace kvs::ui
