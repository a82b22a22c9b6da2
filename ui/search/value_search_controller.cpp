#include "search/value_search_controller.h"

#include "search/search_worker.h"
#include "search/value_search_result_model.h"

#include <kvs/value_search.h>

#include <QtConcurrent>

#include <algorithm>
#include <exception>

namespace kvs::ui {

namespace {

using Delivery = SearchDelivery<ValueSearchController, ValueSearchController::Progress>;

struct ValueScanJob
{
    std::shared_ptr<AsyncKVStore> store;
    ValueSearchRequest request;
    int pageSize;
    int maxResults;
    std::function<void(int)> beforePage;
    std::shared_ptr<std::atomic<bool>> cancel;
};

// On a search thread: the engine's pages until the end, the cap, cancel or an error.
void scanValues(const ValueScanJob &job, const Delivery &deliver)
{
    ValueSearchController::Progress failure;
    failure.done = true;
    try {
        const ValueHitMaker maker(job.request);
        ValueSearchOptions options;
        options.limit = job.maxResults;
        options.pageSize = job.pageSize;
        ValueSearch search(*job.store, job.request.engineQuery(), options);
        for (int page = 0;; ++page) {
            if (job.beforePage)
                job.beforePage(page);
            if (job.cancel->load())
                return; // the controller reports the cancel itself
            ValueSearchPage read = search.next();
            failure.counts = read.counts;
            ValueSearchController::Progress progress;
            progress.hits.reserve(read.matches.size());
            for (ValueMatch &match : read.matches)
                progress.hits.push_back(maker.make(std::move(match)));
            progress.counts = read.counts;
            progress.done = read.done;
            progress.capped = read.limitReached;
            deliver(std::move(progress));
            if (read.done)
                return;
        }
    } catch (const std::exception &error) {
        failure.error = QString::fromUtf8(error.what());
        deliver(std::move(failure));
    }
}

} // namespace

ValueSearchController::ValueSearchController(QObject *parent)
    : QObject(parent)
    , m_results(new ValueSearchResultModel(this))
{}

ValueSearchController::~ValueSearchController()
{
    if (m_cancel)
        m_cancel->store(true);
}

void ValueSearchController::setStore(std::shared_ptr<AsyncKVStore> store)
{
    if (store == m_store)
        return;
    cancel();
    m_store = std::move(store);
}

bool ValueSearchController::start(const ValueSearchRequest &request)
{
    cancel();
    m_results->clear();
    m_error.clear();
    m_counts = {};
    m_request = request;
    m_error = request.problem();
    if (!m_error.isEmpty())
        return false;
    if (!m_store) {
        m_error = tr("The database is not open.");
        return false;
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    ValueScanJob job{m_store,
                     request,
                     std::max(1, m_pageSize),
                     std::max(1, m_maxResults),
                     m_beforePage,
                     m_cancel};
    Delivery delivery(this, ++m_generation);
    (void)QtConcurrent::run(&searchPool(),
                            [job = std::move(job), delivery] { scanValues(job, delivery); });
    return true;
}

void ValueSearchController::cancel()
{
    if (!m_running)
        return;
    m_cancel->store(true);
    ++m_generation; // what the worker still sends is dropped
    m_running = false;
    emit finished(true, false);
}

void ValueSearchController::deliver(quint64 generation, Progress progress)
{
    if (generation != m_generation || !m_running)
        return;
    m_counts = progress.counts;
    m_results->append(std::move(progress.hits));
    emit this->progress();
    if (!progress.done)
        return;
    m_running = false;
    m_error = progress.error;
    emit finished(false, progress.capped);
}

} // namespace kvs::ui
