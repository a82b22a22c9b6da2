#pragma once

#include <kvs/future.h>

#include <QFuture>

#include <mutex>

namespace kvs::ui {

// Cancels a listing unless it is finished, under kvs::futureLock(). Not QFuture::cancel() alone:
// Qt 6.4's cancel() walks the future's chain of continuations through raw pointers to mark each
// cancelled, and once the continuation that delivers the page has run (kvs::then keeps no
// future of it), that pointer names freed memory: a crash in QFutureInterfaceBase::cancel when
// Cancel, Refresh or closing the tab came between the page's read and its delivery. Qt 6.5
// guards the chain. kvs finishes its promises under the lock, so a future not finished there
// has not run its continuations yet; a finished one has nothing left to cancel.
template <typename T>
void cancelListing(QFuture<T> &future)
{
    std::lock_guard lock(kvs::futureLock());
    if (!future.isFinished())
        future.cancel();
}

} // namespace kvs::ui
