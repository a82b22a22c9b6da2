#include "search/key_search_controller.h"

#include "search/key_search_result_model.h"
#include "search/search_worker.h"

#include <kvs/list_rows.h>
#include <kvs/literal.h>

#include <QtConcurrent>

#include <algorithm>
#include <exception>

namespace kvs::ui {

namespace {

using Delivery = SearchDelivery<KeySearchController, KeySearchController::Progress>;

struct ScanJob
{
    std::shared_ptr<AsyncKVStore> store;
    KeyMatcher matcher;
    Key prefix;
    int pageSize;
    int maxResults;
    std::function<void(int)> beforePage;
    std::shared_ptr<std::atomic<bool>> cancel;
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
        if (job.beforePage)
            job.beforePage(page);
        if (job.cancel->load())
            return; // the controller reports the cancel itself
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
    : QObject(parent)
    , m_results(new KeySearchResultModel(this))
{}

KeySearchController::~KeySearchController()
{
    if (m_cancel)
        m_cancel->store(true);
}

void KeySearchController::setStore(std::shared_ptr<AsyncKVStore> store)
{
    if (store == m_store)
        return;
    cancel();
    m_store = std::move(store);
}

bool KeySearchController::start(const KeySearchQuery &query)
{
    cancel();
    m_results->clear();
    m_error.clear();
    m_scanned = 0;
    KeyMatcher matcher(query);
    if (!matcher.isValid()) {
        m_error = matcher.errorText();
        return false;
    }
    if (!m_store) {
        m_error = tr("The database is not open.");
        return false;
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    ScanJob job{m_store,
                std::move(matcher),
                query.prefix,
                std::clamp(m_pageSize, 1, 1000),
                std::max(1, m_maxResults),
                m_beforePage,
                m_cancel};
    Delivery delivery(this, ++m_generation);
    (void)QtConcurrent::run(&searchPool(),
                            [job = std::move(job), delivery] { scan(job, delivery); });
    return true;
}

void KeySearchController::cancel()
{
    if (!m_running)
        return;
    m_cancel->store(true);
    ++m_generation; // what the worker still sends is dropped
    m_running = false;
    emit finished(true, false);
}

void KeySearchController::deliver(quint64 generation, Progress progress)
{
    if (generation != m_generation || !m_running)
        return;
    m_scanned = progress.scanned;
    m_results->append(std::move(progress.hits));
    emit this->progress(m_scanned, m_results->rowCount());
    if (!progress.done)
        return;
    m_running = false;
    m_error = progress.error;
    emit finished(false, progress.capped);
}

} // namespace kvs::ui
