#pragma once

#include <kvs/types.h>

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace kvs::ui {

// A message as the browser shows it: of any status; failedAt only for a dead one.
struct BrowsedMessage : QueuePeekMessage
{
    std::optional<std::int64_t> failedAt;

    static BrowsedMessage of(QueuePeekMessage message);
    static BrowsedMessage of(QueueDeadMessage message);
    // The fields DeadLetterFilter reads.
    QueueDeadMessage forFilter() const;
};

// The messages of one topic and status that the browser's filter matched, in id order, page by
// page. Thread rule: GUI thread only.
class QueueMessageModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Id,
        Enqueued,
        Due,
        Attempts,
        LeaseExpiry,
        Failed,
        LastError,
        Payload,
        ColumnCount
    };

    explicit QueueMessageModel(QObject *parent = nullptr);

    void clear();
    void appendPage(std::vector<BrowsedMessage> messages);
    // Takes the messages of ids out (after a retry or delete).
    void removeIds(const std::vector<double> &ids);
    const BrowsedMessage *messageAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<BrowsedMessage> m_messages;
};

} // namespace kvs::ui
