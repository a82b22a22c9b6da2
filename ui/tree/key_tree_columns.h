#pragma once

#include "common/clock_timer.h"

#include <kvs/clock.h>

#include <QAbstractItemModel>
#include <QObject>

#include <memory>

class QMenu;
class QPoint;
class QTreeView;
class QWidget;

namespace kvs::ui {

class KeyTreeModel;

// The key tree's columns: widths that fit the tree pane at the default window width, a header
// context menu that shows or hides every column but the key part (remembered in the
// application's QSettings, prefs::kTreeHiddenColumns, and restored by the next tree), and the
// one timer that moves the expiry countdowns of the rows on screen (rows scrolled away cost
// nothing), every second of the tab's clock.
//
// Thread rule: GUI thread only. Lives as long as view (its parent).
class KeyTreeColumns : public QObject
{
    Q_OBJECT

public:
    static constexpr int kTickMs = 1000;

    KeyTreeColumns(QTreeView *view, KeyTreeModel *model);

    // The header's menu: one checkable action per column that can be hidden. The caller owns it.
    [[nodiscard]] QMenu *createHeaderMenu(QWidget *parent);
    // The countdowns' clock (null: the system's): the model's countdowns and the timer.
    void setClock(std::shared_ptr<Clock> clock);
    // Moves the countdowns of the visible rows (the timer's tick; tests call it after moving
    // the clock).
    void tick();
    // The rows on screen, first to last (column 0).
    [[nodiscard]] QModelIndexList visibleRows() const;

private:
    void showHeaderMenu(const QPoint &pos);
    // Hides the columns the settings name (the default when they name none).
    void restoreHiddenColumns();
    // Writes the hidden columns to the settings (file 0600).
    void saveHiddenColumns() const;

    QTreeView *m_view;     // Not owned.
    KeyTreeModel *m_model; // Not owned.
    ClockTimer m_timer;
};

} // namespace kvs::ui
