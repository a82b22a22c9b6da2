#pragma once

#include <QDir>
#include <QFileInfo>
#include <QString>

namespace kvs::test {

// A path that tests/CMakeLists.txt gives a test relative to its own program's folder
// (kvs_test_path), made absolute. Compiled in relative, a test is the same object in every clone
// or worktree, so ccache compiles it once. Safe before a QCoreApplication exists.
inline QString fromTest(const char *relative)
{
    static const QString folder = QFileInfo(QStringLiteral("/proc/self/exe")).canonicalPath();
    return QDir::cleanPath(folder + QLatin1Char('/') + QString::fromUtf8(relative));
}

} // namespace kvs::test
