#pragma once

#include <kvs/dead_letter_groups.h>

#include <QAbstractTableModel>

#include <vector>

namespace kvs::ui {

// A topic's dead letters grouped by error signature (kvs/dead_letter_groups.h), the largest group
// first, as the Queues view's groups list shows them. Thread rule: GUI thread only.
class DeadLetterGroupsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Signature, Id, Count, Share, First, Last, Attempts, Example, ColumnCount };

    explicit DeadLetterGroupsModel(QObject *parent = nullptr);

    // total: the dead letters grouped (the shares' whole).
    void setGroups(std::vector<DeadLetterGroup> groups, std::int64_t total);
    const DeadLetterGroup *groupAt(int row) const;
    std::int64_t total() const { return m_total; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<DeadLetterGroup> m_groups;
    std::int64_t m_total = 0;
};

} // namespace kvs::ui
