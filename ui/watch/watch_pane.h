#pragma once

#include "watch/live_feed.h"

#include <QPointer>
#include <QWidget>

#include <functional>

class QAction;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTableView;

namespace kvs::ui {

class MessageBanner;
class WatchController;
class WatchDetailPane;
class WatchPaneController;

// One pane of the Watch tab: keys and prefixes typed as literals (a prefix watches its subtree,
// up to the tab's limit of keys), the entries they hold now, and below them the history of every
// change any process commits: time, key, set / deleted / expired, the old and new value with the
// part that differs marked, the version; under both, the selected row's values whole. Columns
// are as wide as what they show (ColumnFitter). Pause, clear (asks first) and export the history as
// JSON lines. Nothing here reads the database: the tab's WatchController does, with one feed
// for every pane, off the GUI thread. Thread rule: GUI thread only.
class WatchPane : public QWidget
{
    Q_OBJECT

public:
    // Adds a pane to watch (not owned; it outlives this pane); the pane's controller is removed
    // from it when this pane goes.
    explicit WatchPane(WatchController *watch, QWidget *parent = nullptr);
    ~WatchPane() override;

    WatchPaneController *controller() const { return m_controller; }
    // The pane's name: its targets ("New pane" while it has none), elided.
    QString title() const;

    QLineEdit *keyEdit() const { return m_keyEdit; }
    QPushButton *watchKeyButton() const { return m_watchKey; }
    QPushButton *watchPrefixButton() const { return m_watchPrefix; }
    QPushButton *removeButton() const { return m_remove; }
    QListWidget *targetList() const { return m_targets; }
    QTableView *entriesView() const { return m_entriesView; }
    QTableView *historyView() const { return m_historyView; }
    // The selected row of either table, whole.
    WatchDetailPane *detailPane() const { return m_detail; }
    QAction *pauseAction() const { return m_pause; }
    QLabel *statusLabel() const { return m_status; }
    QString bannerText() const;

    // Asks the user (a question box by default); tests replace it.
    void setConfirm(std::function<bool(const QString &question)> confirm)
    {
        m_confirm = std::move(confirm);
    }
    // Chooses the export file (a file dialog by default; empty: cancelled); tests replace it.
    void setChooseExportPath(std::function<QString()> choose) { m_choosePath = std::move(choose); }

    // The actions of the buttons, for tests and shortcuts.
    void watchTypedKey(bool asPrefix);
    void clearHistory();
    void exportHistory();

signals:
    void titleChanged(const QString &title);

private:
    void updateInput();
    void updateTargets();
    void updateStatus();

    QPointer<WatchController> m_watch; // Not owned (it may go first, with the tab).
    WatchPaneController *m_controller; // Owned by m_watch.
    QLineEdit *m_keyEdit;              // Owned.
    QLabel *m_keyError;                // Owned.
    QPushButton *m_watchKey;           // Owned.
    QPushButton *m_watchPrefix;        // Owned.
    QListWidget *m_targets;            // Owned.
    QPushButton *m_remove;             // Owned.
    MessageBanner *m_banner;           // Owned.
    QTableView *m_entriesView;         // Owned.
    QTableView *m_historyView;         // Owned.
    WatchDetailPane *m_detail;         // Owned.
    QAction *m_pause;                  // Owned.
    QAction *m_clear;                  // Owned.
    QAction *m_export;                 // Owned.
    QLabel *m_status;                  // Owned.
    QString m_probe;
    QString m_refusal; // why a prefix of this pane is not watched
    std::function<bool(const QString &)> m_confirm;
    std::function<QString()> m_choosePath;
};

} // namespace kvs::ui
