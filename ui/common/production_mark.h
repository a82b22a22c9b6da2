#pragma once

#include <QColor>
#include <QString>

#include <optional>

class QWidget;

namespace kvs::ui {

// What makes a database tab production: the name to type before a write or a destructive
// action (PostgreSQL: the database's; SQLite: the file's) and the connection's colour. A tab
// marks its root widget; everything inside it (views, panes, the dialogs they open) finds the
// mark through its parents, so the views below the tab need no knowledge of connections.
struct ProductionMark
{
    QString name;
    QColor colour;
};

// Marks root (nullopt: unmarks it). Thread rule: GUI thread only.
void setProductionMark(QWidget *root, const std::optional<ProductionMark> &mark);
// The mark of widget or of its nearest marked parent; nullopt outside a production tab.
[[nodiscard]] std::optional<ProductionMark> productionMarkOf(const QWidget *widget);

// After a destructive action's own confirmation said yes: on a production tab asks for the
// database's name to be typed (confirmTypedName, what saying what will happen); true when
// parent is not in a production tab or the name was typed. objectName names the dialog.
[[nodiscard]] bool confirmOnProduction(QWidget *parent,
                                       const QString &objectName,
                                       const QString &what,
                                       const QString &action);

// Installs (once) the filter that puts a strip of the tab's colour across the top of every
// dialog a production tab opens (message boxes included). Thread rule: GUI thread only, after
// the QApplication is made.
void installProductionDialogStrips();

} // namespace kvs::ui
