#pragma once

#include "watch/seen_change.h"
#include "watch/text_diff.h"

#include <QAbstractTableModel>

#include <deque>
#include <vector>

namespace kvs::ui {

// The history of a watch pane: one row per change seen, newest first: time, key, what happened
// (set, deleted, expired), the old and the new value as one-line excerpts with the part that
// differs marked (MarkRole; the whole value in the tooltip), and the version. Keeps the newest
// kMaxRows. Thread rule: GUI thread only.
class WatchHistoryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    static constexpr int kMaxRows = 10000;
    // A value's tooltip shows this many characters at most.
    static constexpr int kToolTipChars = 2000;
    // Qt::UserRole + 1: a QPoint(start, length) of the marked part of a value cell's text.
    static constexpr int MarkRole = Qt::UserRole + 1;

    enum Column {
        TimeColumn,
        KeyColumn,
        ChangeColumn,
        OldValueColumn,
        NewValueColumn,
        VersionColumn,
        ColumnCount
    };

    explicit WatchHistoryModel(QObject *parent = nullptr);

    // Adds changes (in the order seen) at the top.
    void add(const std::vector<SeenChange> &changes);
    void clear();
    // The changes, oldest first (for the export).
    std::vector<SeenChange> changes() const;
    // The change shown in row. Requires: 0 <= row < rowCount().
    const SeenChange &changeAt(int row) const { return m_rows[std::size_t(row)].change; }
    // "Set", "Deleted", "Expired", translated.
    static QString kindText(ChangeKind kind);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Row
    {
        SeenChange change;
        MarkedText oldShown;
        MarkedText newShown;
    };
    std::deque<Row> m_rows; // newest first
};

} // namespace kvs::ui
