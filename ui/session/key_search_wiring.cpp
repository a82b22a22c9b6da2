#include "session/key_search_wiring.h"

#include "search/key_search_pane.h"
#include "session/database_view.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <QAction>
#include <QTabWidget>
#include <QTreeView>

namespace kvs::ui {

Key searchPrefixFor(const KeyTreePane &tree)
{
    Key key = tree.selectedKey().value_or(Key{});
    // A leaf has nothing below it to search: its parent's subtree holds it and its siblings.
    const QModelIndex current = tree.view()->currentIndex().siblingAtColumn(0);
    if (!key.empty() && current.isValid() && !tree.model()->hasChildren(current))
        key.pop_back();
    return key;
}

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
    // The whole window's, wherever the focus is (a click on a tab leaves it outside the view):
    // only the shown tab's view is visible, and Qt matches only a visible widget's action.
    open->setShortcutContext(Qt::WindowShortcut);
    view.addAction(open);
    QObject::connect(open, &QAction::triggered, pane, [&view, pane, views] {
        pane->setPrefix(searchPrefixFor(*view.tree()));
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
