#include "connection/password_dialog.h"

#include "theme/ui_palette.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace kvs::ui {

PasswordDialog::PasswordDialog(const PasswordRequest &request, QWidget *parent)
    : QDialog(parent)
    , m_password(new QLineEdit(this))
    , m_remember(new QCheckBox(tr("&Remember password in the system keychain"), this))
{
    setWindowTitle(tr("Password for %1").arg(request.spec.displayName()));
    setObjectName(QStringLiteral("passwordDialog"));

    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        tr("Enter the password of <b>%1</b> for the PostgreSQL server "
           "<b>%2</b>.")
            .arg(request.spec.user().toHtmlEscaped(), request.spec.displayName().toHtmlEscaped()),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    if (!request.reason.isEmpty()) {
        auto *reason = new QLabel(request.reason, this);
        reason->setObjectName(QStringLiteral("reasonLabel"));
        reason->setWordWrap(true);
        reason->setStyleSheet(UiPalette::of(reason).textStyle(UiPalette::Role::Error));
        layout->addWidget(reason);
    }

    auto *form = new QFormLayout;
    m_password->setObjectName(QStringLiteral("passwordEdit"));
    m_password->setEchoMode(QLineEdit::Password);
    form->addRow(tr("&Password:"), m_password);
    layout->addLayout(form);

    m_remember->setObjectName(QStringLiteral("rememberCheck"));
    m_remember->setChecked(request.offerRemember && request.remember);
    m_remember->setEnabled(request.offerRemember);
    layout->addWidget(m_remember);

    if (!request.note.isEmpty()) {
        auto *note = new QLabel(request.note, this);
        note->setObjectName(QStringLiteral("noteLabel"));
        note->setWordWrap(true);
        note->setEnabled(false); // The palette's muted text.
        layout->addWidget(note);
    }

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("C&onnect"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    m_password->setFocus();
    setMinimumWidth(420);
}

PasswordAnswer PasswordDialog::answer() const
{
    PasswordAnswer answer;
    answer.accepted = result() == QDialog::Accepted;
    answer.password = m_password->text();
    answer.remember = m_remember->isEnabled() && m_remember->isChecked();
    return answer;
}

} // namespace kvs::ui
