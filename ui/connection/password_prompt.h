#pragma once

#include "connection/connection_spec.h"

#include <QObject>
#include <QString>

#include <functional>

namespace kvs::ui {

// What a password prompt is asked. A value type; safe from any thread.
struct PasswordRequest
{
    ConnectionSpec spec;
    QString reason;            // Why asking again ("Authenticate failed: ..."); "" the first time.
    QString note;              // One line, e.g. that the keychain is unavailable; may be "".
    bool offerRemember = true; // False when the keychain is unavailable.
    bool remember = false;     // The initial state of "Remember password in the system keychain".
};

// The user's answer. A value type; safe from any thread.
struct PasswordAnswer
{
    bool accepted = false; // False: the user cancelled.
    QString password;
    bool remember = false; // Keep it in the system keychain.
};

// Asks the user for a password: the app's DialogPasswordPrompt shows a PasswordDialog; tests
// substitute their own. ask() returns at once; done runs later on context's thread (never inside
// the call), once, and not at all when context is destroyed first. Thread rule: GUI thread only.
class PasswordPrompt
{
public:
    using Callback = std::function<void(const PasswordAnswer &)>;

    virtual ~PasswordPrompt() = default;
    virtual void ask(const PasswordRequest &request, QObject *context, Callback done) = 0;
};

} // namespace kvs::ui
