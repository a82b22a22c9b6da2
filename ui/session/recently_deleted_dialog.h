#pragma once

#include <kvs/async_kvstore.h>
#include <kvs/recycle_bin.h>

#include <QDialog>

#include <memory>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace kvs::ui {

// Edit ▸ Recently Deleted…: the recycle bin's items (kvs/recycle_bin.h), newest first: what was
// deleted, when, how many entries, from which database, and whether it was restored (when, how
// many put back and skipped). Restore writes the chosen item back into this tab's database (only
// an item of this database, only while writes are allowed, only once), off the GUI thread,
// skipping the keys written since, which it counts and lists. A restored item stays listed, as
// the bin keeps it (its skipped entries are only there), with Restore off. Thread rule: GUI
// thread only.
class RecentlyDeletedDialog : public QDialog
{
    Q_OBJECT

public:
    // store: the tab's (null or read-only: Restore is off); bin: the tab's recycle bin (its
    // database's name decides which items this tab may restore).
    RecentlyDeletedDialog(std::shared_ptr<AsyncKVStore> store,
                          std::shared_ptr<RecycleBin> bin,
                          QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QPushButton *restoreButton() const { return m_restore; }
    // What the last restore did ("" until one ended).
    QString resultText() const;
    bool restoring() const { return m_restoring; }

    // Reads the items again (the folder may have changed).
    void reload();

signals:
    void restored(bool ok);

private:
    void restoreSelected();
    void updateButton();

    std::shared_ptr<AsyncKVStore> m_store;
    std::shared_ptr<RecycleBin> m_bin;
    std::vector<RecycledItem> m_items;
    QTableWidget *m_table;  // Owned (child).
    QPushButton *m_restore; // Owned (child).
    QLabel *m_result;       // Owned (child).
    bool m_restoring = false;
};

} // namespace kvs::ui
