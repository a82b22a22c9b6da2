#include <kvs/errors.h>
#include <kvs/private_file.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace kvs {

namespace {

// Closes a descriptor when it goes out of scope.
class Descriptor
{
public:
    explicit Descriptor(int fd)
        : m_fd(fd)
    {}
    ~Descriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;
    int get() const { return m_fd; }
    int release() { return std::exchange(m_fd, -1); }

private:
    int m_fd;
};

[[noreturn]] void fail(std::string_view verb,
                       std::string_view what,
                       const std::string &path,
                       const std::string &reason)
{
    throw Error("kvs: cannot " + std::string(verb) + " " + std::string(what) + " " + path + ": "
                + reason);
}

std::string openProblem(int error)
{
    // O_NOFOLLOW's refusal of a symbolic link.
    if (error == ELOOP)
        return "it is a symbolic link (not followed)";
    // O_NONBLOCK's answer for a named pipe without a reader.
    if (error == ENXIO)
        return "it is not a regular file";
    return std::strerror(error);
}

// Opens path for appending, creating it (and its folder) when missing, and checks what it is:
// a regular file of mode 0600 afterwards.
int openForAppend(const std::string &path, std::string_view what)
{
    const QString file = QString::fromStdString(path);
    QDir folder = QFileInfo(file).dir();
    if (!folder.exists()) {
        if (!folder.mkpath(QStringLiteral(".")))
            fail("write", what, path, "cannot create its folder");
        QFile::setPermissions(folder.absolutePath(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                  | QFileDevice::ExeOwner);
    }
    // Created 0600 by open(2) itself: there is no moment when another user could read it.
    // O_NOFOLLOW: a link planted in the log's place is not followed to another file;
    // O_NONBLOCK: a named pipe answers at once instead of waiting for a reader.
    const int fd = ::open(QFile::encodeName(file).constData(),
                          O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK,
                          S_IRUSR | S_IWUSR);
    if (fd < 0)
        fail("write", what, path, openProblem(errno));
    Descriptor guard(fd);
    struct stat status
    {};
    if (::fstat(fd, &status) != 0)
        fail("write", what, path, std::strerror(errno));
    if (!S_ISREG(status.st_mode))
        fail("write", what, path, "it is not a regular file");
    if ((status.st_mode & (S_IRWXG | S_IRWXO)) != 0 && ::fchmod(fd, S_IRUSR | S_IWUSR) != 0)
        fail("write", what, path, std::string("cannot make it private: ") + std::strerror(errno));
    return guard.release();
}

void rotate(const std::string &path, int fd, std::int64_t above)
{
    struct stat status
    {};
    if (above <= 0 || ::fstat(fd, &status) != 0 || status.st_size <= above)
        return;
    // A second writer rotating at the same moment renames its own new file: one rotation's
    // lines are lost then, never a line of the file being written.
    (void)::rename(path.c_str(), (path + ".1").c_str());
}

} // namespace

void appendPrivateFile(const std::string &path,
                       std::string_view bytes,
                       std::string_view what,
                       const PrivateAppendOptions &options)
{
    const Descriptor fd(openForAppend(path, what));
    // One write in append mode: lines of two writers never interleave.
    const ssize_t written = ::write(fd.get(), bytes.data(), bytes.size());
    const int writeError = errno;
    if (written != ssize_t(bytes.size())) {
        // A line cut short ends here, so that the next one is whole.
        if (written > 0)
            (void)::write(fd.get(), "\n", 1);
        fail("write", what, path, written < 0 ? std::strerror(writeError) : "short write");
    }
    if (options.sync && ::fdatasync(fd.get()) != 0)
        fail("write", what, path, std::strerror(errno));
    rotate(path, fd.get(), options.rotateAboveBytes);
}

void checkPrivateFileAppendable(const std::string &path, std::string_view what)
{
    const Descriptor fd(openForAppend(path, what));
}

std::string
readPrivateFileTail(const std::string &path, std::int64_t maxBytes, std::string_view what)
{
    const int raw = ::open(QFile::encodeName(QString::fromStdString(path)).constData(),
                           O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (raw < 0) {
        if (errno == ENOENT)
            return {};
        fail("read", what, path, std::strerror(errno));
    }
    const Descriptor fd(raw);
    struct stat status
    {};
    if (::fstat(fd.get(), &status) != 0)
        fail("read", what, path, std::strerror(errno));
    if (!S_ISREG(status.st_mode))
        fail("read", what, path, "it is not a regular file");
    const std::int64_t size = status.st_size;
    const std::int64_t from = std::max<std::int64_t>(0, size - maxBytes);
    std::string text(std::size_t(size - from), '\0');
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t got
            = ::pread(fd.get(), text.data() + done, text.size() - done, off_t(from + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            fail("read", what, path, std::strerror(errno));
        if (got == 0)
            break;
        done += std::size_t(got);
    }
    text.resize(done);
    if (from > 0) {
        const std::size_t newline = text.find('\n');
        text.erase(0, newline == std::string::npos ? text.size() : newline + 1);
    }
    return text;
}

} // namespace kvs
