#pragma once

#include <kvs/async_kvstore.h>

#include <QAbstractItemModel>
#include <QFutureWatcher>
#include <QStringList>

#include <memory>
#include <string>
#include <vector>

namespace kvs::ui {

// The rows whose key lies outside the key space (a first byte outside 0x01..0x06, so no list()
// and no key tree listing selects them), found by a raw scan of those two byte ranges
// (kvs::readKeys over KeyRange::outsideKeySpace()). One top-level row, "Rows outside the key
// space", exists only when such rows do; its children are their keys as hex, in byte order, with
// the undecodable badge. At most kLimit are listed (the top row then says so).
//
// The scan runs on a worker thread; its result enters the model in one reset on the GUI thread,
// and an older scan's result is dropped (generation token). Thread rule: GUI thread only.
class OutsideRowsModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    static constexpr int kLimit = 1000;
    enum Role {
        EncodedKeyRole = Qt::UserRole + 1, // QByteArray: the row's key bytes (children only)
        IsGroupRole,                       // bool: the "Rows outside the key space" row
    };

    explicit OutsideRowsModel(QObject *parent = nullptr);
    ~OutsideRowsModel() override;

    // Scans store (null: no rows). Returns at once.
    void setStore(std::shared_ptr<AsyncKVStore> store);
    // Scans again (the model keeps its rows until the new scan arrives).
    void refresh();
    // The row at encodedKey was deleted: its row goes (the top row too when it was the last).
    void removeKey(const std::string &encodedKey);

    // The keys listed, in byte order; whether there were more than kLimit.
    const std::vector<std::string> &keys() const { return m_keys; }
    bool hasMore() const { return m_more; }
    bool isScanning() const { return m_watcher.isRunning(); }
    // The child row of encodedKey, or an invalid index.
    QModelIndex indexOfKey(const std::string &encodedKey) const;
    std::string encodedKeyAt(const QModelIndex &index) const;
    // The group row (invalid when there are no rows).
    QModelIndex groupIndex() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

signals:
    // A scan ended (its rows are in); failed: the message when it could not read.
    void scanned();
    void scanFailed(const QString &message);

private:
    struct Scan
    {
        quint64 generation = 0;
        std::vector<std::string> keys;
        bool more = false;
        QString error;
    };
    void onScanned(const Scan &scan);

    std::shared_ptr<AsyncKVStore> m_store;
    std::vector<std::string> m_keys;
    bool m_more = false;
    quint64 m_generation = 0;
    QFutureWatcher<Scan> m_watcher;
};

} // namespace kvs::ui
