#pragma once

#include "tree/key_tree_model.h"

#include <QFuture>
#include <QObject>
#include <QPersistentModelIndex>
#include <QTimer>

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

class QTreeView;

namespace kvs::ui {

// The key tree following commits it did not make (other processes, other tabs, the CLI): after
// databaseChanged() (the live feed's probe moved; nothing is asked while the database is idle),
// the rows read so far of the root and of every expanded node the view shows are read again on
// the store's worker, page by page (only as far as they were read, between "go to key"
// placeholders), and merged into the model in place (KeyTreeMerge): no reset,
// so expansion, selection, current row and scroll position stay. One run at a time: a commit
// during a run asks for one more run after it, a short while later. A node collapsed meanwhile
// is read again when it is next expanded. The current row (and its ancestors) is never removed
// under the user: it goes once the current row moves. Never writes.
// Thread rule: GUI thread only.
class KeyTreeLiveRefresh : public QObject
{
    Q_OBJECT

public:
    // The pause between a run and the one a commit during it asked for.
    static constexpr std::chrono::milliseconds kRerunDelay{100};

    // Not owned: model and view outlive this object (the same pane's). Without a view (null),
    // the root's rows only: a model shown flat.
    KeyTreeLiveRefresh(KeyTreeModel *model, QTreeView *view, QObject *parent = nullptr);
    ~KeyTreeLiveRefresh() override;

    // Something was committed to the database: re-read what is shown.
    void databaseChanged();
    // Stops the run in flight (its pages are dropped); a later databaseChanged() starts anew.
    void cancel();
    bool isRunning() const { return m_running; }
    // Listings sent since construction (tests, and the note's measurements).
    int pagesRead() const { return m_pagesRead; }

signals:
    // A run ended with nothing left to do (tests wait for it).
    void idle();

private:
    // One node to read again.
    struct Job
    {
        QPersistentModelIndex node; // invalid for the root
        bool root = false;
        std::vector<KeyTreeModel::LoadedSpan> spans;
        std::size_t span = 0;
        std::optional<std::string> cursor; // of the span's next page
        std::optional<std::string> after;  // the span's rows up to this one are merged
    };

    void requestRun();
    void startRun();
    void startJob();
    void readPage();
    void receivePage(std::uint64_t generation, QFuture<ChildrenPage> done);
    void finishJob();
    void finishRun();
    QModelIndex indexOf(const Job &job) const;
    bool visible(const QModelIndex &index) const;
    std::string keptKey() const;

    KeyTreeModel *m_model;                         // Not owned.
    QTreeView *m_view;                             // Not owned; may be null.
    std::vector<QPersistentModelIndex> m_expanded; // As the view's signals said.
    std::vector<QPersistentModelIndex> m_held;     // Nodes that kept the current row.
    std::deque<Job> m_jobs;
    QFuture<ChildrenPage> m_inFlight;
    QTimer m_rerun;
    std::uint64_t m_generation = 0; // Bumped by cancel(): older pages are dropped.
    bool m_running = false;
    bool m_pending = false;
    int m_pagesRead = 0;
};

} // namespace kvs::ui
