#include "tree/key_path_finder.h"

#include "tree/key_tree_model.h"

#include <kvs/literal.h>

namespace kvs::ui {

KeyPathFinder::KeyPathFinder(KeyTreeModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
{
    connect(m_model->loader(), &KeyTreeLoader::pageLoaded, this, &KeyPathFinder::onPageLoaded);
    connect(m_model->loader(), &KeyTreeLoader::seekFinished, this, &KeyPathFinder::onSeekFinished);
    connect(m_model, &KeyTreeModel::modelReset, this, [this] {
        // The levels found are gone, or the store a pending find waited for has come: start
        // over from the root.
        if (m_active)
            find(m_key);
    });
    connect(m_model->loader(), &KeyTreeLoader::loadFailed, this, [this](const QString &message) {
        if (!m_active)
            return;
        m_active = false;
        emit finished({}, message);
    });
}

void KeyPathFinder::find(const Key &key)
{
    m_key = key;
    m_depth = 0;
    m_pages = 0;
    m_parent = QModelIndex();
    m_active = true;
    const Key &prefix = m_model->filter().prefix;
    if (key.size() <= prefix.size() || !std::equal(prefix.begin(), prefix.end(), key.begin())) {
        m_active = false;
        emit finished({}, tr("The key is outside the tree's prefix filter."));
        return;
    }
    m_depth = prefix.size();
    step();
}

void KeyPathFinder::cancel()
{
    m_active = false;
}

void KeyPathFinder::step()
{
    if (!m_model->loader()->hasStore())
        return; // the database is still opening: modelReset() brings its store
    while (m_active) {
        Key path(m_key.begin(), m_key.begin() + static_cast<std::ptrdiff_t>(m_depth + 1));
        const QModelIndex found = m_model->findChild(m_parent, encodeKey(path));
        if (found.isValid()) {
            ++m_depth;
            m_pages = 0;
            if (m_depth == m_key.size()) {
                m_active = false;
                emit finished(found, {});
                return;
            }
            emit levelFound(found);
            m_parent = found;
            continue;
        }
        if (m_model->loader()->loadingCount() > 0)
            return; // a page is on its way; onPageLoaded() continues
        if (m_model->rowCount(m_parent) == 0 && m_model->canFetchMore(m_parent)) {
            // A level never read starts with its first page: a small node needs no more, and
            // no placeholder then stands before its first rows.
            ++m_pages;
            m_model->fetchMore(m_parent);
            return;
        }
        if (m_model->covers(m_parent, path)) {
            m_active = false;
            emit finished(
                {},
                tr("No key %1 in the tree.").arg(QString::fromStdString(printKeyLiteral(path))));
            return;
        }
        // Straight to the key: the siblings before it stay unread behind a placeholder row.
        if (m_model->loader()->seekChild(m_parent, path))
            return; // onSeekFinished() continues
        // A reverse tree reads its pages in order.
        if (m_pages >= kMaxPages) {
            m_active = false;
            emit finished({},
                          tr("Not within the first %1 pages of children; narrow the tree with "
                             "the prefix or start filter.")
                              .arg(kMaxPages));
            return;
        }
        ++m_pages;
        m_model->loader()->fetchNextPage(m_parent);
        return;
    }
}

void KeyPathFinder::onPageLoaded(const QModelIndex &)
{
    if (m_active)
        step();
}

void KeyPathFinder::onSeekFinished(bool found)
{
    if (!m_active)
        return;
    if (found) {
        step();
        return;
    }
    m_active = false;
    const Key path(m_key.begin(), m_key.begin() + static_cast<std::ptrdiff_t>(m_depth + 1));
    emit finished({},
                  tr("No key %1 in the tree.").arg(QString::fromStdString(printKeyLiteral(path))));
}

} // namespace kvs::ui
