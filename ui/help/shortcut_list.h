#pragma once

#include <QCoreApplication>
#include <QKeySequence>
#include <QString>

#include <vector>

class QWidget;

namespace kvs::ui {

// One keyboard shortcut as Help > Keyboard shortcuts lists it.
struct ShortcutEntry
{
    QKeySequence keys;
    QString what;  // the action's text, without its mnemonic
    QString where; // "Window", or the database view it works in ("Keys", "SQL", ...)
};

// Every keyboard shortcut of window: the shortcut of each of its actions and QShortcuts (menus,
// toolbars, every view of every open database, once each), and the keys views handle
// themselves (Ctrl+End in Tables). Sorted by where, then by what. Thread rule: GUI thread only.
class ShortcutList
{
    Q_DECLARE_TR_FUNCTIONS(ShortcutList)

public:
    [[nodiscard]] static std::vector<ShortcutEntry> of(const QWidget &window);
    // The place of a widget in the window: the view of a database tab it lies in (the tab text
    // under the database's own tab), "Database tab" on a tab outside its views, else "Window".
    [[nodiscard]] static QString placeOf(const QWidget *widget, const QWidget &window);
};

} // namespace kvs::ui
