#pragma once

#include <QAbstractTableModel>
#include <QDateTime>

#include <vector>

namespace kvs::ui {

// This session's commits from the transaction editor, newest first: when, how many checks and
// mutations, and the result (the versionstamp, or the check that failed). Kept in memory only.
// Thread rule: GUI thread only.
class CommitHistoryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Time, Operations, Result, ColumnCount };

    struct Record
    {
        QDateTime time;
        int checks = 0;
        int mutations = 0;
        bool ok = false;
        QString result; // "version 1031", or what failed
    };

    explicit CommitHistoryModel(QObject *parent = nullptr);

    void add(Record record);
    const Record &recordAt(int row) const { return m_records.at(std::size_t(row)); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<Record> m_records; // newest first
};

} // namespace kvs::ui
