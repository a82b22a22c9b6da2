#include "tree/key_tree_pane.h"

#include "common/message_banner.h"
#include "tree/key_path_finder.h"
#include "tree/key_row_actions.h"
#include "tree/key_tree_columns.h"
#include "tree/key_tree_filter_bar.h"
#include "tree/key_tree_model.h"
#include "tree/outside_rows_model.h"
#include "tree/outside_rows_view.h"
#include "tree/placeholder_loader.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <utility>

namespace kvs::ui {

KeyTreePane::KeyTreePane(QWidget *parent)
    : QWidget(parent)
    , m_filterBar(new KeyTreeFilterBar(this))
    , m_model(new KeyTreeModel(this))
    , m_view(new QTreeView(this))
    , m_busy(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_banner(new MessageBanner(MessageBanner::Tone::Error, this))
    , m_finder(new KeyPathFinder(m_model, this))
    , m_rowActions(new KeyRowActions(m_view, m_model, this))
    , m_outside(new OutsideRowsView(this))
{
    m_view->setModel(m_model);
    m_view->setObjectName(QStringLiteral("keyTree"));
    m_view->setUniformRowHeights(true); // a million rows stay fast to lay out
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, &KeyTreePane::showRowMenu);
    // Placeholders and next pages read when scrolled into view, not by the view's layout.
    m_model->loader()->setNextPagesOnDemand(true);
    new PlaceholderLoader(m_view, m_model, this);
    // After a delete asked for with the Del key, the rows removed kept their old pixels in the
    // viewport (a row shown twice, the parent's old count) until something else repainted it;
    // seen on X11 with and without a window manager, not after a delete from the inspector's
    // button. One more repaint once the removal is done settles it.
    connect(
        m_model,
        &QAbstractItemModel::rowsRemoved,
        m_view->viewport(),
        [this] { m_view->viewport()->update(); },
        Qt::QueuedConnection);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(KeyTreeModel::PartColumn, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(KeyTreeModel::TypeColumn, QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(KeyTreeModel::ChildrenColumn,
                                           QHeaderView::ResizeToContents);
    // Those columns measure the rows in view: by default each relayout measured up to 1,000 rows
    // (a page), a stall of the GUI thread whenever a page came in.
    m_view->header()->setResizeContentsPrecision(0);
    m_columns = new KeyTreeColumns(m_view, m_model);

    m_busy->setRange(0, 0); // indeterminate
    m_busy->setMaximumHeight(12);
    m_busy->setTextVisible(false);
    auto *busyRow = new QWidget(this);
    auto *busyLayout = new QHBoxLayout(busyRow);
    busyLayout->setContentsMargins(0, 0, 0, 0);
    busyLayout->addWidget(new QLabel(tr("Loading keys…"), busyRow));
    busyLayout->addWidget(m_busy, 1);
    busyLayout->addWidget(m_cancel);
    busyRow->setObjectName(QStringLiteral("busyRow"));
    busyRow->hide();

    auto *retry = new QPushButton(tr("Retry"), m_banner);
    m_banner->addButton(retry);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_filterBar);
    layout->addWidget(m_banner);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_outside);
    layout->addWidget(busyRow);
    connectOutsideRows();

    // Queued: the tree view starts listings from inside its item layout (fetchMore of expanded
    // nodes), and showing the row resizes the view at once; mid-layout, its scroll bar would be
    // computed from a half-built row list and fall back to the top.
    connect(
        m_model->loader(),
        &KeyTreeLoader::loadingChanged,
        busyRow,
        [this, busyRow] { busyRow->setVisible(m_model->loader()->loadingCount() > 0); },
        Qt::QueuedConnection);
    connect(m_model->loader(), &KeyTreeLoader::loadFailed, this, [this](const QString &message) {
        m_loadFailureShown = true;
        m_banner->showMessage(message);
    });
    // A page that arrives ends a listing failure's message, not what "Go to key" said.
    connect(m_model->loader(), &KeyTreeLoader::pageLoaded, this, [this] {
        if (std::exchange(m_loadFailureShown, false))
            m_banner->hide();
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_finder->cancel();
        m_model->loader()->cancelLoading();
    });
    connect(retry, &QPushButton::clicked, this, &KeyTreePane::refresh);
    // Ctrl+F: the filter's prefix; Ctrl+L: "go to key" (a browser's location bar). A hidden
    // tab's pane takes no shortcut, so each window has one of each.
    const auto focusShortcut
        = [this](const QKeySequence &keys, const char *name, const QString &text, QLineEdit *edit) {
              auto *action = new QAction(text, this);
              action->setObjectName(QString::fromLatin1(name));
              action->setShortcut(keys);
              action->setShortcutContext(Qt::WindowShortcut);
              addAction(action);
              connect(action, &QAction::triggered, edit, [edit] {
                  edit->setFocus(Qt::ShortcutFocusReason);
                  edit->selectAll();
              });
          };
    focusShortcut(QKeySequence::Find,
                  "focusFilter",
                  tr("Type a prefix to filter by"),
                  m_filterBar->prefixEdit());
    focusShortcut(QKeySequence(Qt::CTRL | Qt::Key_L),
                  "focusGoTo",
                  tr("Type a key to go to"),
                  m_filterBar->goToEdit());
    connect(m_filterBar, &KeyTreeFilterBar::filterApplied, this, &KeyTreePane::applyFilter);
    connect(m_filterBar, &KeyTreeFilterBar::goToKeyRequested, this, &KeyTreePane::goToKey);
    connect(m_view->selectionModel(),
            &QItemSelectionModel::currentChanged,
            this,
            &KeyTreePane::onCurrentChanged);
    connect(m_model, &QAbstractItemModel::modelReset, this, &KeyTreePane::selectionCleared);
    connect(m_finder, &KeyPathFinder::levelFound, m_view, &QTreeView::expand);
    connect(m_finder,
            &KeyPathFinder::finished,
            this,
            [this](const QModelIndex &found, const QString &message) {
                if (found.isValid()) {
                    m_view->setCurrentIndex(found);
                    m_view->scrollTo(found);
                } else {
                    m_loadFailureShown = false;
                    m_banner->showMessage(message);
                }
                emit goToFinished(found.isValid(), message);
            });
}

KeyTreePane::~KeyTreePane() = default;

void KeyTreePane::connectOutsideRows()
{
    // One current row in the pane: a row outside the key space or one of the tree.
    m_outside->setLeaveGuard([this] { return !m_leaveGuard || m_leaveGuard(); });
    connect(m_outside, &OutsideRowsView::rowSelected, this, [this](const std::string &key) {
        m_heldBack = QPersistentModelIndex();
        m_restoring = true;
        m_view->selectionModel()->clear();
        m_restoring = false;
        emit keySelected(key, true);
    });
    connect(m_outside, &OutsideRowsView::rowCleared, this, &KeyTreePane::selectionCleared);
    connect(m_outside, &OutsideRowsView::deleteFailed, this, [this](const QString &message) {
        m_loadFailureShown = false;
        m_banner->showMessage(tr("Could not delete the row: %1").arg(message));
    });
}

void KeyTreePane::setStore(std::shared_ptr<AsyncKVStore> store)
{
    m_banner->hide();
    m_outside->setStore(store, false);
    m_model->loader()->setStore(std::move(store), m_model->filter());
}

void KeyTreePane::setClock(std::shared_ptr<Clock> clock)
{
    m_columns->setClock(std::move(clock));
}

void KeyTreePane::refresh()
{
    m_banner->hide();
    m_model->loader()->refresh();
    m_outside->refresh();
}

void KeyTreePane::goToKey(const Key &key)
{
    m_banner->hide();
    m_finder->find(key);
}

QString KeyTreePane::errorText() const
{
    return m_banner->message();
}

std::optional<Key> KeyTreePane::selectedKey() const
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return std::nullopt;
    return m_model->keyAt(current);
}

