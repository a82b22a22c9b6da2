#include "connection/password_command_box.h"

#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace kvs::ui {

PasswordCommandBox::PasswordCommandBox(QWidget *parent)
    : QWidget(parent)
    , m_command(new QLineEdit(this))
{
    m_command->setObjectName(QStringLiteral("passwordCommandEdit"));
    m_command->setPlaceholderText(tr("e.g. get-db-token --role app (no shell)"));
    m_command->setClearButtonEnabled(true);
    auto *note = new QLabel(tr("Run at every new connection of the tab; the first line it prints "
                               "is the password. What it prints is never saved, logged or shown. "
                               "Words are split at spaces, \"double quotes\" group them."),
                            this);
    note->setWordWrap(true);
    note->setObjectName(QStringLiteral("passwordCommandNote"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_command);
    layout->addWidget(note);
    layout->addStretch();
    connect(m_command, &QLineEdit::textEdited, this, &PasswordCommandBox::edited);
}

QString PasswordCommandBox::command() const
{
    return m_command->text().trimmed();
}

void PasswordCommandBox::showCommand(const QString &command)
{
    m_command->setText(command);
}

} // namespace kvs::ui
