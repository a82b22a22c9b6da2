#include "inspector/value_inspector.h"

#include "common/confirm_destructive.h"
#include "common/literal_editor.h"
#include "common/message_banner.h"
#include "inspector/conflict_view.h"
#include "inspector/entry_header.h"
#include "inspector/expiry_edit.h"
#include "inspector/inspector_actions.h"
#include "inspector/new_key_dialog.h"
#include "inspector/value_edit_panel.h"
#include "inspector/value_view.h"
#include "theme/ui_palette.h"

#include <kvs/async_kvstore.h>
#include <kvs/undo_step.h>

#include <QAction>
#include <QClipboard>
#include <QDateTime>
#include <QDialog>
#include <QGuiApplication>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QThread>
#include <QToolBar>
#include <QVBoxLayout>

#include <utility>

namespace kvs::ui {

namespace {

QLabel *makeBanner(const QString &objectName, UiPalette::Tone tone, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText); // Core messages are never markup.
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setStyleSheet(QStringLiteral("QLabel { %1 padding: 4px 8px; }")
                             .arg(UiPalette::of(label).bannerStyle(tone)));
    label->hide();
    return label;
}

QLabel *makePlaceholder(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setAlignment(Qt::AlignCenter);
    label->setStyleSheet(UiPalette::of(label).textStyle(UiPalette::Role::Muted));
    return label;
}

} // namespace

ValueInspector::ValueInspector(QWidget *parent)
    : QWidget(parent)
    , m_controller(new InspectorController(this))
    , m_actions(new InspectorActions(m_controller, this))
{
    connect(m_actions, &InspectorActions::editRequested, this, &ValueInspector::startEditing);
    connect(m_actions, &InspectorActions::incrementRequested, this, &ValueInspector::incrementBy);
    connect(m_actions, &InspectorActions::expiryChosen, this, &ValueInspector::setExpiry);
    connect(m_actions, &InspectorActions::deleteRequested, this, &ValueInspector::deleteKey);
    connect(m_actions, &InspectorActions::newKeyRequested, this, [this] {
        Key prefix;
        if (m_entry && m_entry->key && !m_entry->key->empty())
            prefix.assign(m_entry->key->begin(), m_entry->key->end() - 1);
        createKeyUnder(prefix);
    });
    // Ctrl+S saves the edit anywhere in the pane (Ctrl+Enter too, in the editor).
    auto *saveShortcut = new QAction(tr("Save edit"), this);
    saveShortcut->setObjectName(QStringLiteral("saveEditShortcut"));
    saveShortcut->setShortcut(QKeySequence::Save);
    saveShortcut->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(saveShortcut);
    connect(saveShortcut, &QAction::triggered, this, [this] {
        if (m_stack->currentIndex() == EditPage)
            saveEdit();
    });

    m_readOnlyHint = makeBanner(QStringLiteral("readOnlyHint"), UiPalette::Tone::Info, this);
    m_readOnlyHint->setText(tr("Read-only: this database is open for inspection only. Allow "
                               "writes to edit, delete or create keys."));
    m_error = makeBanner(QStringLiteral("inspectorError"), UiPalette::Tone::Error, this);
    m_changedElsewhere = new MessageBanner(MessageBanner::Tone::Warning, this);
    m_changedElsewhere->setObjectName(QStringLiteral("changedElsewhere"));
    auto *reload = new QPushButton(tr("Reload"), m_changedElsewhere);
    reload->setObjectName(QStringLiteral("reloadChanged"));
    m_changedElsewhere->addButton(reload);
    connect(reload, &QPushButton::clicked, this, [this] {
        if (!m_selectedKey.empty() && confirmLeave())
            showKey(m_selectedKey, m_selectedIsPrefix);
    });

    m_header = new EntryHeader(this);
    m_stack = new QStackedWidget(this);
    m_stack->insertWidget(EmptyPage, makePlaceholder(tr("Select a key to inspect it."), m_stack));
    m_stack->insertWidget(LoadingPage, makePlaceholder(tr("Loading…"), m_stack));
    m_view = new ValueView(m_stack);
    m_stack->insertWidget(ViewPage, m_view);
    m_editPanel = new ValueEditPanel(m_stack);
    m_stack->insertWidget(EditPage, m_editPanel);
    m_conflict = new ConflictView(m_stack);
    m_stack->insertWidget(ConflictPage, m_conflict);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 8);
    layout->setSpacing(6);
    layout->addWidget(m_actions->toolBar());
    layout->addWidget(m_actions->writeToolBar());
    layout->addWidget(m_readOnlyHint);
    layout->addWidget(m_error);
    layout->addWidget(m_changedElsewhere);
    layout->addWidget(m_header);
    layout->addWidget(m_stack, 1);

    connect(m_controller, &InspectorController::loaded, this, &ValueInspector::showEntry);
    connect(m_controller, &InspectorController::written, this, &ValueInspector::onWritten);
    connect(m_controller, &InspectorController::conflict, this, &ValueInspector::onConflict);
    connect(m_controller, &InspectorController::failed, this, &ValueInspector::onFailed);
    connect(m_controller, &InspectorController::removed, this, [this](const std::string &key) {
        emit keyDeleted(key);
        if (key == m_selectedKey)
            clear();
    });
    connect(m_controller, &InspectorController::literalReady, this, [](const QString &literal) {
        QGuiApplication::clipboard()->setText(literal);
    });
    connect(m_controller, &InspectorController::exported, this, &ValueInspector::hideError);
    connect(m_view, &ValueView::saveRequested, m_actions, &InspectorActions::chooseFileAndSave);
    connect(m_editPanel, &ValueEditPanel::saveRequested, this, &ValueInspector::saveEdit);
    connect(m_editPanel, &ValueEditPanel::cancelRequested, this, &ValueInspector::cancelEditing);
    connect(m_conflict, &ConflictView::keepMine, this, [this] {
        if (m_conflictCurrent && m_pendingValue)
            m_controller->save(*m_conflictCurrent, *m_pendingValue, m_pendingExpiry);
    });
    connect(m_conflict, &ConflictView::takeCurrent, this, [this] {
        if (!m_conflictCurrent)
            return;
        const InspectedEntry current = *m_conflictCurrent;
        showEntry(current);
        if (!current.found)
            emit keyDeleted(current.encodedKey); // by another writer: the tree drops its row
    });
    connect(m_conflict, &ConflictView::keepEditing, this, [this] {
        if (!m_conflictCurrent)
            return;
        // The edit goes on on top of the version the user has now seen.
        m_entry = m_conflictCurrent;
        m_header->showEntry(m_entry);
        showPage(EditPage);
    });

    clear();
}

