#pragma once

#include <kvs/async_kvstore.h>

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace kvs::ui {

// What a search's worker is given whatever it searches (a search's own job derives from it and
// adds its query). Thread rule: the worker's own copy; only the stop flag is shared with the
// controller.
struct SearchJob
{
    std::shared_ptr<AsyncKVStore> store;
    int pageSize = 1;
    int maxResults = 1;
    std::function<void(int)> beforePage;
    std::shared_ptr<std::atomic<bool>> stop;
    quint64 generation = 0; // what its deliveries are checked against

    // On the worker before page number page is read: runs the test hook, then says whether the
    // search was cancelled (the controller reports the cancel itself).
    bool stopsBefore(int page) const
    {
        if (beforePage)
            beforePage(page);
        return stop->load();
    }
};

// How a page a worker delivers ends the search, if it does (a search's Progress derives from
// it and adds its hits and counts).
struct SearchPageEnd
{
    bool done = false;
    bool capped = false;
    QString error; // a read failed: the store's message
};

// The running of a search, which the key search and the value search share: a worker on a
// search thread (search_worker.h) that reads page by page, stopped by cancel() after the page
// being read (never waited for here), each start() a new generation so that what a cancelled
// or replaced search still delivers is dropped, and finished() at the end. The derived
// controller says what is read and keeps the results. Thread rule: GUI thread only.
class SearchController : public QObject
{
    Q_OBJECT

public:
    // Cancels a running search; its worker ends after its page without waiting here.
    ~SearchController() override;

    void setStore(std::shared_ptr<AsyncKVStore> store);
    bool hasStore() const { return m_store != nullptr; }
    std::shared_ptr<AsyncKVStore> store() const { return m_store; }

    // Stops the running search after the page being read; finished() follows at once.
    void cancel();
    bool isRunning() const { return m_running; }
    // Why the last start() failed, or why the last search stopped early (a read error).
    QString errorText() const { return m_error; }

    void setMaxResults(int maxResults) { m_maxResults = maxResults; }
    int maxResults() const { return m_maxResults; }
    void setPageSize(int pageSize) { m_pageSize = pageSize; }
    int pageSize() const { return m_pageSize; }
    // For tests: runs on the worker before page number n (from 0) is read.
    void setBeforePageHook(std::function<void(int page)> hook) { m_beforePage = std::move(hook); }

signals:
    // The search ended: cancelled by the user, or capped at maxResults(); errorText() is set
    // when a read failed.
    void finished(bool cancelled, bool capped);

protected:
    SearchController(int pageSize, QObject *parent);

    // start()'s first step: cancels a search still running and forgets the last error.
    void reset();
    // start() starts nothing because of error: sets errorText(), returns false.
    bool refuse(QString error);
    // start() starts a search: a new generation, running from now, its pages at most
    // maxPageSize long. Run the job with runSearch() (search_worker.h).
    SearchJob begin(int maxPageSize);
    // deliver()'s first step: whether a page of generation is still wanted.
    bool accepts(quint64 generation) const { return generation == m_generation && m_running; }
    // deliver()'s last step, once the page is shown: ends the search when it was the last.
    void endIfDone(const SearchPageEnd &page);

private:
    std::shared_ptr<AsyncKVStore> m_store;
    std::shared_ptr<std::atomic<bool>> m_stop; // the running worker's stop flag
    std::function<void(int)> m_beforePage;
    quint64 m_generation = 0; // a delivery of an older search is dropped
    bool m_running = false;
    int m_maxResults = 10000;
    int m_pageSize;
    QString m_error;
};

} // namespace kvs::ui
