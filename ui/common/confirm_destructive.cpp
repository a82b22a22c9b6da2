#include "common/confirm_destructive.h"

#include <QAbstractButton>
#include <QMessageBox>
#include <QPushButton>

namespace kvs::ui {

bool confirmDestructive(QWidget *parent, const DestructiveQuestion &question)
{
    QMessageBox box(
        QMessageBox::Warning, question.title, question.question, QMessageBox::Cancel, parent);
    box.setObjectName(question.objectName);
    box.setInformativeText(question.details);
    QPushButton *go = box.addButton(question.action, QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == static_cast<QAbstractButton *>(go);
}

} // namespace kvs::ui
