#include "inspector/value_edit_panel.h"

#include "common/literal_editor.h"
#include "inspector/expiry_edit.h"

#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace kvs::ui {

ValueEditPanel::ValueEditPanel(QWidget *parent)
    : QWidget(parent)
{
    m_editor = new LiteralEditor(LiteralEditor::Kind::Value, this);
    m_editor->setObjectName(QStringLiteral("valueEditor"));
    m_expiry = new ExpiryEdit(true, this);
    m_save = new QPushButton(tr("Save"), this);
    m_save->setObjectName(QStringLiteral("saveEdit"));
    m_save->setDefault(true);
    auto *cancel = new QPushButton(tr("Cancel"), this);
    cancel->setObjectName(QStringLiteral("cancelEdit"));

    // The expiry, then the buttons on a row of their own: the inspector fits beside the tree in
    // a small window.
    auto *expiry = new QHBoxLayout;
    expiry->addWidget(new QLabel(tr("Expiry:"), this));
    expiry->addWidget(m_expiry, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_save);
    buttons->addWidget(cancel);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_editor, 1);
    layout->addLayout(expiry);
    layout->addLayout(buttons);

    connect(m_editor, &LiteralEditor::validated, m_save, &QPushButton::setEnabled);
    connect(m_save, &QPushButton::clicked, this, &ValueEditPanel::saveRequested);
    connect(cancel, &QPushButton::clicked, this, &ValueEditPanel::cancelRequested);
    // Ctrl+Enter saves from the editor (plain Enter is a line break there).
    for (const QKeySequence &keys :
         {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
        auto *shortcut = new QShortcut(keys, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        shortcut->setWhatsThis(tr("Save the edit")); // Help > Keyboard shortcuts says it
        connect(shortcut, &QShortcut::activated, this, [this] {
            if (m_save->isEnabled())
                emit saveRequested();
        });
    }
}

bool ValueEditPanel::isModified() const
{
    return m_editor->text() != m_original || m_expiry->choice().mode != ExpiryChoice::Mode::Keep;
}

void ValueEditPanel::begin(const QString &text)
{
    m_expiry->setChoice(ExpiryChoice::keep());
    m_editor->setText(text);
    m_original = m_editor->text();
    m_save->setEnabled(m_editor->isValid());
}

} // namespace kvs::ui
