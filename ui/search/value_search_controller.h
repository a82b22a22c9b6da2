#pragma once

#include "search/search_controller.h"
#include "search/value_search_hit.h"
#include "search/value_search_query.h"

namespace kvs::ui {

class ValueSearchResultModel;

// Runs a value search (kvs/value_search.h, the engine of `kvs find`) on a search thread: the
// engine's pages (each one short read) in key order, each page's matches appended to results()
// as it is done, with the counts of rows scanned, matched and undecodable. A page holds at most
// pageSize() matches, so a batch that reaches the GUI thread is small (the first one comes
// early when matches are dense). Stops at the end, at maxResults() matches, on cancel() (after
// the page being read) or on a read error (SearchController runs it). Thread rule: GUI thread
// only.
class ValueSearchController : public SearchController
{
    Q_OBJECT

public:
    // Matches per page: small enough that the first page of dense matches is read, decoded and
    // listed quickly, large enough that a sparse search is few statements (the engine widens
    // the rows a statement reads past while few of them match).
    static constexpr int kDefaultPageSize = 200;

    explicit ValueSearchController(QObject *parent = nullptr);

    ValueSearchResultModel *results() const { return m_results; }

    // Clears the results and starts request (cancelling a search still running). Returns false,
    // starting nothing, when the request is invalid (errorText() says why) or there is no store.
    bool start(const ValueSearchRequest &request);
    // The request of the last search started.
    const ValueSearchRequest &request() const { return m_request; }
    const ValueSearchCounts &counts() const { return m_counts; }

    // What a page of the worker brings (public for the worker's delivery).
    struct Progress : SearchPageEnd
    {
        ValueSearchHits hits;
        ValueSearchCounts counts;
    };
    // For the worker's delivery, on the GUI thread (dropped when that search was cancelled or
    // replaced).
    void deliver(quint64 generation, Progress progress);

signals:
    // After each page: the counts so far (results() holds the matches).
    void progress();

private:
    ValueSearchResultModel *m_results; // Owned (child).
    ValueSearchRequest m_request;
    ValueSearchCounts m_counts;
};

} // namespace kvs::ui
