#include "inspector/inspector_actions.h"

#include "common/file_chooser.h"
#include "inspector/expiry_edit.h"
#include "inspector/inspector_controller.h"

#include <QAction>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QLabel>
#include <QSpinBox>
#include <QToolBar>
#include <QVBoxLayout>

namespace kvs::ui {

InspectorActions::InspectorActions(InspectorController *controller, QWidget *pane)
    : QObject(pane)
    , m_controller(controller)
    , m_pane(pane)
{
    m_toolBar = new QToolBar(pane);
    m_toolBar->setObjectName(QStringLiteral("inspectorToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_writeToolBar = new QToolBar(pane);
    m_writeToolBar->setObjectName(QStringLiteral("inspectorWriteToolBar"));
    m_writeToolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_incrementDelta = new QSpinBox(m_writeToolBar);
    m_incrementDelta->setObjectName(QStringLiteral("incrementDelta"));
    m_incrementDelta->setRange(-1'000'000'000, 1'000'000'000);
    m_incrementDelta->setValue(1);
    m_incrementDelta->setToolTip(tr("The amount Increment adds (negative to subtract)"));

    QToolBar *bar = m_toolBar;
    const auto add = [this, &bar](const QString &text, const char *name, auto slot) {
        QAction *action = bar->addAction(text);
        action->setObjectName(QString::fromLatin1(name));
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    m_copyKey = add(tr("Copy key"), "copyKey", &InspectorActions::copyKeyLiteral);
    m_copyKey->setToolTip(tr("Copy the key as a literal"));
    m_copyValue = add(tr("Copy value"), "copyValue", &InspectorActions::copyValueLiteral);
    m_copyValue->setToolTip(tr("Copy the value as a one-line literal"));
    m_copyCursor = add(tr("Copy cursor"), "copyCursor", &InspectorActions::copyCursor);
    m_copyCursor->setToolTip(tr("Copy the key's list cursor (base64)"));
    m_saveToFile = add(tr("Save to file…"), "saveToFile", &InspectorActions::chooseFileAndSave);
    bar = m_writeToolBar;
    m_writeSeparator = m_writeToolBar->addSeparator();
    m_writeSeparator->setVisible(false);
    m_edit = add(tr("Edit"), "editValue", &InspectorActions::editRequested);
    m_increment = add(tr("Increment by"), "increment", [this] {
        emit incrementRequested(m_incrementDelta->value());
    });
    m_incrementWidget = m_writeToolBar->addWidget(m_incrementDelta);
    m_expiry = add(tr("Expiry…"), "setExpiry", &InspectorActions::chooseExpiry);
    m_delete = add(tr("Delete"), "deleteKey", &InspectorActions::deleteRequested);
    m_newKey = add(tr("New key…"), "newKey", &InspectorActions::newKeyRequested);
}

void InspectorActions::update(const std::optional<InspectedEntry> &entry,
                              bool writable,
                              bool viewing)
{
    m_entry = &entry;
    const bool found = entry && entry->found;
    const bool keyDecodes = entry && entry->key;
    const bool valueDecodes = found && entry->value;
    m_copyKey->setEnabled(entry.has_value());
    m_copyValue->setEnabled(valueDecodes);
    m_copyCursor->setEnabled(entry.has_value());
    m_saveToFile->setEnabled(found);

    for (QAction *action :
         {m_writeSeparator, m_edit, m_increment, m_incrementWidget, m_expiry, m_delete, m_newKey}) {
        action->setVisible(writable);
    }
    m_writeSeparator->setVisible(false);
    m_writeToolBar->setVisible(writable);
    const bool writableRow = writable && viewing && found && keyDecodes;
    const bool numeric = valueDecodes
                         && (entry->value->type() == Value::Type::Number
                             || entry->value->type() == Value::Type::BigInt);
    m_edit->setEnabled(writableRow && entry->editable);
    m_increment->setEnabled(writableRow && numeric);
    m_incrementWidget->setEnabled(writableRow && numeric);
    m_expiry->setEnabled(writableRow && valueDecodes);
    // A row whose key does not decode is deleted by its key bytes.
    m_delete->setEnabled(writable && viewing && found);
    m_newKey->setEnabled(writable);
}

void InspectorActions::copyKeyLiteral()
{
    if (!m_entry || !*m_entry)
        return;
    const InspectedEntry &entry = **m_entry;
    QGuiApplication::clipboard()->setText(entry.key ? entry.keyLiteral : entry.keyHex);
}

void InspectorActions::copyValueLiteral()
{
    if (m_entry && *m_entry && (*m_entry)->value)
        m_controller->printValueLiteral(**m_entry);
}

void InspectorActions::copyCursor()
{
    if (m_entry && *m_entry)
        QGuiApplication::clipboard()->setText((*m_entry)->keyCursor);
}

void InspectorActions::saveValueToFile(const QString &path, bool asLiteral)
{
    if (m_entry && *m_entry && (*m_entry)->found)
        m_controller->exportValue(**m_entry, path, asLiteral && (*m_entry)->value);
}

void InspectorActions::chooseFileAndSave()
{
    if (!m_entry || !*m_entry || !(*m_entry)->found)
        return;
    const QString rawFilter = tr("Raw bytes (*.bin)");
    const QString literalFilter = tr("Literal (*.txt)");
    QString filter = rawFilter;
    const QString path = FileChooser::getSaveFileName(
        m_pane,
        tr("Save value to file"),
        {},
        (*m_entry)->value ? tr("%1;;%2").arg(rawFilter, literalFilter) : rawFilter,
        &filter);
    if (!path.isEmpty())
        saveValueToFile(path, filter == literalFilter);
}

void InspectorActions::chooseExpiry()
{
    auto *dialog = new QDialog(m_pane);
    dialog->setObjectName(QStringLiteral("expiryDialog"));
    dialog->setWindowTitle(
        tr("Expiry of %1").arg(m_entry && *m_entry ? (*m_entry)->keyLiteral : QString()));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *edit = new ExpiryEdit(false, dialog);
    edit->setChoice(m_entry && *m_entry && (*m_entry)->expiresAt ? ExpiryChoice::in(60'000)
                                                                 : ExpiryChoice::clear());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(new QLabel(tr("The value stays as it is; only its expiry changes."), dialog));
    layout->addWidget(edit);
    layout->addWidget(buttons);
    connect(dialog, &QDialog::accepted, this, [this, edit] { emit expiryChosen(edit->choice()); });
    dialog->open();
}

} // namespace kvs::ui
