#pragma once

#include <QDialog>

class QTableWidget;

namespace kvs::ui {

// Help > Keyboard shortcuts: every shortcut of the window (ShortcutList) in a table of keys,
// what they do and where. Not modal: it stays open beside the window. Thread rule: GUI thread
// only.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    // Lists window's shortcuts as they are now (its open databases' views included).
    explicit ShortcutsDialog(const QWidget &window, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table; // Owned.
};

} // namespace kvs::ui
