#include "inspector/value_inspector.h"

#include "common/confirm_destructive.h"
#include "common/literal_editor.h"
#include "common/message_banner.h"
#include "inspector/conflict_view.h"
#include "inspector/entry_header.h"
#include "inspector/expiry_edit.h"
#include "inspector/new_key_dialog.h"
#include "inspector/value_edit_panel.h"
#include "inspector/value_view.h"
#include "theme/ui_palette.h"

#include <kvs/async_kvstore.h>

#include <QAction>
#include <QClipboard>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QGuiApplication>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
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
{
    m_toolBar = new QToolBar(this);
    m_toolBar->setObjectName(QStringLiteral("inspectorToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_writeToolBar = new QToolBar(this);
    m_writeToolBar->setObjectName(QStringLiteral("inspectorWriteToolBar"));
    m_writeToolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_incrementDelta = new QSpinBox(m_writeToolBar);
    m_incrementDelta->setObjectName(QStringLiteral("incrementDelta"));
    m_incrementDelta->setRange(-1'000'000'000, 1'000'000'000);
    m_incrementDelta->setValue(1);
    m_incrementDelta->setToolTip(tr("The amount Increment adds (negative to subtract)"));
    createActions();

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
    layout->addWidget(m_toolBar);
    layout->addWidget(m_writeToolBar);
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
    connect(m_view, &ValueView::saveRequested, this, &ValueInspector::chooseFileAndSave);
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

void ValueInspector::createActions()
{
    // Two rows: what reads (copy, save) and what writes, so that at the window's default width
    // no action hides in an overflow menu.
    QToolBar *bar = m_toolBar;
    const auto add = [this, &bar](const QString &text, const char *name, auto slot) {
        QAction *action = bar->addAction(text);
        action->setObjectName(QString::fromLatin1(name));
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    m_copyKey = add(tr("Copy key"), "copyKey", &ValueInspector::copyKeyLiteral);
    m_copyKey->setToolTip(tr("Copy the key as a literal"));
    m_copyValue = add(tr("Copy value"), "copyValue", &ValueInspector::copyValueLiteral);
    m_copyValue->setToolTip(tr("Copy the value as a one-line literal"));
    m_copyCursor = add(tr("Copy cursor"), "copyCursor", &ValueInspector::copyCursor);
    m_copyCursor->setToolTip(tr("Copy the key's list cursor (base64)"));
    m_saveToFile = add(tr("Save to file…"), "saveToFile", &ValueInspector::chooseFileAndSave);
    bar = m_writeToolBar;
    m_writeSeparator = m_writeToolBar->addSeparator();
    m_writeSeparator->setVisible(false);
    m_edit = add(tr("Edit"), "editValue", &ValueInspector::startEditing);
    m_increment
        = add(tr("Increment by"), "increment", [this] { incrementBy(m_incrementDelta->value()); });
    m_incrementWidget = m_writeToolBar->addWidget(m_incrementDelta);
    m_expiry = add(tr("Expiry…"), "setExpiry", &ValueInspector::chooseExpiry);
    m_delete = add(tr("Delete"), "deleteKey", &ValueInspector::deleteKey);
    // Ctrl+S saves the edit anywhere in the pane (Ctrl+Enter too, in the editor).
    m_saveShortcut = new QAction(tr("Save edit"), this);
    m_saveShortcut->setObjectName(QStringLiteral("saveEditShortcut"));
    m_saveShortcut->setShortcut(QKeySequence::Save);
    m_saveShortcut->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(m_saveShortcut);
    connect(m_saveShortcut, &QAction::triggered, this, [this] {
        if (m_stack->currentIndex() == EditPage)
            saveEdit();
    });
    m_newKey = add(tr("New key…"), "newKey", [this] {
        Key prefix;
        if (m_entry && m_entry->key && !m_entry->key->empty())
            prefix.assign(m_entry->key->begin(), m_entry->key->end() - 1);
        createKeyUnder(prefix);
    });
}

void ValueInspector::setStore(std::shared_ptr<kvs::AsyncKVStore> store, bool writable)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_store = std::move(store);
    m_controller->setStore(m_store);
    clear();
    setWritable(writable);
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
    const bool viewing = m_stack->currentIndex() == ViewPage;
    const bool found = m_entry && m_entry->found;
    const bool keyDecodes = m_entry && m_entry->key;
    const bool valueDecodes = found && m_entry->value;
    m_copyKey->setEnabled(m_entry.has_value());
    m_copyValue->setEnabled(valueDecodes);
    m_copyCursor->setEnabled(m_entry.has_value());
    m_saveToFile->setEnabled(found);

    for (QAction *action :
         {m_writeSeparator, m_edit, m_increment, m_incrementWidget, m_expiry, m_delete, m_newKey}) {
        action->setVisible(m_writable);
    }
    m_writeSeparator->setVisible(false);
    m_writeToolBar->setVisible(m_writable);
    const bool writableRow = m_writable && viewing && found && keyDecodes;
    const bool numeric = valueDecodes
                         && (m_entry->value->type() == Value::Type::Number
                             || m_entry->value->type() == Value::Type::BigInt);
    m_edit->setEnabled(writableRow && m_entry->editable);
    m_increment->setEnabled(writableRow && numeric);
    m_incrementWidget->setEnabled(writableRow && numeric);
    m_expiry->setEnabled(writableRow && valueDecodes);
    // A row whose key does not decode is deleted by its key bytes.
    m_delete->setEnabled(m_writable && viewing && found);
    m_newKey->setEnabled(m_writable);
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

void ValueInspector::copyKeyLiteral()
{
    if (!m_entry)
        return;
    QGuiApplication::clipboard()->setText(m_entry->key ? m_entry->keyLiteral : m_entry->keyHex);
}

void ValueInspector::copyValueLiteral()
{
    if (m_entry && m_entry->value)
        m_controller->printValueLiteral(*m_entry);
}

void ValueInspector::copyCursor()
{
    if (m_entry)
        QGuiApplication::clipboard()->setText(m_entry->keyCursor);
}

void ValueInspector::saveValueToFile(const QString &path, bool asLiteral)
{
    if (m_entry && m_entry->found)
        m_controller->exportValue(*m_entry, path, asLiteral && m_entry->value);
}

void ValueInspector::chooseFileAndSave()
{
    if (!m_entry || !m_entry->found)
        return;
    const QString rawFilter = tr("Raw bytes (*.bin)");
    const QString literalFilter = tr("Literal (*.txt)");
    QString filter = rawFilter;
    const QString path = QFileDialog::getSaveFileName(
        this,
        tr("Save value to file"),
        {},
        m_entry->value ? tr("%1;;%2").arg(rawFilter, literalFilter) : rawFilter,
        &filter);
    if (!path.isEmpty())
        saveValueToFile(path, filter == literalFilter);
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
    if (!m_entry->key) {
        deleteRowByKeyBytes();
        return;
    }
    const InspectedEntry entry = *m_entry;
    if (!confirmDestructive(
            this,
            {QStringLiteral("confirmDelete"),
             tr("Delete key"),
             tr("Delete the key %1?").arg(entry.keyLiteral),
             tr("Its value (%1) is removed from the database. This cannot be undone.")
                 .arg(EntryHeader::sizeText(qint64(entry.rawValue->size()))),
             tr("Delete")}))
        return;
    hideError();
    m_controller->remove(entry);
}

void ValueInspector::deleteRowByKeyBytes()
{
    const InspectedEntry entry = *m_entry;
    if (!confirmDestructive(
            this,
            {QStringLiteral("confirmDeleteRow"),
             tr("Delete row"),
             tr("Delete the row stored at key %1?").arg(entry.keyHex),
             tr("Its key does not decode, so no key names it. The row (value %1) is deleted by its "
                "key bytes, in one transaction. This cannot be undone.")
                 .arg(EntryHeader::sizeText(qint64(entry.rawValue->size()))),
             tr("Delete")}))
        return;
    hideError();
    m_controller->removeRaw(entry);
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

void ValueInspector::chooseExpiry()
{
    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("expiryDialog"));
    dialog->setWindowTitle(tr("Expiry of %1").arg(m_entry ? m_entry->keyLiteral : QString()));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *edit = new ExpiryEdit(false, dialog);
    edit->setChoice(m_entry && m_entry->expiresAt ? ExpiryChoice::in(60'000)
                                                  : ExpiryChoice::clear());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(new QLabel(tr("The value stays as it is; only its expiry changes."), dialog));
    layout->addWidget(edit);
    layout->addWidget(buttons);
    connect(dialog, &QDialog::accepted, this, [this, edit] { setExpiry(edit->choice()); });
    dialog->open();
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