ValueInspector::~ValueInspector() = default;

void ValueInspector::setStore(std::shared_ptr<kvs::AsyncKVStore> store, bool writable)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_store = std::move(store);
    m_controller->setStore(m_store);
    clear();
    setWritable(writable);
}

void ValueInspector::setClock(std::shared_ptr<Clock> clock)
{
    m_header->setClock(clock);
    m_controller->setClock(std::move(clock));
}

void ValueInspector::setWritable(bool writable)
{
    m_writable = writable && m_store && !m_store->isReadOnly();
    if (!m_writable
        && (m_stack->currentIndex() == EditPage || m_stack->currentIndex() == ConflictPage)) {
        showPage(m_entry ? ViewPage : EmptyPage);
    }
    updateActions();
}

bool ValueInspector::hasUnsavedEdit() const
{
    return m_stack->currentIndex() == EditPage && m_editPanel->isModified();
}

bool ValueInspector::confirmLeave()
{
    if (!hasUnsavedEdit())
        return true;
    QMessageBox box(QMessageBox::Question,
                    tr("Unsaved edit"),
                    tr("Save your changes to %1?").arg(m_entry ? m_entry->keyLiteral : QString()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                    this);
    box.setObjectName(QStringLiteral("confirmLeaveEdit"));
    box.setInformativeText(tr("Discard throws the edited value away; Cancel goes back to it."));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Discard:
        cancelEditing();
        return true;
    case QMessageBox::Save:
        saveEdit();
        m_leaveAfterSave = m_pendingValue.has_value(); // not when the text does not parse
        return false;
    default:
        return false;
    }
}

void ValueInspector::showKey(const std::string &encodedKey, bool prefixOnly)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_leaveAfterSave = false;
    m_selectedIsPrefix = prefixOnly;
    m_selectedKey = encodedKey;
    m_changedTo.reset();
    m_changedElsewhere->hide();
    m_pendingValue.reset();
    m_conflictCurrent.reset();
    hideError();
    showPage(LoadingPage);
    m_controller->load(encodedKey);
}

