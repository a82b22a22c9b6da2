#pragma once

#include "watch/live_feed.h"

#include <QWidget>

#include <functional>

class QAction;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableView;

namespace kvs::ui {

class MessageBanner;
class WatchController;

// The Watch tab of a database: keys and prefixes typed as literals (a prefix watches its subtree,
// up to a limit of keys), the entries they hold now, and below them the history of every change
// any process commits: time, key, set / deleted / expired, the old and new value with the part
// that differs marked, the version. Pause, clear (asks first) and export the history as JSON
// lines. Nothing here reads the database: the controller's feed does, off the GUI thread.
// Thread rule: GUI thread only.
class WatchPane : public QWidget
{
    Q_OBJECT

public:
    explicit WatchPane(QWidget *parent = nullptr);

    WatchController *controller() const { return m_controller; }
    // The database to watch (opened at the first target).
    void setSource(FeedSource source);

    QLineEdit *keyEdit() const { return m_keyEdit; }
    QPushButton *watchKeyButton() const { return m_watchKey; }
    QPushButton *watchPrefixButton() const { return m_watchPrefix; }
    QListWidget *targetList() const { return m_targets; }
    QTableView *entriesView() const { return m_entriesView; }
    QTableView *historyView() const { return m_historyView; }
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

private:
    void updateInput();
    void updateTargets();
    void updateStatus();

    WatchController *m_controller; // Owned (child).
    QLineEdit *m_keyEdit;          // Owned.
    QLabel *m_keyError;            // Owned.
    QPushButton *m_watchKey;       // Owned.
    QPushButton *m_watchPrefix;    // Owned.
    QSpinBox *m_limit;             // Owned.
    QListWidget *m_targets;        // Owned.
    QPushButton *m_remove;         // Owned.
    MessageBanner *m_banner;       // Owned.
    QTableView *m_entriesView;     // Owned.
    QTableView *m_historyView;     // Owned.
    QAction *m_pause;              // Owned.
    QAction *m_clear;              // Owned.
    QAction *m_export;             // Owned.
    QLabel *m_status;              // Owned.
    QString m_probe;
    std::function<bool(const QString &)> m_confirm;
    std::function<QString()> m_choosePath;
};

} // namespace kvs::ui
