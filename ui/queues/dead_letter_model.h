#pragma once

#include <kvs/types.h>

#include <QAbstractTableModel>

#include <vector>

namespace kvs::ui {

// The dead letters of one topic that the browser's filter matched, in id order, page by page.
// Thread rule: GUI thread only.
class DeadLetterModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Id, Failed, Attempts, LastError, Payload, ColumnCount };

    explicit DeadLetterModel(QObject *parent = nullptr);

    void clear();
    void appendPage(std::vector<QueueDeadMessage> messages);
    // Takes the messages of ids out (after a retry or delete).
    void removeIds(const std::vector<double> &ids);
    const QueueDeadMessage *messageAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<QueueDeadMessage> m_messages;
};

} // namespace kvs::ui