void ValueInspector::clear()
{
    m_controller->cancelLoad();
    m_selectedKey.clear();
    m_changedTo.reset();
    m_changedElsewhere->hide();
    m_entry.reset();
    m_pendingValue.reset();
    m_conflictCurrent.reset();
    m_header->showEntry(std::nullopt);
    m_view->clear();
    hideError();
    showPage(EmptyPage);
}

void ValueInspector::noteChangedElsewhere(const std::string &encodedKey,
                                          std::optional<std::int64_t> version,
                                          qint64 atMs)
{
    if (encodedKey.empty() || encodedKey != m_selectedKey || !m_entry)
        return;
    const bool shown = version ? (m_entry->found && m_entry->version == *version) : !m_entry->found;
    if (shown)
        return; // this pane's own write, or a reload that already shows it
    m_changedTo = version;
    const QString time
        = QLocale().toString(QDateTime::fromMSecsSinceEpoch(atMs).time(), QLocale::LongFormat);
    m_changedElsewhere->showMessage(
        version ? tr("Changed by another process at %1; reload?").arg(time)
                : tr("Deleted by another process at %1; reload?").arg(time));
}

QString ValueInspector::changedElsewhereText() const
{
    return m_changedElsewhere->message();
}

QString ValueInspector::errorText() const
{
    return m_error->isVisible() || !m_error->isHidden() ? m_error->text() : QString();
}

void ValueInspector::showEntry(const InspectedEntry &entry)
{
    m_entry = entry;
    if (m_changedTo
        && *m_changedTo == (entry.found ? std::optional(entry.version) : std::nullopt)) {
        m_changedTo.reset(); // what the other writer left is shown now
        m_changedElsewhere->hide();
    }
    m_conflictCurrent.reset();
    m_pendingValue.reset();
    const bool prefixOnly = m_selectedIsPrefix && entry.encodedKey == m_selectedKey;
    m_header->showEntry(entry, prefixOnly);
    m_view->showEntry(entry, prefixOnly);
    showPage(ViewPage);
    emit loaded();
}

void ValueInspector::showPage(Page page)
{
    m_stack->setCurrentIndex(page);
    updateActions();
}

void ValueInspector::updateActions()
{
    m_actions->update(m_entry, m_writable, m_stack->currentIndex() == ViewPage);
    m_readOnlyHint->setVisible(m_store && !m_writable);
}

void ValueInspector::showError(const QString &message, const QString &detail)
{
    m_error->setText(detail.isEmpty() ? message : tr("%1\n%2").arg(message, detail));
    m_error->show();
}

void ValueInspector::hideError()
{
    m_error->clear();
    m_error->hide();
}

void ValueInspector::startEditing()
{
    if (!m_writable || !m_entry || !m_entry->editable)
        return;
    hideError();
    m_editPanel->begin(m_entry->prettyText);
    showPage(EditPage);
    m_editPanel->editor()->textEdit()->setFocus();
}

void ValueInspector::saveEdit()
{
    if (!m_writable || !m_entry || !m_entry->key)
        return;
    const std::optional<Value> value = m_editPanel->editor()->parseValue();
    if (!value)
        return; // The editor shows the syntax error in place.
    hideError();
    m_pendingValue = *value;
    m_pendingText = m_editPanel->editor()->text();
    m_pendingExpiry = m_editPanel->expiry()->choice();
    m_controller->save(*m_entry, *value, m_pendingExpiry);
}

void ValueInspector::cancelEditing()
{
    m_pendingValue.reset();
    hideError();
    showPage(m_entry ? ViewPage : EmptyPage);
}

bool ValueInspector::shows(const std::string &encodedKey) const
{
    return m_entry && m_entry->encodedKey == encodedKey && m_selectedKey == encodedKey;
}

