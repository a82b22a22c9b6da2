// KeyTreeModel's value columns: the kind, stored size and expiry countdown of a key's value, as
// its listing found them (KeyChild::value; KeyTreeLoader reads it again after a write).
#include "common/value_column_text.h"
#include "common/value_type_name.h"
#include "theme/ui_palette.h"
#include "tree/key_tree_model.h"
#include "tree/key_tree_value_cells.h"

#include <QDateTime>
#include <QGuiApplication>
#include <QLocale>

namespace kvs::ui {

void KeyTreeModel::setClock(std::shared_ptr<Clock> clock)
{
    m_clock = std::move(clock);
}

void KeyTreeModel::refreshCountdowns(const QModelIndexList &rows)
{
    for (const QModelIndex &row : rows) {
        if (!row.isValid() || row.model() != this)
            continue;
        const KeyTreeNode &node = *nodeOf(row);
        if (node.isGap || !node.child.value || !node.child.value->expiresAt)
            continue;
        const QModelIndex cell = row.siblingAtColumn(ExpiryColumn);
        emit dataChanged(cell, cell, {Qt::DisplayRole, Qt::ForegroundRole});
    }
}

QVariant
valueCell(const KeyTreeNode &node, int column, int role, const std::shared_ptr<Clock> &clock)
{
    if (!node.child.hasValue || !node.child.value)
        return {};
    const ValueSummary &value = *node.child.value;
    switch (column) {
    case KeyTreeModel::ValueKindColumn:
        if (role == Qt::DisplayRole)
            return valueTypeName(value.kind);
        return {};
    case KeyTreeModel::SizeColumn:
        switch (role) {
        case Qt::DisplayRole:
            return valueSizeText(value.size);
        case KeyTreeModel::ValueSizeRole:
            return static_cast<qint64>(value.size);
        case Qt::ToolTipRole:
            return KeyTreeModel::tr("%1 bytes stored")
                .arg(QLocale().toString(static_cast<qint64>(value.size)));
        case Qt::TextAlignmentRole:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    case KeyTreeModel::ExpiryColumn: {
        if (!value.expiresAt)
            return {};
        const std::int64_t now = clock ? clock->now() : QDateTime::currentMSecsSinceEpoch();
        switch (role) {
        case Qt::DisplayRole:
            return countdownText(*value.expiresAt, now);
        case KeyTreeModel::ExpiresAtRole:
            return static_cast<qint64>(*value.expiresAt);
        case Qt::ToolTipRole: {
            const QLocale locale;
            return KeyTreeModel::tr("Expires at %1")
                .arg(locale.toString(QDateTime::fromMSecsSinceEpoch(*value.expiresAt).toLocalTime(),
                                     QLocale::LongFormat));
        }
        case Qt::ForegroundRole:
            if (*value.expiresAt <= now)
                return UiPalette(QGuiApplication::palette()).color(UiPalette::Role::Warning);
            return {};
        default:
            return {};
        }
    }
    default:
        return {};
    }
}

} // namespace kvs::ui
