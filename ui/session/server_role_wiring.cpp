#include "session/server_role_wiring.h"

#include "session/database_view.h"
#include "session/server_role_status.h"

#include <QAction>
#include <QLabel>
#include <QToolBar>

namespace kvs::ui {

ServerRoleStatus *addServerRoleStatus(DatabaseView &view)
{
    DatabaseSession *session = view.session();
    auto *status = new ServerRoleStatus(session->monitor(), &view);
    status->setObjectName(QStringLiteral("serverRoleStatus"));
    auto *label = new QLabel(view.toolBar());
    label->setObjectName(QStringLiteral("serverRole"));
    label->setContentsMargins(8, 0, 0, 0);
    QAction *shown = view.toolBar()->addWidget(label);
    shown->setVisible(false);
    auto *tlsLabel = new QLabel(view.toolBar());
    tlsLabel->setObjectName(QStringLiteral("connectionTls"));
    tlsLabel->setContentsMargins(8, 0, 0, 0);
    QAction *tlsShown = view.toolBar()->addWidget(tlsLabel);
    tlsShown->setVisible(false);
    QObject::connect(status, &ServerRoleStatus::updated, tlsLabel, [status, tlsLabel, tlsShown] {
        tlsLabel->setText(status->tlsText());
        tlsLabel->setToolTip(status->tlsToolTip());
        tlsShown->setVisible(!status->tlsText().isEmpty());
    });

    QObject::connect(
        session,
        &DatabaseSession::storeChanged,
        status,
        [status](const std::shared_ptr<AsyncKVStore> &store, bool) { status->setStore(store); });
    // Allow writes keeps its own tooltip for any server that takes writes.
    QAction *allowWrites = view.allowWritesAction();
    QObject::connect(status,
                     &ServerRoleStatus::updated,
                     label,
                     [status,
                      label,
                      shown,
                      allowWrites,
                      ownTip = allowWrites->toolTip(),
                      off = false]() mutable {
                         const QString text = status->text();
                         label->setText(text);
                         label->setToolTip(status->isStandby() ? status->writesRefusedText()
                                                               : QString());
                         shown->setVisible(!text.isEmpty());
                         if (status->isStandby() != off) {
                             off = status->isStandby();
                             allowWrites->setEnabled(!off);
                             allowWrites->setToolTip(off ? status->writesRefusedText() : ownTip);
                         }
                     });
    return status;
}

} // namespace kvs::ui
