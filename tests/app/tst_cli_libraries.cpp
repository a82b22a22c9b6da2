// kvs runs on a server without a display: of Qt it loads Qt Core only, and nothing of X, xcb,
// Wayland or GL. Checked on every library the dynamic loader would load (ldd: the whole tree,
// not only kvs's own NEEDED entries, since a library kvs links could pull Qt Gui in turn).

#include "support/test_paths.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTest>

namespace {

// The file names of the libraries ldd lists for program ("libQt6Core.so.6", ...).
QStringList loadedLibraries(const QString &program)
{
    QProcess ldd;
    ldd.start(QStringLiteral("ldd"), {program});
    if (!ldd.waitForFinished(60000) || ldd.exitStatus() != QProcess::NormalExit
        || ldd.exitCode() != 0) {
        qWarning() << "ldd failed:" << ldd.errorString() << ldd.readAllStandardError();
        return {};
    }
    QStringList names;
    for (const QByteArray &line : ldd.readAllStandardOutput().split('\n')) {
        // "\tlibQt6Core.so.6 => /lib/.../libQt6Core.so.6 (0x...)", "\tlinux-vdso.so.1 (0x...)"
        const QByteArray name = line.trimmed().split(' ').constFirst();
        if (!name.isEmpty())
            names.append(QString::fromUtf8(name.mid(name.lastIndexOf('/') + 1)));
    }
    return names;
}

} // namespace

class TestCliLibraries : public QObject
{
    Q_OBJECT

private slots:
    void loadsNoGuiLibrary()
    {
        const QStringList libraries = loadedLibraries(kvs::test::fromTest(KVS_CLI_PATH));
        QVERIFY2(libraries.contains(QStringLiteral("libQt6Core.so.6")),
                 qPrintable(libraries.join(u' ')));
        // Any Qt library but Core (Gui, Widgets, DBus, ...), the keychain, X, xcb, Wayland, GL
        // and the font libraries Qt Gui brings.
        const QRegularExpression gui(QStringLiteral(
            "^lib(Qt6(?!Core\\.)|qt6keychain|X|xcb|xkbcommon|wayland|GL|EGL|OpenGL|vulkan|"
            "fontconfig|freetype|harfbuzz)"));
        const QStringList found = libraries.filter(gui);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u' ')));
    }
};

QTEST_GUILESS_MAIN(TestCliLibraries)
#include "tst_cli_libraries.moc"
