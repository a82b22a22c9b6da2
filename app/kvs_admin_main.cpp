// kvs-admin: the desktop admin and inspector. A thin main (STYLE.md 1): the window lives in kvs_ui.
#include "demo_database.h"
#include "main_window.h"

#include <kvs/connection_string.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QStringList>

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(KvsAdmin)
};

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("kvs-admin"));
    QApplication::setOrganizationName(QStringLiteral("KVS Admin"));

    QCommandLineParser parser;
    parser.setApplicationDescription(Tr::tr("Admin and inspector for kvs databases."));
    parser.addHelpOption();
    parser.addPositionalArgument(
        QStringLiteral("database"),
        Tr::tr("The kvs database to open for inspection (read-only): a SQLite file, a "
               "postgres:// URL or libpq key=value text. Default: the demo database, created on "
               "the first run. A password given here is hidden from ps once read; PGPASSWORD, "
               "~/.pgpass or the system keychain (the Connect dialog) keep it out of the command "
               "line altogether."),
        Tr::tr("[database]"));
    parser.process(app);
    const QStringList arguments = parser.positionalArguments();
    // Copied: the password can go from ps and /proc/PID/cmdline for the rest of the run (Qt
    // reads argv again only when asked for the arguments).
    kvs::hidePasswordsInArguments(argc, argv);
    if (arguments.size() > 1)
        parser.showHelp(1);

    kvs::ui::MainWindow window;
    // Both return at once: creating the demo and reading the database happen on a worker.
    if (arguments.isEmpty())
        window.openDemoDatabase(kvs::ui::defaultDemoDatabasePath());
    else
        window.openDatabase(arguments.first());
    window.show();
    return QApplication::exec();
}
