#pragma once

#include "search/value_search_hit.h"
#include "search/value_search_query.h"

#include <kvs/async_kvstore.h>

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace kvs::ui {

class ValueSearchResultModel;

// Runs a value search (kvs/value_search.h, the engine of `kvs find`) on a search thread: the
// engine's pages (each one short read) in key order, each page's matches appended to results()
// as it is done, with the counts of rows scanned, matched and undecodable. A page holds at most
// pageSize() matches, so a batch that reaches the GUI thread is small (the first one comes
// early when matches are dense). Stops at the end, at maxResults() matches, on cancel() (after
// the page being read) or on a read error. Thread rule: GUI thread only.
class ValueSearchController : public QObject
{
    Q_OBJECT

public:
    // Matches per page: small enough that the first page of dense matches is read, decoded and
    // listed quickly, large enough that a sparse search is few statements (the engine widens
    // the rows a statement reads past while few of them match).
    static constexpr int kDefaultPageSize = 200;

    explicit ValueSearchController(QObject *parent = nullptr);
    // Cancels a running search; its worker ends after its page without waiting here.
    ~ValueSearchController() override;

    void setStore(std::shared_ptr<AsyncKVStore> store);
    bool hasStore() const { return m_store != nullptr; }
    std::shared_ptr<AsyncKVStore> store() const { return m_store; }
    ValueSearchResultModel *results() const { return m_results; }

    // Clears the results and starts request (cancelling a search still running). Returns false,
    // starting nothing, when the request is invalid (errorText() says why) or there is no store.
    bool start(const ValueSearchRequest &request);
    // Stops the running search after the page being read; finished() follows at once.
    void cancel();
    bool isRunning() const { return m_running; }
    // The request of the last search started.
    const ValueSearchRequest &request() const { return m_request; }
    QString errorText() const { return m_error; }
    const ValueSearchCounts &counts() const { return m_counts; }

    void setMaxResults(int maxResults) { m_maxResults = maxResults; }
    int maxResults() const { return m_maxResults; }
    void setPageSize(int pageSize) { m_pageSize = pageSize; }
    int pageSize() const { return m_pageSize; }
    // For tests: runs on the worker before page number n (from 0) is read.
    void setBeforePageHook(std::function<void(int page)> hook) { m_beforePage = std::move(hook); }

    // What a page of the worker brings (public for the worker's delivery).
    struct Progress
    {
        ValueSearchHits hits;
        ValueSearchCounts counts;
        bool done = false;
        bool capped = false;
        QString error;
    };
    // For the worker's delivery, on the GUI thread (dropped when that search was cancelled or
    // replaced).
    void deliver(quint64 generation, Progress progress);

signals:
    // After each page: the counts so far (results() holds the matches).
    void progress();
    // The search ended: cancelled by the user, or capped at maxResults(); errorText() is set
    // when a read failed.
    void finished(bool cancelled, bool capped);

private:
    std::shared_ptr<AsyncKVStore> m_store;
    ValueSearchResultModel *m_results; // Owned (child).
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::function<void(int)> m_beforePage;
    ValueSearchRequest m_request;
    ValueSearchCounts m_counts;
    quint64 m_generation = 0;
    bool m_running = false;
    int m_maxResults = 10000;
    int m_pageSize = kDefaultPageSize;
    QString m_error;
};

} // namespace kvs::ui
