// AsyncKVStore's reads for KVS Admin that the reference does not have (kvs/key_tree.h):
// listChildren() drives the shared skip-scan (children_scan.h) with one adapter read per step,
// and inspect() reads a row as stored.
#include "runtime/clock.h"
#include "store/async_kvstore_state.h"
#include "store/children_scan.h"

#include <QPromise>

#include <memory>

namespace kvs {

namespace {

// One listChildren() call in flight: the scan, the adapter it reads and the promise of its page.
// Each read's continuation runs the next steps on the thread that finished it; reads that are
// finished already are taken in a loop, so the stack stays flat however many children a page has.
class ChildrenScanRun : public std::enable_shared_from_this<ChildrenScanRun>
{
public:
    ChildrenScanRun(detail::ChildrenScan scan, SqlAdapter &adapter)
        : m_scan(std::move(scan))
        , m_adapter(adapter)
    {
        m_promise.start();
    }

    QFuture<ChildrenPage> future() { return m_promise.future(); }

    void step() noexcept
    {
        try {
            while (const std::optional<detail::KeyProbe> probe = m_scan.nextProbe()) {
                if (m_promise.isCanceled()) { // the caller gave up: no more seeks
                    kvs::finish(m_promise);
                    return;
                }
                QFuture<std::vector<std::string>> read = m_adapter.listKeys(
                    probe->lower, probe->upper, detail::nowMs(), probe->limit, probe->descending);
                if (!read.isFinished()) {
                    kvs::then(
                        read,
                        [self = shared_from_this()](const QFuture<std::vector<std::string>> &done) {
                            self->resume(done);
                        });
                    return;
                }
                m_scan.accept(read.result());
            }
            m_promise.addResult(m_scan.takePage());
        } catch (...) {
            m_promise.setException(std::current_exception());
        }
        kvs::finish(m_promise);
    }

private:
    void resume(const QFuture<std::vector<std::string>> &read) noexcept
    {
        try {
            m_scan.accept(read.result()); // rethrows the read's failure
        } catch (...) {
            m_promise.setException(std::current_exception());
            kvs::finish(m_promise);
            return;
        }
        step();
    }

    detail::ChildrenScan m_scan;
    SqlAdapter &m_adapter; // Not owned: the store's, kept alive by the store's state.
    QPromise<ChildrenPage> m_promise;
};

} // namespace

QFuture<ChildrenPage> AsyncKVStore::listChildren(const ChildrenSelector &selector,
                                                 const ChildrenOptions &options)
{
    try {
        m_state->requireOpen();
        detail::ChildrenScan scan(selector, options, m_state->settings.maxKeySize);
        return m_state->whenReady<ChildrenPage>(
            [state = m_state, scan = std::move(scan)](SqlAdapter &adapter) mutable {
                auto run = std::make_shared<ChildrenScanRun>(std::move(scan), adapter);
                QFuture<ChildrenPage> page = run->future();
                run->step();
                return page;
            });
    } catch (...) {
        return detail::failedFuture<ChildrenPage>(std::current_exception());
    }
}

QFuture<std::optional<RawEntry>> AsyncKVStore::inspect(const std::string &encodedKey)
{
    try {
        m_state->requireOpen();
        return m_state->whenReady<std::optional<RawEntry>>([encodedKey](SqlAdapter &adapter) {
            return kvs::then(
                adapter.getRaw(encodedKey),
                [](const std::optional<KvRow> &row) -> std::optional<RawEntry> {
                    if (!row)
                        return std::nullopt;
                    const bool expired = row->expiresAt && *row->expiresAt <= detail::nowMs();
                    return RawEntry{row->key, row->value, row->version, row->expiresAt, expired};
                });
        });
    } catch (...) {
        return detail::failedFuture<std::optional<RawEntry>>(std::current_exception());
    }
}

} // namespace kvs