QMenu *KeyTreePane::rowMenu(const QModelIndex &index)
{
    auto *menu = new QMenu(m_view);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QAction *add = menu->addAction(tr("Add to transaction"));
    add->setObjectName(QStringLiteral("addToTransaction"));
    add->setToolTip(tr("Adds a check of this key at the version it has now to the database's "
                       "Transaction tab."));
    // Raw (undecodable) keys and the placeholders of unread children have no key literal.
    const std::optional<Key> key = index.isValid() ? m_model->keyAt(index) : std::nullopt;
    add->setEnabled(key.has_value());
    if (key) {
        connect(add, &QAction::triggered, this, [this, key = *key] {
            emit addToTransactionRequested(key);
        });
    }
    m_rowActions->addTo(menu, index);
    return menu;
}

void KeyTreePane::showRowMenu(const QPoint &position)
{
    const QModelIndex index = m_view->indexAt(position);
    if (!index.isValid()) {
        emit emptyAreaMenuRequested(m_view->viewport()->mapToGlobal(position));
        return;
    }
    rowMenu(index)->popup(m_view->viewport()->mapToGlobal(position));
}

std::optional<std::string> KeyTreePane::currentEncodedKey() const
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid()) {
        const std::string outside = m_outside->rowsModel()->encodedKeyAt(m_outside->currentIndex());
        return outside.empty() ? std::nullopt : std::optional<std::string>(outside);
    }
    return m_model->encodedKeyAt(current);
}

void KeyTreePane::applyFilter(const KeyTreeFilter &filter)
{
    // A new filter reads the tree again and drops the row shown: an unsaved edit asks first.
    m_pendingFilter.reset();
    if (m_leaveGuard && !m_leaveGuard()) {
        m_pendingFilter = filter; // Save: applied once saved (resumeLeave)
        m_filterBar->showFilter(m_model->filter());
        return;
    }
    m_model->loader()->setFilter(filter);
}

void KeyTreePane::resumeLeave()
{
    if (std::optional<KeyTreeFilter> filter = std::exchange(m_pendingFilter, std::nullopt)) {
        m_filterBar->showFilter(*filter);
        m_model->loader()->setFilter(*filter);
        return;
    }
    const QModelIndex target = std::exchange(m_heldBack, {});
    if (!target.isValid())
        return;
    m_view->setCurrentIndex(target);
    m_view->scrollTo(target);
}

void KeyTreePane::onCurrentChanged(const QModelIndex &current, const QModelIndex &previous)
{
    if (m_restoring)
        return;
    m_heldBack = QPersistentModelIndex();
    if (m_leaveGuard && previous.isValid() && current.isValid()
        && current.siblingAtColumn(0) != previous.siblingAtColumn(0) && !m_leaveGuard()) {
        m_heldBack = current;
        m_restoring = true;
        m_view->selectionModel()->setCurrentIndex(
            previous, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_restoring = false;
        return;
    }
    if (!current.isValid()) {
        emit selectionCleared();
        return;
    }
    m_outside->clearCurrent();
    if (current.data(KeyTreeModel::IsGapRole).toBool()) {
        // A placeholder for unread children: reading them is what selecting it can mean.
        m_model->fetchMore(current.siblingAtColumn(0));
        emit selectionCleared();
        return;
    }
    emit keySelected(m_model->encodedKeyAt(current),
                     current.data(KeyTreeModel::HasValueRole).toBool());
}

} // namespace kvs::ui
