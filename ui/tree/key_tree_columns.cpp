#include "tree/key_tree_columns.h"

#include "common/private_settings.h"
#include "preferences/preference_keys.h"
#include "tree/key_tree_model.h"

#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QStringList>
#include <QTreeView>

namespace kvs::ui {

namespace {

// The names the settings store the hideable columns by (not their numbers, which a new column
// would shift), indexed by column from TypeColumn.
const QStringList &columnNames()
{
    static const QStringList names{QStringLiteral("type"),
                                   QStringLiteral("children"),
                                   QStringLiteral("valueKind"),
                                   QStringLiteral("size"),
                                   QStringLiteral("expires")};
    static_assert(KeyTreeModel::ColumnCount - KeyTreeModel::TypeColumn == 5);
    return names;
}

} // namespace

KeyTreeColumns::KeyTreeColumns(QTreeView *view, KeyTreeModel *model)
    : QObject(view)
    , m_view(view)
    , m_model(model)
{
    QHeaderView *header = m_view->header();
    // Fixed widths measured from the usual longest text (a rarer longer one is elided):
    // ResizeToContents would make the expiry column jump with every tick.
    const QFontMetrics metrics = m_view->fontMetrics();
    const int padding = metrics.horizontalAdvance(QLatin1Char('M'));
    const auto widthOf = [&](const QString &text) {
        return metrics.horizontalAdvance(text) + padding;
    };
    header->setSectionResizeMode(KeyTreeModel::ValueKindColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(KeyTreeModel::SizeColumn, QHeaderView::Interactive);
    header->setSectionResizeMode(KeyTreeModel::ExpiryColumn, QHeaderView::Interactive);
    header->resizeSection(KeyTreeModel::ValueKindColumn, widthOf(QStringLiteral("boolean")));
    header->resizeSection(KeyTreeModel::SizeColumn, widthOf(QStringLiteral("999 bytes")));
    header->resizeSection(KeyTreeModel::ExpiryColumn, widthOf(QStringLiteral("in 59 m 59 s")));
    restoreHiddenColumns();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QWidget::customContextMenuRequested, this, &KeyTreeColumns::showHeaderMenu);

    m_timer.setInterval(kTickMs);
    connect(&m_timer, &ClockTimer::timeout, this, [this] {
        if (m_view->isVisible())
            tick();
    });
    m_timer.start();
}

void KeyTreeColumns::setClock(std::shared_ptr<Clock> clock)
{
    m_model->setClock(clock);
    m_timer.setClock(std::move(clock));
}

QMenu *KeyTreeColumns::createHeaderMenu(QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("keyTreeColumnsMenu"));
    for (int column = KeyTreeModel::TypeColumn; column < KeyTreeModel::ColumnCount; ++column) {
        QAction *toggle = menu->addAction(
            m_model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString());
        toggle->setCheckable(true);
        toggle->setChecked(!m_view->isColumnHidden(column));
        toggle->setData(column);
        connect(toggle, &QAction::toggled, this, [this, column](bool shown) {
            m_view->setColumnHidden(column, !shown);
            saveHiddenColumns();
        });
    }
    return menu;
}

void KeyTreeColumns::showHeaderMenu(const QPoint &pos)
{
    QMenu *menu = createHeaderMenu(m_view);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(m_view->header()->viewport()->mapToGlobal(pos));
}

void KeyTreeColumns::restoreHiddenColumns()
{
    const QSettings settings;
    // By default the key part's type column is hidden: the part's badge shows its type, and the
    // key part keeps room at the default window width. The header menu shows it again.
    const QStringList hidden
        = settings.contains(prefs::kTreeHiddenColumns)
              ? settings.value(prefs::kTreeHiddenColumns).toString().split(QLatin1Char(','))
              : QStringList{columnNames().front()};
    for (int column = KeyTreeModel::TypeColumn; column < KeyTreeModel::ColumnCount; ++column)
        m_view->setColumnHidden(
            column, hidden.contains(columnNames().at(column - KeyTreeModel::TypeColumn)));
}

void KeyTreeColumns::saveHiddenColumns() const
{
    QStringList hidden;
    for (int column = KeyTreeModel::TypeColumn; column < KeyTreeModel::ColumnCount; ++column) {
        if (m_view->isColumnHidden(column))
            hidden.append(columnNames().at(column - KeyTreeModel::TypeColumn));
    }
    QSettings settings;
    settings.setValue(prefs::kTreeHiddenColumns, hidden.join(QLatin1Char(',')));
    syncPrivately(settings);
}

QModelIndexList KeyTreeColumns::visibleRows() const
{
    QModelIndexList rows;
    const int bottom = m_view->viewport()->height();
    for (QModelIndex row = m_view->indexAt(QPoint(0, 0)).siblingAtColumn(0);
         row.isValid() && m_view->visualRect(row).top() < bottom;
         row = m_view->indexBelow(row)) {
        rows.append(row);
    }
    return rows;
}

void KeyTreeColumns::tick()
{
    if (m_view->isColumnHidden(KeyTreeModel::ExpiryColumn))
        return;
    m_model->refreshCountdowns(visibleRows());
}

} // namespace kvs::ui
