#include "search/search_controller.h"

#include <algorithm>

namespace kvs::ui {

SearchController::SearchController(int pageSize, QObject *parent)
    : QObject(parent)
    , m_pageSize(pageSize)
{}

SearchController::~SearchController()
{
    if (m_stop)
        m_stop->store(true);
}

void SearchController::setStore(std::shared_ptr<AsyncKVStore> store)
{
    if (store == m_store)
        return;
    cancel();
    m_store = std::move(store);
}

void SearchController::cancel()
{
    if (!m_running)
        return;
    m_stop->store(true);
    ++m_generation; // what the worker still sends is dropped
    m_running = false;
    emit finished(true, false);
}

void SearchController::reset()
{
    cancel();
    m_error.clear();
}

bool SearchController::refuse(QString error)
{
    m_error = std::move(error);
    return false;
}

SearchJob SearchController::begin(int maxPageSize)
{
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    SearchJob job;
    job.store = m_store;
    job.pageSize = std::clamp(m_pageSize, 1, maxPageSize);
    job.maxResults = std::max(1, m_maxResults);
    job.beforePage = m_beforePage;
    job.stop = m_stop;
    job.generation = ++m_generation;
    return job;
}

void SearchController::endIfDone(const SearchPageEnd &page)
{
    if (!page.done)
        return;
    m_running = false;
    m_error = page.error;
    emit finished(false, page.capped);
}

} // namespace kvs::ui
