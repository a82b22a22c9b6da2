#include <kvs/errors.h>
#include <kvs/private_file.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kvs {

void appendPrivateFile(const std::string &path, std::string_view bytes, std::string_view what)
{
    const QString file = QString::fromStdString(path);
    const auto fail = [&](const std::string &reason) {
        throw Error("kvs: cannot write " + std::string(what) + " " + path + ": " + reason);
    };
    QDir folder = QFileInfo(file).dir();
    if (!folder.exists()) {
        if (!folder.mkpath(QStringLiteral(".")))
            fail("cannot create its folder");
        QFile::setPermissions(folder.absolutePath(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                  | QFileDevice::ExeOwner);
    }
    // Created 0600 by open(2) itself: there is no moment when another user could read it.
    const int fd = ::open(QFile::encodeName(file).constData(),
                          O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
                          S_IRUSR | S_IWUSR);
    if (fd < 0)
        fail(std::strerror(errno));
    // One write in append mode: lines of two writers never interleave.
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    const int writeError = errno;
    ::close(fd);
    if (written != ssize_t(bytes.size()))
        fail(written < 0 ? std::strerror(writeError) : "short write");
}

} // namespace kvs
