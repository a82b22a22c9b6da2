#include "connection/dialog_password_prompt.h"

#include "connection/password_dialog.h"

#include <utility>

namespace kvs::ui {

DialogPasswordPrompt::DialogPasswordPrompt(QWidget *parent)
    : m_parent(parent)
{}

void DialogPasswordPrompt::ask(const PasswordRequest &request, QObject *context, Callback done)
{
    auto *dialog = new PasswordDialog(request, m_parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(
        dialog, &QDialog::finished, context, [dialog, done = std::move(done)](int code) {
            PasswordAnswer answer = dialog->answer();
            answer.accepted = code == QDialog::Accepted;
            done(answer);
        });
    // Whoever asked is gone: nobody waits for the answer any more.
    QObject::connect(context, &QObject::destroyed, dialog, &QDialog::reject);
    dialog->open();
}

} // namespace kvs::ui
