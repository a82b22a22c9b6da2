#pragma once

#include "connection/password_prompt.h"

// A password prompt that never asks: a test that needs a password fails instead of waiting for a
// dialog.
namespace kvs::test {

class RefusingPrompt : public kvs::ui::PasswordPrompt
{
public:
    void ask(const kvs::ui::PasswordRequest &, QObject *, Callback done) override
    {
        done(kvs::ui::PasswordAnswer{});
    }
};

} // namespace kvs::test
