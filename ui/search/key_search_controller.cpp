#include "search/key_search_controller.h"

#include "search/key_search_result_model.h"
#include "search/search_worker.h"

#include <kvs/list_rows.h>
#include <kvs/literal.h>

#include <exception>

namespace kvs::ui {

namespace {

using Delivery = SearchDelivery<KeySearchController, KeySearchController::Progress>;

struct ScanJob : SearchJob
{
    KeyMatcher matcher;
    Key prefix;
};

// On a search thread: the pages of the prefix in key order until the end, the cap or cancel.
void scan(const ScanJob &job, const Delivery &deliver)
{
    ListSelector selector;
    selector.prefix = job.prefix;
    ListOptions options;
    options.limit = job.pageSize;
    long long scanned = 0;
    long long found = 0;
    for (int page = 0;; ++page) {
        if (job.stopsBefore(page))
            return;
        KeySearchController::Progress progress;
        ListRowsResult rows;
        try {
            rows = listRows(*job.store, selector, options);
        } catch (const std::exception &error) {
            progress.scanned = scanned;
            progress.done = true;
            progress.error = QString::fromStdString(error.what());
            deliver(std::move(progress));
            return;
        }
        for (const Entry &entry : rows.entries) {
            ++scanned;
            const auto part = job.matcher.matchingPart(entry.key, job.prefix.size());
            if (!part)
                continue;
            progress.hits.push_back({entry.key,
                                     QString::fromStdString(printKeyLiteral(entry.key)),
                                     KeyMatcher::partText(entry.key[*part])});
            if (++found >= job.maxResults) {
                progress.capped = true;
                break;
            }
        }
        scanned += static_cast<long long>(rows.undecodable.size());
        progress.scanned = scanned;
        progress.done = progress.capped || !rows.cursor;
        const bool done = progress.done;
        deliver(std::move(progress));
        if (done)
            return;
        options.cursor = rows.cursor;
    }
}

} // namespace

KeySearchController::KeySearchController(QObject *parent)
    : SearchController(kDefaultPageSize, parent)
    , m_results(new KeySearchResultModel(this))
{}

bool KeySearchController::start(const KeySearchQuery &query)
{
    reset();
    m_results->clear();
    m_scanned = 0;
    KeyMatcher matcher(query);
    if (!matcher.isValid())
        return refuse(matcher.errorText());
    if (!hasStore())
        return refuse(tr("The database is not open."));
    runSearch(this, ScanJob{begin(1000), std::move(matcher), query.prefix}, scan);
    return true;
}

void KeySearchController::deliver(quint64 generation, Progress progress)
{
    if (!accepts(generation))
        return;
    m_scanned = progress.scanned;
    m_results->append(std::move(progress.hits));
    emit this->progress(m_scanned, m_results->rowCount());
    endIfDone(progress);
}

} // namespace kvs::ui
