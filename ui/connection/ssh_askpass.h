#pragma once

#include <QString>

// KVS Admin as ssh's SSH_ASKPASS program: ssh runs kvs-admin with KVS_ADMIN_ASKPASS set and its
// prompt ("Enter passphrase for key '...': ") as the argument, and reads the answer from its
// standard output. So ssh never prompts on a terminal, and a passphrase is typed into a dialog
// of ours and never kept.
namespace kvs::ui {

// The variable that puts kvs-admin in that mode.
inline constexpr char kAskpassVariable[] = "KVS_ADMIN_ASKPASS";

// Shows prompt in a password dialog and writes the answer and a newline to stdout. Returns 0,
// or 1 when cancelled (ssh then gives up on that key or password). Requires: a QApplication.
int runSshAskpass(const QString &prompt);

} // namespace kvs::ui
