#include "restore/tab_state_capture.h"

#include "session/database_session.h"
#include "session/database_view.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_pane.h"

#include <kvs/errors.h>
#include <kvs/literal.h>

#include <QSplitter>
#include <QTabWidget>
#include <QTreeView>

#include <functional>

namespace kvs::ui {

namespace {

QString literalOf(const Key &key)
{
    return QString::fromStdString(printKeyLiteral(key));
}

// The expanded nodes under parent, parents before their children, up to the cap.
void collectExpanded(const KeyTreePane &tree, const QModelIndex &parent, QStringList *keys)
{
    const KeyTreeModel *model = tree.model();
    for (int row = 0; row < model->rowCount(parent); ++row) {
        if (keys->size() >= kMaxRememberedExpansions)
            return;
        const QModelIndex index = model->index(row, 0, parent);
        if (!tree.view()->isExpanded(index))
            continue;
        if (const std::optional<Key> key = model->keyAt(index)) {
            keys->append(literalOf(*key));
            collectExpanded(tree, index, keys);
        }
    }
}

} // namespace

QString objectPath(const QObject &object, const QObject &view)
{
    QStringList steps;
    for (const QObject *at = &object; at && at != &view; at = at->parent()) {
        const QObject *parent = at->parent();
        int position = 0;
        if (parent) {
            for (const QObject *sibling : parent->children()) {
                if (sibling == at)
                    break;
                if (qstrcmp(sibling->metaObject()->className(), at->metaObject()->className()) == 0)
                    ++position;
            }
        }
        steps.prepend(QStringLiteral("%1[%2]")
                          .arg(QString::fromLatin1(at->metaObject()->className()))
                          .arg(position));
    }
    return steps.join(QLatin1Char('/'));
}

TabState captureTab(const DatabaseView &view)
{
    TabState tab;
    tab.spec = view.session()->spec();
    tab.spec.setCreateNew(false);
    if (const QWidget *shown = view.views()->currentWidget())
        tab.view = QString::fromLatin1(shown->metaObject()->className());
    if (const std::optional<Key> key = view.tree()->selectedKey())
        tab.selectedKey = literalOf(*key);
    collectExpanded(*view.tree(), {}, &tab.expandedKeys);
    for (const QSplitter *splitter : view.findChildren<QSplitter *>())
        tab.splitters.insert(objectPath(*splitter, view), splitter->saveState());
    return tab;
}

TabStateApplier::TabStateApplier(DatabaseView *view, TabState state)
    : QObject(view)
    , m_view(view)
    , m_state(std::move(state))
{
    QTabWidget *views = view->views();
    for (int index = 0; index < views->count(); ++index)
        if (QString::fromLatin1(views->widget(index)->metaObject()->className()) == m_state.view)
            views->setCurrentIndex(index);
    for (QSplitter *splitter : view->findChildren<QSplitter *>()) {
        const auto saved = m_state.splitters.constFind(objectPath(*splitter, *view));
        if (saved != m_state.splitters.cend())
            splitter->restoreState(*saved);
    }
    m_pending = m_state.expandedKeys;
    if (view->session()->store()) {
        start();
        return;
    }
    connect(view->session(),
            &DatabaseSession::storeChanged,
            this,
            &TabStateApplier::start,
            Qt::SingleShotConnection);
    // A database that does not open has no tree to put back.
    connect(view->session(), &DatabaseSession::problem, this, [this] {
        if (!m_view->session()->store()) {
            emit finished();
            deleteLater();
        }
    });
}

void TabStateApplier::start()
{
    disconnect(m_view->session(), &DatabaseSession::problem, this, nullptr);
    connect(m_view->tree(), &KeyTreePane::goToFinished, this, [this](bool found) {
        if (found && !m_selecting)
            m_view->tree()->view()->expand(m_view->tree()->view()->currentIndex());
        next();
    });
    next();
}

void TabStateApplier::next()
{
    while (!m_pending.isEmpty()) {
        const QString literal = m_pending.takeFirst();
        try {
            m_view->tree()->goToKey(parseKeyLiteral(literal.toStdString()));
            return; // goToFinished calls next()
        } catch (const Error &) {
            continue; // not a key literal (an edited file): skipped
        }
    }
    if (!m_selecting && !m_state.selectedKey.isEmpty()) {
        m_selecting = true;
        m_pending.append(m_state.selectedKey);
        next();
        return;
    }
    emit finished();
    deleteLater();
}

} // namespace kvs::ui
