#pragma once

#include <kvs/undo_step.h>

#include <QDialog>

class QPushButton;
class QTableWidget;

namespace kvs::ui {

// The question an Undo or Redo asks when keys of its step changed since this app wrote them:
// each key with what the step wrote and what it holds now, and whether to revert those that
// still match or none. Accepted: revert those that match; rejected: none. Thread rule: GUI thread
// only.
class UndoConflictDialog : public QDialog
{
    Q_OBJECT

public:
    // redo: the question is a Redo's. label: the step's name as the menu says it.
    UndoConflictDialog(const RevertPlan &plan,
                       const QString &label,
                       bool redo,
                       QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QPushButton *revertMatching() const { return m_revertMatching; }

private:
    QTableWidget *m_table;         // Owned (child).
    QPushButton *m_revertMatching; // Owned (child).
};

} // namespace kvs::ui
