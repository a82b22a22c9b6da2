#pragma once

#include "watch/seen_change.h"

#include <QAbstractTableModel>

#include <vector>

namespace kvs::ui {

// The entries a watch pane watches now, in key order: key, value (a one-line excerpt), version
// and expiry. Filled at once by reset() when the targets change, then kept up to date by the
// changes of each poll (rows change, appear and go in place). Thread rule: GUI thread only.
class WatchEntriesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { KeyColumn, ValueColumn, VersionColumn, ExpiresColumn, ColumnCount };

    explicit WatchEntriesModel(QObject *parent = nullptr);

    void reset(std::vector<SeenEntry> entries);
    void apply(const std::vector<SeenChange> &changes);
    void clear();
    const std::vector<SeenEntry> &entries() const { return m_entries; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<SeenEntry> m_entries; // by encodedKey
};

} // namespace kvs::ui
