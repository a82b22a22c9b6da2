#include "startup/admin_command_line.h"

#include <kvs/async_kvstore.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGuiApplication>

#include <cstdio>
#include <cstring>

namespace kvs::ui {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(KvsAdmin)
};

void print(FILE *stream, const QString &text)
{
    std::fputs(text.toLocal8Bit().constData(), stream);
    std::fflush(stream);
}

} // namespace

void setAdminApplicationIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("kvs-admin"));
    QCoreApplication::setOrganizationName(QStringLiteral("KVS Admin"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KVS_ADMIN_VERSION));
    // The .desktop file's id: desktops match windows to it (icon, name, "Open with").
    QGuiApplication::setDesktopFileName(QStringLiteral("org.kvsadmin.kvs_admin"));
}

bool wantsTextOnly(int argc, const char *const *argv)
{
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (std::strcmp(arg, "--") == 0)
            return false;
        for (const char *option : {"-h", "--help", "-?", "--help-all", "-v", "--version"}) {
            if (std::strcmp(arg, option) == 0)
                return true;
        }
    }
    return false;
}

std::optional<int> parseAdminCommandLine(const QStringList &arguments, AdminOptions *options)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Tr::tr("Admin and inspector for kvs databases."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption newInstance(
        QStringLiteral("new-instance"),
        Tr::tr("Start a new window even if KVS Admin is running already. Without it, the "
               "databases are handed to the running window and this process exits."));
    const QCommandLineOption smoke(
        QStringLiteral("smoke"),
        Tr::tr("Open the window, then quit with exit code 0 after it is first painted (for "
               "package checks). Implies --new-instance."));
    const QCommandLineOption newSession(
        QStringLiteral("new-session"),
        Tr::tr("Start without the tabs of the last session (they come back by default, "
               "read-only, each on its view and key)."));
    parser.addOption(newInstance);
    parser.addOption(newSession);
    parser.addOption(smoke);
    parser.addPositionalArgument(
        QStringLiteral("database"),
        Tr::tr("A kvs database to open for inspection (read-only): a SQLite file, a "
               "postgres:// URL or libpq key=value text; several open in tabs, after the last "
               "session's. Default: the last session's tabs, else the demo database, created on "
               "the first run. A password given here is hidden from ps once "
               "read; PGPASSWORD, ~/.pgpass or the system keychain (the Connect dialog) keep it "
               "out of the command line altogether."),
        Tr::tr("[database...]"));

    if (!parser.parse(arguments)) {
        print(stderr, QStringLiteral("%1\n\n%2").arg(parser.errorText(), parser.helpText()));
        return 1;
    }
    if (parser.isSet(help)) {
        print(stdout, parser.helpText());
        return 0;
    }
    if (parser.isSet(version)) {
        print(stdout,
              QStringLiteral("%1 %2\n").arg(QCoreApplication::applicationName(),
                                            QCoreApplication::applicationVersion()));
        return 0;
    }
    options->smoke = parser.isSet(smoke);
    options->newInstance = options->smoke || parser.isSet(newInstance);
    options->newSession = options->smoke || parser.isSet(newSession);
    options->locations.clear();
    for (const QString &location : parser.positionalArguments()) {
        // The running instance has another working directory: hand it absolute paths.
        options->locations.append(isPostgresUrl(location.toStdString())
                                      ? location
                                      : QFileInfo(location).absoluteFilePath());
    }
    return std::nullopt;
}

} // namespace kvs::ui
