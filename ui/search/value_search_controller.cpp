#include "search/value_search_controller.h"

#include "search/search_worker.h"
#include "search/value_search_result_model.h"

#include <kvs/value_search.h>

#include <exception>
#include <limits>

namespace kvs::ui {

namespace {

using Delivery = SearchDelivery<ValueSearchController, ValueSearchController::Progress>;

struct ValueScanJob : SearchJob
{
    ValueSearchRequest request;
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
            if (job.stopsBefore(page))
                return;
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
    : SearchController(kDefaultPageSize, parent)
    , m_results(new ValueSearchResultModel(this))
{}

bool ValueSearchController::start(const ValueSearchRequest &request)
{
    reset();
    m_results->clear();
    m_counts = {};
    m_request = request;
    if (QString problem = request.problem(); !problem.isEmpty())
        return refuse(std::move(problem));
    if (!hasStore())
        return refuse(tr("The database is not open."));
    runSearch(this, ValueScanJob{begin(std::numeric_limits<int>::max()), request}, scanValues);
    return true;
}

void ValueSearchController::deliver(quint64 generation, Progress progress)
{
    if (!accepts(generation))
        return;
    m_counts = progress.counts;
    m_results->append(std::move(progress.hits));
    emit this->progress();
    endIfDone(progress);
}

} // namespace kvs::ui
