#include "inspector/new_key_dialog.h"

#include "common/literal_editor.h"
#include "inspector/expiry_edit.h"

#include <kvs/literal.h>

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextCursor>
#include <QVBoxLayout>

namespace kvs::ui {

NewKeyDialog::NewKeyDialog(const Key &prefix, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("New key"));
    setObjectName(QStringLiteral("newKeyDialog"));
    m_keyEditor = new LiteralEditor(LiteralEditor::Kind::Key, this);
    m_keyEditor->setObjectName(QStringLiteral("newKeyLiteral"));
    m_keyEditor->textEdit()->setFixedHeight(m_keyEditor->fontMetrics().height() * 3);
    m_valueEditor = new LiteralEditor(LiteralEditor::Kind::Value, this);
    m_valueEditor->setObjectName(QStringLiteral("newValueLiteral"));
    m_expiry = new ExpiryEdit(false, this);

    // The prefix with an empty string part to fill in, the cursor inside its quotes.
    std::string literal = printKeyLiteral(prefix);
    literal.insert(literal.size() - 1, prefix.empty() ? "\"\"" : ", \"\"");
    m_keyEditor->setText(QString::fromStdString(literal));
    QTextCursor cursor = m_keyEditor->textEdit()->textCursor();
    cursor.movePosition(QTextCursor::End);
    cursor.movePosition(QTextCursor::Left, QTextCursor::MoveAnchor, 2);
    m_keyEditor->textEdit()->setTextCursor(cursor);
    m_valueEditor->setText(QStringLiteral("\"\""));

    auto *form = new QFormLayout;
    form->addRow(tr("Key:"), m_keyEditor);
    form->addRow(tr("Value:"), m_valueEditor);
    form->addRow(tr("Expiry:"), m_expiry);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    connect(buttons, &QDialogButtonBox::accepted, this, &NewKeyDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &NewKeyDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form, 1);
    layout->addWidget(buttons);
    resize(560, 360);
    m_keyEditor->textEdit()->setFocus();
}

void NewKeyDialog::accept()
{
    const std::optional<Key> key = m_keyEditor->parseKey();
    const std::optional<Value> value = m_valueEditor->parseValue();
    if (!key || !value)
        return;
    m_key = *key;
    m_value = *value;
    const ExpiryChoice expiry = m_expiry->choice();
    m_ttlMs = expiry.mode == ExpiryChoice::Mode::Set ? std::optional(expiry.ttlMs) : std::nullopt;
    QDialog::accept();
}

} // namespace kvs::ui
