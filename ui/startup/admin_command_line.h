#pragma once

#include <QStringList>

#include <optional>

namespace kvs::ui {

// kvs-admin's command line: [--new-instance] [--new-session] [--smoke] [database...], --help,
// --version.
struct AdminOptions
{
    QStringList locations;    // SQLite paths (made absolute) and postgres:// URLs
    bool newInstance = false; // run beside a running instance instead of handing over
    bool newSession = false;  // leave the last session's tabs closed
    bool smoke = false;       // open the window, quit after its first paint (package checks)
};

// Sets the application's name, organisation, version and desktop file name. Call before any
// QSettings or QCoreApplication is made.
void setAdminApplicationIdentity();

// True when arguments ask only for text (--help, --help-all, --version): main answers them
// without a display, from a QCoreApplication.
[[nodiscard]] bool wantsTextOnly(int argc, const char *const *argv);

// Parses arguments (argv[0] first) into options. On --help or --version prints the text to
// stdout; on a bad command line prints the error and usage to stderr. Returns the exit code then,
// or nothing when the GUI should start. Requires: a QCoreApplication exists (for tr()).
[[nodiscard]] std::optional<int> parseAdminCommandLine(const QStringList &arguments,
                                                       AdminOptions *options);

} // namespace kvs::ui
