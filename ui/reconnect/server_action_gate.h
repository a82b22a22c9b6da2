#pragma once

#include "reconnect/reconnect_monitor.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <vector>

class QAction;
class QActionGroup;
class QWidget;

namespace kvs::ui {

// Switches off, while the tab's database cannot be reached (ReconnectMonitor offline), the
// actions and buttons that need it (writes, refreshes, running SQL), with a tooltip that says
// why; when it is back each returns to the state its owner wants. Actions go into a disabled
// QActionGroup of the gate's (Qt keeps each action's own state and restores it), a widget that
// holds others (a tool bar, a bar of buttons) is switched off as a whole (Qt restores each
// child's own state); a single button is switched off itself, and its owner switching it on
// meanwhile is heard and kept for later (switching it off, Qt does not tell: a button that
// should stay off comes back on until its owner's next update, so prefer the bar it sits in).
// Thread rule: GUI thread only.
class ServerActionGate : public QObject
{
    Q_OBJECT

public:
    // monitor: not owned; it outlives the gate.
    explicit ServerActionGate(ReconnectMonitor *monitor, QObject *parent = nullptr);
    ~ServerActionGate() override;

    // Not owned: each may go first. A widget holding others (a tool bar) gates them all.
    void add(QAction *action);
    void add(QWidget *widget);

    bool isClosed() const { return m_closed; }
    // The tooltip the gated items show while closed.
    QString closedToolTip() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Item
    {
        QPointer<QAction> action;
        QPointer<QWidget> widget;
        bool wanted = true;   // the owner's enabled state
        QString toolTip;      // the owner's tooltip
        QString shownToolTip; // ours, while closed
    };

    void setClosed(bool closed);
    void close(Item &item);
    void open(Item &item);
    Item *find(QObject *object);

    QPointer<ReconnectMonitor> m_monitor; // Not owned.
    QActionGroup *m_actions;              // Owned (child): disabled while closed.
    std::vector<Item> m_items;
    bool m_closed = false;
    bool m_changing = false; // the gate itself switches an item: not the owner's wish
};

} // namespace kvs::ui
