#include "session/key_search_wiring.h"

#include "search/key_search_pane.h"
#include "session/database_view.h"
#include "tree/key_tree_pane.h"

#include <QAction>
#include <QTabWidget>

namespace kvs::ui {

KeySearchPane *addKeySearch(DatabaseView &view)
{
    QTabWidget *views = view.views();
    auto *pane = new KeySearchPane(views);
    pane->setObjectName(QStringLiteral("keySearch"));
    // The Keys view is the first tab: found keys open there.
    QWidget *keys = views->widget(0);
    views->insertTab(1, pane, KeySearchPane::tr("Search"));
    pane->setStore(view.session()->store());
    QObject::connect(
        view.session(),
        &DatabaseSession::storeChanged,
        pane,
        [pane](const std::shared_ptr<AsyncKVStore> &store, bool) { pane->setStore(store); });

    auto *open = new QAction(KeySearchPane::tr("Search keys…"), &view);
    open->setObjectName(QStringLiteral("searchKeys"));
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    open->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    view.addAction(open);
    QObject::connect(open, &QAction::triggered, pane, [&view, pane, views] {
        pane->setPrefix(view.tree()->selectedKey().value_or(Key{}));
        views->setCurrentWidget(pane);
        pane->focusText();
    });
    QObject::connect(
        pane, &KeySearchPane::keyActivated, &view, [&view, views, keys](const Key &key) {
            views->setCurrentWidget(keys);
            view.tree()->goToKey(key);
        });
    return pane;
}

} // namespace kvs::ui
