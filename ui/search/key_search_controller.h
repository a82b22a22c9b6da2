#pragma once

#include "search/key_search_hit.h"
#include "search/key_search_query.h"
#include "search/search_controller.h"

namespace kvs::ui {

class KeySearchResultModel;

// Runs a key search: reads the keys under the query's prefix in key order, in list() pages (one
// short read each, no transaction held between them), on a worker thread, and appends the keys
// that match to results() as each page is done. Stops at the end, at maxResults() hits (capped),
// on cancel() (after the page being read) or on a read error (SearchController runs it).
// Thread rule: GUI thread only.
class KeySearchController : public SearchController
{
    Q_OBJECT

public:
    // Keys read per list() page by default (setPageSize(): at most 1000, list()'s cap).
    static constexpr int kDefaultPageSize = 1000;

    explicit KeySearchController(QObject *parent = nullptr);

    KeySearchResultModel *results() const { return m_results; }

    // Clears the results and starts query (cancelling a search still running). Returns false,
    // starting nothing, when the query is invalid (errorText() says why: a bad regular
    // expression) or there is no store.
    bool start(const KeySearchQuery &query);
    long long scanned() const { return m_scanned; }

    // What a page of the worker brings (public for the worker's delivery).
    struct Progress : SearchPageEnd
    {
        KeySearchHits hits;
        long long scanned = 0; // keys read so far, in total
    };

signals:
    // After each page: keys read so far and hits listed so far.
    void progress(long long scanned, long long found);

public:
    // For the worker's delivery, on the GUI thread: a page's progress of the search started as
    // generation (dropped when that search was cancelled or replaced).
    void deliver(quint64 generation, Progress progress);

private:
    KeySearchResultModel *m_results; // Owned (child).
    long long m_scanned = 0;
};

} // namespace kvs::ui
