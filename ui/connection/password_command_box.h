#pragma once

#include <QWidget>

class QLineEdit;

namespace kvs::ui {

// The Connect dialog's "Password command" part: a command that prints the password (a
// short-lived token: a cloud IAM login), run without a shell at every new connection of the tab
// (kvs/password_command.h), and a line saying what happens to its output. Thread rule: GUI thread
// only.
class PasswordCommandBox : public QWidget
{
    Q_OBJECT

public:
    explicit PasswordCommandBox(QWidget *parent = nullptr);

    // The command as typed (trimmed), "" for none.
    QString command() const;
    void showCommand(const QString &command);

signals:
    // The user changed the command.
    void edited();

private:
    QLineEdit *m_command; // Owned (child).
};

} // namespace kvs::ui
