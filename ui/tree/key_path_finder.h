#pragma once

#include <kvs/key.h>

#include <QModelIndex>
#include <QObject>

namespace kvs::ui {

class KeyTreeModel;

// "Go to key": walks a KeyTreeModel down to a key, one level at a time. Where a level's rows
// read so far do not reach the next part, its loader seeks to it (KeyTreeLoader::seekChild): one
// page from that part on, the siblings before it left unread behind a placeholder row, so a
// node with a million children costs one page, and a missing key says so at once. A reverse
// tree pages in order instead (at most kMaxPages pages per level). Never blocks: it waits for
// the loader's pageLoaded and seekFinished signals, and for a store when it has none yet.
// A new find() replaces the running one.
// Thread rule: GUI thread only.
class KeyPathFinder : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMaxPages = 50;

    explicit KeyPathFinder(KeyTreeModel *model, QObject *parent = nullptr);
    void find(const Key &key);
    void cancel();

signals:
    // Each level found on the way (the view expands it).
    void levelFound(const QModelIndex &index);
    void finished(const QModelIndex &found, const QString &message);

private:
    void step();
    void onPageLoaded(const QModelIndex &parent);
    void onSeekFinished(bool found);

    KeyTreeModel *m_model; // Not owned.
    Key m_key;
    std::size_t m_depth = 0;        // Parts of m_key found so far.
    QPersistentModelIndex m_parent; // The level being searched.
    int m_pages = 0;                // Pages fetched at this level.
    bool m_active = false;
};

} // namespace kvs::ui
