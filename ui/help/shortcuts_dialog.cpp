#include "help/shortcuts_dialog.h"

#include "help/shortcut_list.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kvs::ui {

ShortcutsDialog::ShortcutsDialog(const QWidget &window, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    const std::vector<ShortcutEntry> entries = ShortcutList::of(window);
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("What it does"), tr("Where")});
    m_table->setRowCount(int(entries.size()));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    for (int row = 0; row < int(entries.size()); ++row) {
        const ShortcutEntry &entry = entries[std::size_t(row)];
        m_table->setItem(
            row, 0, new QTableWidgetItem(entry.keys.toString(QKeySequence::NativeText)));
        m_table->setItem(row, 1, new QTableWidgetItem(entry.what));
        m_table->setItem(row, 2, new QTableWidgetItem(entry.where));
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto *note = new QLabel(tr("A view's shortcuts work while it is shown; those of a list or "
                               "tree, while it has the focus."),
                            this);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(note);
    layout->addWidget(buttons);
    resize(560, 480);
}

} // namespace kvs::ui
