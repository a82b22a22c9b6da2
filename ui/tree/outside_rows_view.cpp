#include "tree/outside_rows_view.h"

#include "common/confirm_destructive.h"
#include "tree/outside_rows_model.h"

#include <kvs/future.h>
#include <kvs/undo_step.h>

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMenu>
#include <QPushButton>

#include <utility>

namespace kvs::ui {

namespace {

// Rows shown at most when expanded; more scroll.
constexpr int kMaxVisibleRows = 8;

QString hexOf(const std::string &bytes)
{
    return QString::fromLatin1(QByteArray::fromStdString(bytes).toHex());
}

} // namespace

OutsideRowsView::OutsideRowsView(QWidget *parent)
    : QTreeView(parent)
    , m_model(new OutsideRowsModel(this))
{
    setObjectName(QStringLiteral("outsideRows"));
    setModel(m_model);
    setHeaderHidden(true);
    setUniformRowHeights(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setContextMenuPolicy(Qt::CustomContextMenu);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    hide(); // until a scan finds rows
    connect(this, &QWidget::customContextMenuRequested, this, [this](const QPoint &position) {
        const QModelIndex index = indexAt(position);
        if (index.isValid())
            rowMenu(index)->popup(viewport()->mapToGlobal(position));
    });
    auto *remove = new QAction(this);
    remove->setObjectName(QStringLiteral("deleteOutsideRow"));
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    addAction(remove);
    connect(remove, &QAction::triggered, this, [this] {
        const std::string key = m_model->encodedKeyAt(currentIndex());
        if (!key.empty())
            deleteRow(key);
    });
    connect(this, &QTreeView::expanded, this, &OutsideRowsView::fitHeight);
    connect(this, &QTreeView::collapsed, this, &OutsideRowsView::fitHeight);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        // The rows were read again: the row shown stays current if it is still there.
        const QModelIndex again = m_model->indexOfKey(m_current);
        if (again.isValid()) {
            expand(m_model->groupIndex());
            m_restoring = true;
            setCurrentIndex(again);
            m_restoring = false;
        } else if (!std::exchange(m_current, {}).empty()) {
            emit rowCleared();
        }
        fitHeight();
    });
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &OutsideRowsView::fitHeight);
}

OutsideRowsView::~OutsideRowsView() = default;

void OutsideRowsView::setStore(std::shared_ptr<AsyncKVStore> store, bool writable)
{
    const bool same = store && store == m_store;
    m_writable = writable && store;
    m_store = store;
    if (!same)
        m_model->setStore(std::move(store));
}

void OutsideRowsView::refresh()
{
    m_model->refresh();
}

void OutsideRowsView::clearCurrent()
{
    m_current.clear();
    m_restoring = true;
    selectionModel()->clear();
    m_restoring = false;
}

void OutsideRowsView::currentChanged(const QModelIndex &current, const QModelIndex &previous)
{
    QTreeView::currentChanged(current, previous);
    if (m_restoring)
        return;
    const std::string key = m_model->encodedKeyAt(current);
    if (key.empty() || key == m_current)
        return; // the group row, or the row shown
    if (m_leaveGuard && !m_leaveGuard()) {
        m_restoring = true;
        if (previous.isValid())
            selectionModel()->setCurrentIndex(previous, QItemSelectionModel::ClearAndSelect);
        else
            selectionModel()->clear();
        m_restoring = false;
        return;
    }
    m_current = key;
    emit rowSelected(key);
}

void OutsideRowsView::fitHeight()
{
    const int rows = m_model->rowCount();
    setVisible(rows > 0);
    if (rows == 0)
        return;
    const QModelIndex group = m_model->groupIndex();
    const int shown
        = isExpanded(group) ? 1 + std::min(m_model->rowCount(group), kMaxVisibleRows) : 1;
    const int rowHeight = std::max(sizeHintForRow(0), fontMetrics().height() + 4);
    setFixedHeight(shown * rowHeight + 2 * frameWidth() + 2);
}

QMenu *OutsideRowsView::rowMenu(const QModelIndex &index)
{
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    const std::string key = m_model->encodedKeyAt(index);
    QAction *copy = menu->addAction(tr("Copy key (hex)"));
    copy->setObjectName(QStringLiteral("menuCopyOutsideHex"));
    copy->setEnabled(!key.empty());
    connect(copy, &QAction::triggered, this, [key] {
        QGuiApplication::clipboard()->setText(hexOf(key));
    });
    QAction *remove = menu->addAction(tr("Delete row…"));
    remove->setObjectName(QStringLiteral("menuDeleteOutsideRow"));
    remove->setShortcut(QKeySequence::Delete);
    remove->setEnabled(!key.empty() && m_writable);
    if (!m_writable)
        remove->setToolTip(tr("Read-only: switch on Allow writes to delete rows."));
    connect(remove, &QAction::triggered, this, [this, key] { deleteRow(key); });
    menu->addSeparator();
    QAction *rescan = menu->addAction(tr("Scan again"));
    rescan->setObjectName(QStringLiteral("menuRescanOutside"));
    connect(rescan, &QAction::triggered, this, &OutsideRowsView::refresh);
    return menu;
}

bool OutsideRowsView::deleteRow(const std::string &encodedKey)
{
    if (!m_store || !m_writable || encodedKey.empty())
        return false;
    if (!confirmDestructive(
            this,
            {QStringLiteral("confirmDeleteOutsideRow"),
             tr("Delete row"),
             tr("Delete the row stored at key %1?").arg(hexOf(encodedKey)),
             undoJournalOf(*m_store)
                 ? tr("Its key lies outside the key space, so no kvs call lists it. The row is "
                      "deleted by its key bytes, in one transaction; Edit > Undo writes its bytes "
                      "back.")
                 : tr("Its key lies outside the key space, so no kvs call lists it. The row is "
                      "deleted by its key bytes, in one transaction. This cannot be undone."),
             tr("Delete")}))
        return true;
    kvs::then(removeRawStep(m_store, encodedKey), this, [this, encodedKey](QFuture<void> done) {
        try {
            done.waitForFinished();
        } catch (const std::exception &error) {
            emit deleteFailed(QString::fromStdString(error.what()));
            return;
        }
        noteRowDeleted(encodedKey);
        emit rowDeleted(encodedKey);
    });
    return true;
}

void OutsideRowsView::noteRowDeleted(const std::string &encodedKey)
{
    if (encodedKey == m_current) {
        clearCurrent();
        emit rowCleared();
    }
    m_model->removeKey(encodedKey);
}

} // namespace kvs::ui
