// kvs-admin: the desktop admin and inspector. A thin main (STYLE.md 1): the window, the command
// line, the language and the single-instance hand-off live in kvs_ui.
#include "connection/ssh_askpass.h"
#include "connection/ssh_tunnel_settings.h"
#include "i18n/ui_language.h"
#include "instance/single_instance.h"
#include "restore/session_state.h"
#include "startup/admin_command_line.h"
#include "startup/data_folder_move.h"
#include "startup/demo_database.h"
#include "startup/smoke_probe.h"
#include "startup/termination_signals.h"
#include "theme/app_icons.h"
#include "window/main_window.h"

#include <kvs/connection_string.h>

#include <QApplication>
#include <QCoreApplication>
#include <QStringList>

#include <cstdio>
#include <optional>

int main(int argc, char *argv[])
{
    using namespace kvs::ui;
    setAdminApplicationIdentity();
    if (wantsTextOnly(argc, argv)) {
        // --help and --version answer without a display.
        QCoreApplication app(argc, argv);
        applyUiLanguage(storedUiLanguage());
        AdminOptions ignored;
        return parseAdminCommandLine(QCoreApplication::arguments(), &ignored).value_or(0);
    }

    QApplication app(argc, argv);
    applyUiLanguage(storedUiLanguage());
    // Run by ssh as its SSH_ASKPASS (a tab's tunnel): a passphrase dialog, nothing else.
    if (qEnvironmentVariableIsSet(kAskpassVariable))
        return runSshAskpass(QCoreApplication::arguments().value(1));
    setSshAskpassProgram(QCoreApplication::applicationFilePath());
    AdminOptions options;
    if (const std::optional<int> exitCode
        = parseAdminCommandLine(QCoreApplication::arguments(), &options))
        return *exitCode;
    // The arguments are copied: a password can go from ps and /proc/PID/cmdline for the rest of
    // the run (Qt reads argv again only when asked for the arguments).
    kvs::hidePasswordsInArguments(argc, argv);
    QApplication::setWindowIcon(appIcon(AppIcon::Application));
    // Once: the files a former release kept under "KVS Admin/kvs-admin" go to the one data
    // folder, before anything opens them (README, "Where kvs keeps its files").
    const DataFolderMove move = moveLegacyDataFolder();
    for (const QString &name : move.moved)
        std::fprintf(stderr,
                     "kvs-admin: moved %s from %s to the data folder\n",
                     qPrintable(name),
                     qPrintable(legacyDataFolderPath()));
    if (!move.kept.isEmpty())
        std::fprintf(stderr,
                     "kvs-admin: left %s in %s (not moved to the data folder)\n",
                     qPrintable(move.kept.join(QStringLiteral(", "))),
                     qPrintable(legacyDataFolderPath()));
    if (!move.problem.isEmpty())
        std::fprintf(stderr, "kvs-admin: %s\n", qPrintable(move.problem));
    // SIGTERM (a logout) or Ctrl+C: the event loop ends with 128 + the signal, running jobs
    // record that they were interrupted, and the process waits for them (TerminationSignals).
    TerminationSignals termination;
    QObject::connect(&termination, &TerminationSignals::terminationRequested, &app, [](int number) {
        QCoreApplication::exit(128 + number);
    });
    SingleInstance instance;
    if (!options.newInstance) {
        switch (instance.handOffOrListen(options.locations)) {
        case SingleInstance::Outcome::HandedOff:
            return 0;
        case SingleInstance::Outcome::Failed:
            std::fprintf(
                stderr, "kvs-admin: %s; running alone\n", qPrintable(instance.errorString()));
            break;
        case SingleInstance::Outcome::Primary:
            break;
        }
    }

    MainWindow window;
    QObject::connect(&instance,
                     &SingleInstance::openRequested,
                     &window,
                     [&window](const QStringList &locations) {
                         // To the window used last: the first one or a detached one.
                         MainWindow *target = MainWindow::lastActive();
                         if (!target)
                             target = &window;
                         for (const QString &location : locations)
                             target->openDatabase(location);
                         target->setWindowState(target->windowState() & ~Qt::WindowMinimized);
                         target->raise();
                         target->activateWindow();
                     });
    // All return at once: creating the demo and reading the databases happen on workers. The
    // last session's tabs come back first (read-only), then what the command line names.
    SessionState lastSession;
    if (!options.newSession) {
        QString error;
        if (std::optional<SessionState> read = readSessionState(sessionStatePath(), &error))
            lastSession = *read;
        else if (!error.isEmpty())
            std::fprintf(stderr,
                         "kvs-admin: the last session is not restored: %s: %s\n",
                         qPrintable(sessionStatePath()),
                         qPrintable(error));
    }
    if (!window.restoreSession(lastSession, options.locations) && !options.smoke)
        window.openDemoDatabase(defaultDemoDatabasePath());
    if (!options.smoke)
        window.recordSession(sessionStatePath());
    std::optional<SmokeProbe> probe;
    if (options.smoke)
        probe.emplace(&window);
    window.show();
    if (!options.smoke)
        window.showGettingStartedOnFirstStart(); // what to try, once
    return QApplication::exec();
}
