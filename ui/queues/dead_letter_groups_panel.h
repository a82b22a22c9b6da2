#pragma once

#include <kvs/async_kvstore.h>

#include <QWidget>

#include <atomic>
#include <memory>
#include <string>

class QLabel;
class QPushButton;
class QTableView;
class QTimer;

namespace kvs::ui {

class DeadLetterGroupsModel;
struct GroupingOutcome;

// The selected topic's dead letters grouped by what went wrong (their last error's signature,
// kvs/error_signature.h), above the Queues view's message browser: signature, id, count, share,
// first and last failure, attempts, an example. The grouping reads every dead letter of the
// topic on a worker thread (groupDeadLetters: pages of listDead(), nothing written), with
// progress and Cancel. Choosing a group asks the pane to filter the browser to it; its Retry and
// Delete ask the pane to run the existing bulk jobs on that filter. Thread rule: GUI thread only.
class DeadLetterGroupsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DeadLetterGroupsPanel(QWidget *parent = nullptr);
    ~DeadLetterGroupsPanel() override;

    // Groups topic's dead letters of store (a grouping in flight is cancelled first); a null
    // store or an empty topic clears the list.
    void load(std::shared_ptr<AsyncKVStore> store, std::string topic);
    // Groups the same topic again (after a retry or delete).
    void reload();
    void cancel();
    bool isLoading() const { return m_loading; }
    // Whether the Retry and Delete buttons may act (a writable store, no job running).
    void setActionsEnabled(bool enabled);
    // The chosen group's signature id, empty for none. Kept while the same topic is grouped
    // again (chosen again when the group is still there; otherwise none, and groupChosen("")).
    QString chosenSignature() const { return m_chosen; }

    DeadLetterGroupsModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QPushButton *retryButton() const { return m_retry; }
    QPushButton *deleteButton() const { return m_delete; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *statusLabel() const { return m_status; }

signals:
    // A group was chosen (id and text of its signature), or none (empty id).
    void groupChosen(const QString &signatureId, const QString &signatureText);
    void retryRequested();
    void deleteRequested();
    // A grouping finished: the groups are in the model (error: why it failed; cancelled).
    void loaded(bool cancelled, const QString &error);

private:
    void finish(std::uint64_t generation, const GroupingOutcome &outcome);
    void updateButtons();
    // After a reload: selects the chosen group again, or chooses none when it is gone.
    void rechoose();

    // What a grouping in flight shares with its worker thread.
    struct Running
    {
        std::atomic_bool cancel{false};
        std::atomic<std::int64_t> scanned{0};
    };

    DeadLetterGroupsModel *m_model; // Owned (child).
    QTableView *m_view;             // Owned.
    QLabel *m_status;               // Owned.
    QPushButton *m_refresh;         // Owned.
    QPushButton *m_cancel;          // Owned.
    QPushButton *m_retry;           // Owned.
    QPushButton *m_delete;          // Owned.
    QTimer *m_progress;             // Owned (child): shows the count read while loading.
    std::shared_ptr<AsyncKVStore> m_store;
    std::string m_topic;
    std::shared_ptr<Running> m_running;
    std::uint64_t m_generation = 0; // a new load() drops the result of the old one
    bool m_loading = false;
    bool m_actionsEnabled = false;
    QString m_chosen;
    bool m_quiet = false; // selection changes of our own making choose nothing
};

} // namespace kvs::ui
