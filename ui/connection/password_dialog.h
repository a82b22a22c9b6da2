#pragma once

#include "connection/password_prompt.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace kvs::ui {

// The password dialog: who and where, why asked again (in red), the password field, "Remember
// password in the system keychain", and a one-line note (e.g. that no keychain is available).
// Thread rule: GUI thread only.
class PasswordDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PasswordDialog(const PasswordRequest &request, QWidget *parent = nullptr);

    // The answer as the form stands (accepted is the dialog's result).
    PasswordAnswer answer() const;

private:
    QLineEdit *m_password; // Owned (child).
    QCheckBox *m_remember; // Owned (child).
};

} // namespace kvs::ui
