#pragma once

#include "watch/live_feed.h"

#include <QWidget>

class QPushButton;
class QSpinBox;
class QTabWidget;

namespace kvs::ui {

class WatchController;
class WatchPane;

// The Watch tab of a database: watch panes side by side as inner tabs, each with its own keys and
// prefixes, entries, history, pause, clear and export, named after its targets, closable; "New
// pane" adds one. One WatchController serves them all with a single feed, so that the database
// is probed once however many panes there are; the limit of keys per watched prefix is the
// tab's. There is always at least one pane. Thread rule: GUI thread only.
class WatchTab : public QWidget
{
    Q_OBJECT

public:
    explicit WatchTab(QWidget *parent = nullptr);

    WatchController *controller() const { return m_controller; }
    // The database to watch (opened at the first target of any pane).
    void setSource(FeedSource source);

    int paneCount() const;
    WatchPane *pane(int index) const;
    WatchPane *currentPane() const;
    // Adds an empty pane and shows it. Returns it (owned by the tab).
    WatchPane *newPane();
    // Closes the pane at index (its targets leave the feed); the last one is replaced by an
    // empty pane.
    void closePane(int index);

    QPushButton *newPaneButton() const { return m_newPane; }
    QSpinBox *limitBox() const { return m_limit; }
    QTabWidget *paneTabs() const { return m_panes; }

private:
    WatchController *m_controller; // Owned (child).
    QTabWidget *m_panes;           // Owned.
    QPushButton *m_newPane;        // Owned.
    QSpinBox *m_limit;             // Owned.
};

} // namespace kvs::ui
