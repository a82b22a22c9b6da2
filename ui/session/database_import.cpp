#include "session/database_import.h"

#include "common/file_chooser.h"
#include "tree/key_row_actions.h"
#include "tree/subtree_bulk_action.h"

#include <QAction>
#include <QMenu>
#include <QModelIndex>

namespace kvs::ui {

DatabaseImport::DatabaseImport(KeyRowActions *rows, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_rows(rows)
    , m_dialogParent(dialogParent)
    , m_action(new QAction(tr("&Import…"), this))
{
    m_action->setObjectName(QStringLiteral("importEntries"));
    m_action->setStatusTip(tr("Write the entries of a kvs export file (JSON lines) into this "
                              "database, at the keys the file names"));
    m_action->setEnabled(false);
    connect(m_action, &QAction::triggered, this, &DatabaseImport::chooseAndImport);
}

void DatabaseImport::setWritable(bool writable)
{
    m_action->setEnabled(writable);
    m_action->setToolTip(writable ? QString()
                                  : tr("Allow writes first: importing writes to the database."));
}

SubtreeBulkAction *DatabaseImport::importFrom(const QString &path)
{
    if (!m_action->isEnabled())
        return nullptr;
    // The whole database: an import writes at the file's own keys.
    return m_rows->startBulk(SubtreeBulkAction::Kind::Import, QModelIndex(), path);
}

QMenu *DatabaseImport::emptyTreeMenu(QAction *newKey, QWidget *parent) const
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("emptyTreeMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->setToolTipsVisible(true);
    menu->addAction(newKey);
    menu->addAction(m_action);
    return menu;
}

void DatabaseImport::chooseAndImport()
{
    const QString path = FileChooser::getOpenFileName(m_dialogParent,
                                                      tr("Import entries from"),
                                                      QString(),
                                                      tr("JSON lines (*.jsonl);;All files (*)"));
    if (!path.isEmpty())
        importFrom(path);
}

} // namespace kvs::ui
