#include "session/key_search_wiring.h"

#include "atomic/transaction_controller.h"
#include "atomic/transaction_model.h"
#include "atomic/transaction_pane.h"
#include "search/key_search_pane.h"
#include "search/search_view.h"
#include "search/value_search_pane.h"
#include "session/database_view.h"
#include "tree/key_tree_loader.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/audit_log.h>

#include <QAction>
#include <QLineEdit>
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

SearchView *addKeySearch(DatabaseView &view)
{
    QTabWidget *views = view.views();
    auto *search = new SearchView(views);
    search->setObjectName(QStringLiteral("search"));
    KeySearchPane *pane = search->keys();
    ValueSearchPane *values = search->values();
    // The Keys view is the first tab: found keys open there.
    QWidget *keys = views->widget(0);
    views->insertTab(1, search, KeySearchPane::tr("Search"));
    DatabaseSession *session = view.session();
    pane->setStore(session->store());
    values->setStore(session->store(), session->isWritable(), session->auditDatabaseName());
    QObject::connect(
        session,
        &DatabaseSession::storeChanged,
        search,
        [pane, values, session](const std::shared_ptr<AsyncKVStore> &store, bool writable) {
            pane->setStore(store);
            values->setStore(store, writable, session->auditDatabaseName());
        });

    auto *open = new QAction(KeySearchPane::tr("Search keys…"), &view);
    open->setObjectName(QStringLiteral("searchKeys"));
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    // The whole window's, wherever the focus is (a click on a tab leaves it outside the view):
    // only the shown tab's view is visible, and Qt matches only a visible widget's action.
    open->setShortcutContext(Qt::WindowShortcut);
    view.addAction(open);
    QObject::connect(open, &QAction::triggered, search, [&view, search, views] {
        const Key prefix = searchPrefixFor(*view.tree());
        search->keys()->setPrefix(prefix);
        search->values()->setPrefix(prefix);
        views->setCurrentWidget(search);
        if (search->showsValues())
            search->values()->focusText();
        else
            search->keys()->focusText();
    });
    // The values mode starts under the tree's selected node (its parent for a leaf) until the
    // user types a prefix of their own.
    const auto followTree = [&view, search] {
        QLineEdit *prefix = search->values()->prefixEdit();
        if (search->isVisible() && !prefix->isModified())
            search->values()->setPrefix(searchPrefixFor(*view.tree()));
    };
    QObject::connect(views, &QTabWidget::currentChanged, search, followTree);
    QObject::connect(search->modes(), &QTabWidget::currentChanged, search, followTree);
    const auto openKey = [&view, views, keys](const Key &key) {
        views->setCurrentWidget(keys);
        view.tree()->goToKey(key);
    };
    QObject::connect(pane, &KeySearchPane::keyActivated, &view, openKey);
    QObject::connect(values, &ValueSearchPane::keyActivated, &view, openKey);
    // Checks of the entries found go to the Transaction view, which the user commits from.
    QObject::connect(values,
                     &ValueSearchPane::checksRequested,
                     &view,
                     [&view, views](const std::vector<Check> &checks) {
                         TransactionModel *model = view.transaction()->controller()->model();
                         for (const Check &check : checks)
                             (void)model->addRow(rowOf(check));
                         views->setCurrentWidget(view.transaction());
                     });
    QObject::connect(values, &ValueSearchPane::dataChanged, &view, [&view] {
        view.tree()->model()->loader()->refresh();
    });
    return search;
}

} // namespace kvs::ui
