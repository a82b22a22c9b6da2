#pragma once

#include <QString>

class QWidget;

namespace kvs::ui {

// What a destructive action's confirmation says: the box's name (tests find it by it), title,
// question, what will happen, and the label of the button that goes ahead.
struct DestructiveQuestion
{
    QString objectName;
    QString title;
    QString question;
    QString details;
    QString action;
};

// Asks question in a modal warning box whose default button is Cancel, so that Enter never
// deletes; true only when the user chose the action's button. Thread rule: GUI thread only.
bool confirmDestructive(QWidget *parent, const DestructiveQuestion &question);

} // namespace kvs::ui
