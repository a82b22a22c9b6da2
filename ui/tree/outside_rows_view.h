#pragma once

#include <kvs/async_kvstore.h>

#include <QTreeView>

#include <functional>
#include <memory>
#include <string>

class QMenu;

namespace kvs::ui {

class OutsideRowsModel;

// The key tree's "Rows outside the key space" node: a one-node tree under the key tree, shown
// only while such rows exist (OutsideRowsModel). Selecting a row asks the guard first (an unsaved
// edit), then emits rowSelected, which the inspector shows (its key as hex, its value decoded
// when it decodes, else as hex). Its menu copies the key's hex and deletes the row by its key
// bytes after a confirmation. Thread rule: GUI thread only.
class OutsideRowsView : public QTreeView
{
    Q_OBJECT

public:
    explicit OutsideRowsView(QWidget *parent = nullptr);
    ~OutsideRowsView() override;

    OutsideRowsModel *rowsModel() const { return m_model; }
    // The store scanned and written to; writable enables Delete.
    void setStore(std::shared_ptr<AsyncKVStore> store, bool writable);
    // Scans again.
    void refresh();
    // Asked before a row here becomes current (false: the selection stays where it was).
    void setLeaveGuard(std::function<bool()> guard) { m_leaveGuard = std::move(guard); }
    // Drops the current row without a signal (a row of the key tree was selected).
    void clearCurrent();
    // The context menu of the row at index (deleted when it closes).
    QMenu *rowMenu(const QModelIndex &index);
    // Asks, then deletes the row at encodedKey; rowDeleted() once it is gone. False when it
    // was not asked (no store, read-only).
    bool deleteRow(const std::string &encodedKey);
    // The row at encodedKey was deleted (here or from the inspector): its row goes, and the
    // current row is dropped if it was that one (rowCleared()).
    void noteRowDeleted(const std::string &encodedKey);

signals:
    void rowSelected(const std::string &encodedKey);
    // The current row went away (deleted, or the rows were read again without it).
    void rowCleared();
    void rowDeleted(const std::string &encodedKey);
    // A delete failed: the store's message.
    void deleteFailed(const QString &message);

protected:
    void currentChanged(const QModelIndex &current, const QModelIndex &previous) override;

private:
    void fitHeight();

    OutsideRowsModel *m_model; // Owned (child).
    std::shared_ptr<AsyncKVStore> m_store;
    bool m_writable = false;
    std::function<bool()> m_leaveGuard;
    std::string m_current;    // the row shown (empty: none)
    bool m_restoring = false; // putting the current row back after the guard said no
};

} // namespace kvs::ui
