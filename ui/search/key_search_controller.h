#pragma once

#include "search/key_search_hit.h"
#include "search/key_search_query.h"

#include <kvs/async_kvstore.h>

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace kvs::ui {

class KeySearchResultModel;

// Runs a key search: reads the keys under the query's prefix in key order, in list() pages (one
// short read each, no transaction held between them), on a worker thread, and appends the keys
// that match to results() as each page is done. Stops at the end, at maxResults() hits (capped),
// on cancel() (after the page being read) or on a read error. Thread rule: GUI thread only.
class KeySearchController : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultPageSize = 1000;

    explicit KeySearchController(QObject *parent = nullptr);
    // Cancels a running search; its worker ends after its page without waiting here.
    ~KeySearchController() override;

    void setStore(std::shared_ptr<AsyncKVStore> store);
    bool hasStore() const { return m_store != nullptr; }
    KeySearchResultModel *results() const { return m_results; }

    // Clears the results and starts query (cancelling a search still running). Returns false,
    // starting nothing, when the query is invalid (errorText() says why: a bad regular
    // expression) or there is no store.
    bool start(const KeySearchQuery &query);
    // Stops the running search after the page being read; finished() follows.
    void cancel();
    bool isRunning() const { return m_running; }
    // Why the last start() failed, or why the last search stopped early (a read error).
    QString errorText() const { return m_error; }
    long long scanned() const { return m_scanned; }

    void setMaxResults(int maxResults) { m_maxResults = maxResults; }
    int maxResults() const { return m_maxResults; }
    // Keys read per list() page (at most 1000, list()'s cap).
    void setPageSize(int pageSize) { m_pageSize = pageSize; }
    // For tests: runs on the worker before page number n (from 0) is read.
    void setBeforePageHook(std::function<void(int page)> hook) { m_beforePage = std::move(hook); }

    // What a page of the worker brings (public for the worker's delivery).
    struct Progress
    {
        KeySearchHits hits;
        long long scanned = 0; // keys read so far, in total
        bool done = false;
        bool capped = false;
        QString error; // a read failed: the store's message
    };

signals:
    // After each page: keys read so far and hits listed so far.
    void progress(long long scanned, long long found);
    // The search ended: cancelled by the user, or capped at maxResults(); errorText() is set
    // when a read failed.
    void finished(bool cancelled, bool capped);

public:
    // For the worker's delivery, on the GUI thread: a page's progress of the search started as
    // generation (dropped when that search was cancelled or replaced).
    void deliver(quint64 generation, Progress progress);

private:
    std::shared_ptr<AsyncKVStore> m_store;
    KeySearchResultModel *m_results;             // Owned (child).
    std::shared_ptr<std::atomic<bool>> m_cancel; // the running worker's stop flag
    std::function<void(int)> m_beforePage;
    quint64 m_generation = 0; // a delivery of an older search is dropped
    bool m_running = false;
    long long m_scanned = 0;
    int m_maxResults = 10000;
    int m_pageSize = kDefaultPageSize;
    QString m_error;
};

} // namespace kvs::ui
