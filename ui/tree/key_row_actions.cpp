#include "tree/key_row_actions.h"

#include "common/file_chooser.h"
#include "tree/key_tree_model.h"

#include <kvs/key.h>

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>
#include <QTreeView>

namespace kvs::ui {

namespace {

constexpr int kNoteMs = 6000;
constexpr int kNoteKeyChars = 80;

QString elided(const QString &text)
{
    return text.size() <= kNoteKeyChars ? text : text.left(kNoteKeyChars - 1) + QChar(0x2026);
}

QString hexOf(const std::string &bytes)
{
    return QString::fromLatin1(QByteArray::fromStdString(bytes).toHex());
}

} // namespace

KeyRowActions::KeyRowActions(QTreeView *view, KeyTreeModel *model, QObject *parent)
    : QObject(parent)
    , m_view(view)
    , m_model(model)
    , m_copy(new QAction(tr("Copy key literal"), view))
    , m_delete(new QAction(tr("Delete key…"), view))
    , m_edit(new QAction(tr("Edit value"), view))
{
    // Shortcuts of the tree only: Ctrl+C in the inspector's text copies its selection, Del in an
    // editor deletes a character.
    const auto bind = [this](QAction *action, const char *name, const QKeySequence &keys) {
        action->setObjectName(QString::fromLatin1(name));
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetShortcut);
        m_view->addAction(action);
    };
    bind(m_copy, "copyKeyLiteral", QKeySequence::Copy);
    bind(m_delete, "deleteKey", QKeySequence::Delete);
    bind(m_edit, "editValue", QKeySequence(Qt::Key_F2));
    connect(m_copy, &QAction::triggered, this, [this] { copyKeyLiteral(m_view->currentIndex()); });
    connect(m_delete, &QAction::triggered, this, [this] {
        const QModelIndex current = m_view->currentIndex();
        if (!current.isValid() || current.data(KeyTreeModel::IsGapRole).toBool())
            return;
        if (!m_writable) {
            showNote(tr("Read-only: switch on Allow writes to delete keys."));
            return;
        }
        if (!current.data(KeyTreeModel::HasValueRole).toBool()) {
            showNote(tr("%1 holds no value; Delete subtree… on its menu deletes the keys below it.")
                         .arg(elided(keyText(current))));
            return;
        }
        emit deleteKeyRequested(m_model->encodedKeyAt(current));
    });
    connect(m_edit, &QAction::triggered, this, [this] {
        const QModelIndex current = m_view->currentIndex();
        if (current.isValid() && m_writable && current.data(KeyTreeModel::HasValueRole).toBool()
            && !current.data(KeyTreeModel::IsRawRole).toBool())
            emit editKeyRequested(m_model->encodedKeyAt(current));
    });
}

void KeyRowActions::setStore(std::shared_ptr<AsyncKVStore> store, bool writable)
{
    m_store = std::move(store);
    m_writable = writable && m_store;
}

QString KeyRowActions::keyText(const QModelIndex &index) const
{
    if (index.data(KeyTreeModel::IsRawRole).toBool())
        return hexOf(m_model->encodedKeyAt(index));
    return index.data(KeyTreeModel::KeyLiteralRole).toString();
}

void KeyRowActions::showNote(const QString &note)
{
    m_lastNote = note;
    emit noteShown(note);
    // The main window's status bar, if the tree is in one (never one created here).
    if (auto *window = qobject_cast<QMainWindow *>(m_view->window())) {
        if (auto *bar = window->findChild<QStatusBar *>(QString(), Qt::FindDirectChildrenOnly))
            bar->showMessage(note, kNoteMs);
    }
}

void KeyRowActions::copyKeyLiteral(const QModelIndex &index)
{
    if (!index.isValid() || index.data(KeyTreeModel::IsGapRole).toBool())
        return;
    const QString text = keyText(index);
    QGuiApplication::clipboard()->setText(text);
    showNote(tr("Copied %1").arg(elided(text)));
}

void KeyRowActions::copyEncodedHex(const QModelIndex &index)
{
    if (!index.isValid() || index.data(KeyTreeModel::IsGapRole).toBool())
        return;
    const QString hex = hexOf(m_model->encodedKeyAt(index));
    QGuiApplication::clipboard()->setText(hex);
    showNote(tr("Copied the encoded key %1").arg(elided(hex)));
}

void KeyRowActions::copyCursor(const QModelIndex &index)
{
    if (!index.isValid() || index.data(KeyTreeModel::IsGapRole).toBool())
        return;
    const QString cursor = QString::fromStdString(encodeCursor(m_model->encodedKeyAt(index)));
    QGuiApplication::clipboard()->setText(cursor);
    showNote(tr("Copied the list cursor %1").arg(elided(cursor)));
}