void ValueInspector::deleteKey()
{
    if (!m_writable || !m_entry || !m_entry->found)
        return;
    const InspectedEntry entry = *m_entry;
    const QString size = EntryHeader::sizeText(qint64(entry.rawValue->size()));
    // A row whose key does not decode is deleted by its key bytes.
    const bool raw = !entry.key;
    if (!confirmDestructive(
            this,
            raw ? DestructiveQuestion{QStringLiteral("confirmDeleteRow"),
                                      tr("Delete row"),
                                      tr("Delete the row stored at key %1?").arg(entry.keyHex),
                                      (m_store && undoJournalOf(*m_store)
                                           ? tr("Its key does not decode, so no key names it. "
                                                "The row (value %1) is deleted by its key bytes, "
                                                "in one transaction; Edit > Undo writes its "
                                                "bytes back.")
                                           : tr("Its key does not decode, so no key names it. The "
                                                "row (value %1) is deleted by its key bytes, in "
                                                "one transaction. This cannot be undone."))
                                          .arg(size),
                                      tr("Delete")}
                : DestructiveQuestion{
                    QStringLiteral("confirmDelete"),
                    tr("Delete key"),
                    tr("Delete the key %1?").arg(entry.keyLiteral),
                    (m_store && undoJournalOf(*m_store)
                         ? tr("Its value (%1) is removed from the database; Edit > Undo puts "
                              "it back.")
                         : tr("Its value (%1) is removed from the database. This cannot be "
                              "undone."))
                        .arg(size),
                    tr("Delete")}))
        return;
    hideError();
    if (raw)
        m_controller->removeRaw(entry);
    else
        m_controller->remove(entry);
}

void ValueInspector::incrementBy(qint64 delta)
{
    if (!m_writable || !m_entry || !m_entry->found || !m_entry->key || !m_entry->value)
        return;
    hideError();
    m_controller->increment(*m_entry, delta);
}

void ValueInspector::setExpiry(const ExpiryChoice &choice)
{
    if (!m_writable || !m_entry || !m_entry->found || !m_entry->key)
        return;
    hideError();
    m_controller->setExpiry(*m_entry, choice);
}

void ValueInspector::createKeyUnder(const kvs::Key &prefix)
{
    if (!m_writable)
        return;
    auto *dialog = new NewKeyDialog(prefix, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        hideError();
        m_controller->create(dialog->key(), dialog->value(), dialog->ttlMs());
    });
    dialog->open();
}

void ValueInspector::onWritten(InspectorController::Operation operation,
                               const std::string &encodedKey)
{
    hideError();
    emit keyWritten(encodedKey);
    const bool leave = std::exchange(m_leaveAfterSave, false)
                       && operation == InspectorController::Operation::Save
                       && encodedKey == m_selectedKey;
    if (operation == InspectorController::Operation::Create || encodedKey == m_selectedKey)
        showKey(encodedKey);
    if (leave)
        emit editSaved();
}

void ValueInspector::onConflict(InspectorController::Operation operation,
                                const InspectedEntry &current)
{
    m_leaveAfterSave = false;
    if (current.encodedKey != m_selectedKey)
        return;
    if (operation == InspectorController::Operation::Save && m_entry && m_pendingValue) {
        m_conflictCurrent = current;
        // Side by side, the three read line by line: when one spans several lines, so do the
        // loaded and the current value (a short object alone would be one line).
        const bool multiLine = m_entry->prettyText.contains(QLatin1Char('\n'))
                               || m_pendingText.contains(QLatin1Char('\n'))
                               || current.prettyText.contains(QLatin1Char('\n'));
        const auto shown = [multiLine](const InspectedEntry &entry) {
            return multiLine && entry.value && !entry.truncated
                       ? ConflictView::multiLineText(*entry.value)
                       : entry.prettyText;
        };
        m_conflict->showConflict(shown(*m_entry),
                                 m_entry->version,
                                 m_pendingText,
                                 current.found ? shown(current) : tr("// The key was deleted."),
                                 current.version,
                                 current.found);
        showPage(ConflictPage);
        return;
    }
    showEntry(current);
    showError(tr("The key changed after it was loaded, so nothing was written. This is its "
                 "current value; try again if you still want to."));
}

void ValueInspector::onFailed(InspectorController::Operation operation,
                              const QString &message,
                              const QString &detail)
{
    m_leaveAfterSave = false;
    if (operation == InspectorController::Operation::Load) {
        m_entry.reset();
        m_header->showEntry(std::nullopt);
        m_view->clear();
        showPage(EmptyPage);
    }
    showError(message, detail);
}

} // namespace kvs::ui
