#include "tables/cell_grid.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QFont>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPalette>
#include <QTableView>

#include <algorithm>

namespace kvs::ui {

QString cellText(const QVariant &value, int hexBytes)
{
    if (value.isNull())
        return QStringLiteral("NULL");
    if (value.typeId() == QMetaType::QByteArray) {
        const QByteArray bytes = value.toByteArray();
        QString text = QString::fromLatin1(bytes.left(hexBytes).toHex(' '));
        if (bytes.size() > hexBytes) {
            text += QCoreApplication::translate(
                "kvs::ui::CellGrid", "… (%Ln bytes)", nullptr, int(bytes.size()));
        }
        return text;
    }
    return value.toString();
}

QVariant cellData(const QVariant &value, int role, int hexBytes, const QFont &mono)
{
    const bool bytes = value.typeId() == QMetaType::QByteArray;
    switch (role) {
    case Qt::DisplayRole:
        return cellText(value, hexBytes);
    case Qt::EditRole:
        return bytes ? QString::fromLatin1(value.toByteArray().toHex()) : value.toString();
    case Qt::ToolTipRole:
        return bytes ? QCoreApplication::translate(
                   "kvs::ui::CellGrid", "%Ln bytes", nullptr, int(value.toByteArray().size()))
                     : QVariant();
    case Qt::ForegroundRole:
        return value.isNull() ? QApplication::palette().brush(QPalette::Disabled, QPalette::Text)
                              : QVariant();
    case Qt::FontRole:
        return bytes ? QVariant(mono) : QVariant();
    default:
        return {};
    }
}

void setUpCellGrid(QTableView &view, int columnWidth)
{
    view.setWordWrap(false);
    view.setAlternatingRowColors(true);
    view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view.verticalHeader()->setDefaultSectionSize(view.fontMetrics().height() + 6);
    view.horizontalHeader()->setDefaultSectionSize(columnWidth);
    view.horizontalHeader()->setStretchLastSection(true);
    auto *copy = new QAction(QCoreApplication::translate("kvs::ui::CellGrid", "Copy"), &view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    view.addAction(copy);
    view.setContextMenuPolicy(Qt::ActionsContextMenu);
    QObject::connect(copy, &QAction::triggered, &view, [&view] { copySelectedCells(view); });
}

void copySelectedCells(const QTableView &view)
{
    if (!view.selectionModel())
        return;
    QModelIndexList cells = view.selectionModel()->selectedIndexes();
    if (cells.isEmpty())
        return;
    std::sort(cells.begin(), cells.end(), [](const QModelIndex &a, const QModelIndex &b) {
        return a.row() != b.row() ? a.row() < b.row() : a.column() < b.column();
    });
    QString text;
    int row = cells.first().row();
    bool first = true;
    for (const QModelIndex &cell : cells) {
        if (cell.row() != row) {
            text += QLatin1Char('\n');
            row = cell.row();
            first = true;
        }
        if (!first)
            text += QLatin1Char('\t');
        text += cell.data(Qt::EditRole).toString();
        first = false;
    }
    QApplication::clipboard()->setText(text + QLatin1Char('\n'));
}

} // namespace kvs::ui