void KeyRowActions::addTo(QMenu *menu, const QModelIndex &index)
{
    const bool row = index.isValid() && !index.data(KeyTreeModel::IsGapRole).toBool();
    const bool hasValue = row && index.data(KeyTreeModel::HasValueRole).toBool();
    const bool raw = row && index.data(KeyTreeModel::IsRawRole).toBool();
    const QPersistentModelIndex at(index);
    const auto add = [&](const QString &text, const char *name, bool enabled, auto slot) {
        QAction *action = menu->addAction(text);
        action->setObjectName(QString::fromLatin1(name));
        action->setEnabled(enabled);
        connect(action, &QAction::triggered, this, [this, at, slot] {
            if (at.isValid())
                slot(QModelIndex(at));
        });
        return action;
    };
    menu->addSeparator();
    add(tr("Copy key literal"), "menuCopyKeyLiteral", row, [this](const QModelIndex &i) {
        copyKeyLiteral(i);
    })->setShortcut(QKeySequence::Copy);
    add(tr("Copy encoded key (hex)"), "menuCopyHex", row, [this](const QModelIndex &i) {
        copyEncodedHex(i);
    });
    add(tr("Copy cursor"), "menuCopyCursor", row, [this](const QModelIndex &i) { copyCursor(i); });
    menu->addSeparator();
    add(tr("Edit value"),
        "menuEditValue",
        hasValue && !raw && m_writable,
        [this](const QModelIndex &i) { emit editKeyRequested(m_model->encodedKeyAt(i)); })
        ->setShortcut(Qt::Key_F2);
    add(tr("Delete key…"), "menuDeleteKey", hasValue && m_writable, [this](const QModelIndex &i) {
        emit deleteKeyRequested(m_model->encodedKeyAt(i));
    })->setShortcut(QKeySequence::Delete);
    menu->addSeparator();
    // Raw keys have no subtree of their own (no key literal to name one).
    const bool subtree = row && !raw && m_store;
    add(tr("Export subtree…"), "menuExportSubtree", subtree, [this](const QModelIndex &i) {
        askFileAndStart(SubtreeBulkAction::Kind::Export, i);
    });
    add(tr("Delete subtree…"),
        "menuDeleteSubtree",
        subtree && m_writable,
        [this](const QModelIndex &i) { startBulk(SubtreeBulkAction::Kind::Delete, i, {}); });
    add(tr("Import into…"),
        "menuImport",
        row && m_writable,
        [this](const QModelIndex &i) { askFileAndStart(SubtreeBulkAction::Kind::Import, i); })
        ->setToolTip(tr("Writes the entries of an export file into this database, at the keys the "
                        "file names"));
    addCopyMenu(menu, index, subtree);
}

void KeyRowActions::setCopyTargets(const QString &sourceName, CopyTargetList targets)
{
    m_sourceName = sourceName;
    m_copyTargets = std::move(targets);
}

void KeyRowActions::addCopyMenu(QMenu *menu, const QModelIndex &index, bool enabled)
{
    QMenu *copyTo = menu->addMenu(tr("Copy subtree to"));
    copyTo->menuAction()->setObjectName(QStringLiteral("menuCopySubtree"));
    const std::vector<CopyTarget> targets
        = m_copyTargets ? m_copyTargets() : std::vector<CopyTarget>();
    copyTo->setEnabled(enabled && !targets.empty());
    if (targets.empty())
        copyTo->setToolTip(tr("Open another database to copy to."));
    const QPersistentModelIndex at(index);
    for (const CopyTarget &target : targets) {
        const bool open = target.store && target.writable;
        QAction *action = copyTo->addAction(open ? target.name + QChar(0x2026)
                                                 : tr("%1 (read-only)").arg(target.name));
        action->setObjectName(QStringLiteral("copyTo:") + target.name);
        action->setEnabled(open);
        connect(action, &QAction::triggered, this, [this, at, target] {
            if (at.isValid())
                startCopy(QModelIndex(at), target);
        });
    }
}

std::optional<Key> KeyRowActions::prefixAt(const QModelIndex &index) const
{
    if (!index.isValid())
        return Key{};
    return m_model->keyAt(index);
}

SubtreeBulkAction *KeyRowActions::startCopy(const QModelIndex &index, const CopyTarget &target)
{
    const std::optional<Key> prefix = prefixAt(index);
    if (!m_store || !target.store || !target.writable || !prefix)
        return nullptr;
    auto *action
        = new SubtreeBulkAction(m_store, SubtreeBulkAction::Kind::Copy, *prefix, {}, m_view);
    action->setCopyTarget(target.store, m_sourceName, target.name);
    return launch(action, target.auditDatabase);
}

void KeyRowActions::askFileAndStart(SubtreeBulkAction::Kind kind, const QModelIndex &index)
{
    const QPersistentModelIndex at(index);
    const QString filter = tr("JSON lines (*.jsonl);;All files (*)");
    const QString path
        = kind == SubtreeBulkAction::Kind::Export
              ? FileChooser::getSaveFileName(m_view, tr("Export subtree to"), QString(), filter)
              : FileChooser::getOpenFileName(m_view, tr("Import entries from"), QString(), filter);
    if (!path.isEmpty())
        startBulk(kind, QModelIndex(at), path);
}

SubtreeBulkAction *KeyRowActions::startBulk(SubtreeBulkAction::Kind kind,
                                            const QModelIndex &index,
                                            const QString &path)
{
    if (!m_store || (kind != SubtreeBulkAction::Kind::Export && !m_writable))
        return nullptr;
    std::optional<Key> prefix = prefixAt(index);
    if (!prefix)
        return nullptr;
    // Import writes at the file's own keys: the row only says where the user asked from.
    if (kind == SubtreeBulkAction::Kind::Import)
        prefix = Key{};
    return launch(new SubtreeBulkAction(m_store, kind, *prefix, path, m_view), m_auditDatabase);
}

SubtreeBulkAction *KeyRowActions::launch(SubtreeBulkAction *action, const QString &auditDatabase)
{
    action->setAuditDatabase(auditDatabase);
    connect(action,
            &SubtreeBulkAction::finished,
            this,
            [this](const QString &summary, bool changedData, bool failed) {
                showNote(summary);
                if (changedData)
                    m_model->loader()->refresh();
                if (failed) {
                    QMessageBox box(QMessageBox::Warning,
                                    tr("Bulk action failed"),
                                    summary,
                                    QMessageBox::Ok,
                                    m_view);
                    box.setObjectName(QStringLiteral("bulkFailed"));
                    box.exec();
                }
                emit bulkFinished(summary, changedData, failed);
            });
    action->start();
    return action;
}

} // namespace kvs::ui
