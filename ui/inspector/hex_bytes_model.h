#pragma once

#include <QAbstractTableModel>

#include <memory>
#include <string>

namespace kvs::ui {

// A read-only table over a byte string, 16 bytes a row: the offset, the bytes in hex and as
// text (printable ASCII, '.' otherwise). Rows are formatted on demand in data(), so a 20 MB
// value costs one shared buffer and the visible rows, never a 60 MB string. Meant for a
// QTableView with uniform row heights. Thread rule: GUI thread only.
class HexBytesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { OffsetColumn, HexColumn, TextColumn, ColumnCount };
    static constexpr int kBytesPerRow = 16;

    explicit HexBytesModel(QObject *parent = nullptr);

    // Shows bytes (null: nothing), in one model reset.
    void setBytes(std::shared_ptr<const std::string> bytes);
    // The bytes shown; never null.
    const std::string &bytes() const { return m_bytes ? *m_bytes : m_empty; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant
    headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The hex and text of one row, as data() shows them.
    static QString hexOfRow(const std::string &bytes, int row);
    static QString textOfRow(const std::string &bytes, int row);

private:
    std::shared_ptr<const std::string> m_bytes;
    std::string m_empty;
};

} // namespace kvs::ui
