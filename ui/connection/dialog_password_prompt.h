#pragma once

#include "connection/password_prompt.h"

class QWidget;

namespace kvs::ui {

// The app's PasswordPrompt: a PasswordDialog opened window-modal over parent, without a nested
// event loop; done runs when the user closes it. Thread rule: GUI thread only.
class DialogPasswordPrompt : public PasswordPrompt
{
public:
    explicit DialogPasswordPrompt(QWidget *parent = nullptr);
    void ask(const PasswordRequest &request, QObject *context, Callback done) override;

private:
    QWidget *m_parent; // Not owned; may be null.
};

} // namespace kvs::ui
