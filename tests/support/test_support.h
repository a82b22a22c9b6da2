#pragma once

#include <kvs/errors.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <string>
#include <typeinfo>

// Shared test helpers: assert that a call throws exactly the expected core error kind and
// message (the reference's text), and read files for byte-for-byte comparisons.
namespace kvs::test {

// Runs fn and checks it throws E (or a subclass) with what() == message. Returns false (after
// QTest failure output) otherwise, so callers write: QVERIFY(throwsWith<TypeError>(...)).
template <typename E>
bool throwsWith(const std::function<void()> &fn, const std::string &message)
{
    try {
        fn();
    } catch (const E &e) {
        if (e.what() == message)
            return true;
        qWarning("wrong message:\n  got:      %s\n  expected: %s", e.what(), message.c_str());
        return false;
    } catch (const std::exception &e) {
        qWarning("wrong exception type %s: %s", typeid(e).name(), e.what());
        return false;
    }
    qWarning("no exception; expected: %s", message.c_str());
    return false;
}

// A temporary folder for one test class's database files, removed with the test object.
class TestFiles
{
public:
    std::string path(const char *name) const
    {
        return m_dir.filePath(QString::fromUtf8(name)).toStdString();
    }

private:
    QTemporaryDir m_dir;
};

inline QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QByteArray("<missing>");
    return file.readAll();
}

} // namespace kvs::test
