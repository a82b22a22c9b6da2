#pragma once

#include <QCoreApplication>
#include <QFuture>
#include <QString>

#include <exception>

namespace kvs::ui {

// The message of the exception a finished future holds (the core's texts: "kvs: ..."), "" when
// it holds none. For continuations, which receive finished futures: it does not wait.
template <typename T>
QString errorOf(QFuture<T> &future)
{
    try {
        future.waitForFinished(); // rethrows the stored exception
    } catch (const std::exception &e) {
        return QString::fromStdString(e.what());
    } catch (...) {
        return QCoreApplication::translate("kvs::ui", "unknown error");
    }
    if (future.isCanceled())
        return QCoreApplication::translate("kvs::ui", "cancelled");
    return {};
}

} // namespace kvs::ui
