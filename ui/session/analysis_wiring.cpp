#include "session/analysis_wiring.h"

#include "analysis/analysis_view.h"
#include "maintenance/maintenance_pane.h"
#include "queues/queues_pane.h"
#include "search/search_view.h"
#include "search/value_search_pane.h"
#include "search/value_search_query.h"
#include "session/database_view.h"
#include "tree/key_tree_pane.h"

#include <kvs/audit_log.h>

#include <QComboBox>
#include <QLineEdit>
#include <QTabWidget>

namespace kvs::ui {

void wireAnalysis(DatabaseView &view)
{
    AnalysisView *analysis = view.analysis();
    DatabaseSession *session = view.session();
    analysis->setClock(session->clock());
    analysis->setStore(session->store(), session->auditDatabaseName());
    // Read-only or writable alike: the analysis only reads.
    QObject::connect(session,
                     &DatabaseSession::storeChanged,
                     analysis,
                     [analysis, session](const std::shared_ptr<AsyncKVStore> &store, bool) {
                         analysis->setStore(store, session->auditDatabaseName());
                     });
    QTabWidget *views = view.views();
    QObject::connect(analysis, &AnalysisView::treeRequested, &view, [&view, views](const Key &key) {
        views->setCurrentWidget(view.keysView());
        view.tree()->goToKey(key);
    });
    QObject::connect(analysis,
                     &AnalysisView::valueSearchRequested,
                     &view,
                     [views](const Key &prefix, const QString &condition) {
                         auto *search = views->findChild<SearchView *>(QStringLiteral("search"));
                         if (!search)
                             return;
                         search->showValues(true);
                         ValueSearchPane *values = search->values();
                         values->setPrefix(prefix);
                         QComboBox *mode = values->modeBox();
                         mode->setCurrentIndex(
                             mode->findData(int(ValueSearchRequest::Mode::Condition)));
                         values->textEdit()->setText(condition);
                         views->setCurrentWidget(search);
                         values->startSearch();
                     });
    // A finding about storage or expired entries goes where it is acted on: the Maintenance
    // view; one about dead letters, the Queues view (its dead letters, retry and purge).
    QObject::connect(analysis,
                     &AnalysisView::maintenanceRequested,
                     &view,
                     [&view, views](const QString &rule, const QString &) {
                         if (rule == QLatin1String("old-dead-letters")) {
                             views->setCurrentWidget(view.queues());
                             return;
                         }
                         view.maintenance()->reveal();
                     });
}

} // namespace kvs::ui
